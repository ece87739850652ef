//! Divisions: the first split by rating, and each next season's divisions from the last one's
//! final standings (top two up, bottom three down, newcomers to the lowest division).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::record::{PlayerId, index_by_id};

/// The fewest players a division aims for.
pub const DIVISION_MIN: usize = 6;
/// The most players a division holds.
pub const DIVISION_MAX: usize = 10;
/// How many of each division's top players go up a division.
pub const PROMOTED: usize = 2;
/// How many of each division's bottom players go down a division.
pub const RELEGATED: usize = 3;

/// The sizes of the divisions for `players` players, top division first: as few divisions as
/// hold everyone at [`DIVISION_MAX`] players, with sizes as even as possible (differing by one
/// at most, the larger ones at the top). Every division then has 6 to 10 players, except with
/// fewer than 6 players (one division of them all) and with exactly 11 (6 and 5). No division
/// for fewer than 2 players.
pub fn division_sizes(players: usize) -> Vec<usize> {
    if players < 2 {
        return Vec::new();
    }
    let count = players.div_ceil(DIVISION_MAX);
    let (base, extra) = (players / count, players % count);
    (0..count).map(|d| base + usize::from(d < extra)).collect()
}

/// The first season's divisions: the players sorted by rating (highest first, then by id),
/// cut into [`division_sizes`].
pub fn divisions_by_rating<Id: PlayerId>(players: &[(Id, i32)]) -> Vec<Vec<Id>> {
    let mut sorted = players.to_vec();
    sorted.sort_by(|(a, ra), (b, rb)| rb.cmp(ra).then(a.cmp(b)));
    let mut left = sorted.into_iter().map(|(id, _)| id);
    division_sizes(players.len())
        .into_iter()
        .map(|size| left.by_ref().take(size).collect())
        .collect()
}

/// How a player's division changed from one season to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Up one division or more.
    Promoted,
    /// Down one division or more.
    Relegated,
    /// Same division.
    Stayed,
    /// New to the league.
    Joined,
}

/// One player's place in the next season.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement<Id> {
    /// Who.
    pub id: Id,
    /// The division next season (0 for the top).
    pub division: usize,
    /// How it compares with this season.
    pub movement: Movement,
}

/// The next season of a league.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextSeason<Id> {
    /// The divisions, top first.
    pub divisions: Vec<Vec<Id>>,
    /// Every player of the next season, with the division and the movement.
    pub placements: Vec<Placement<Id>>,
}

/// Why a player is where the moves put them, to know whom to move when sizes are evened out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    Down,
    Stayed,
    Up,
    New,
}

/// The next season's divisions.
///
/// `finished` holds this season's divisions, top first, each in final standings order (best
/// first). The top [`PROMOTED`] of each division but the top one go up, the bottom
/// [`RELEGATED`] of each division but the lowest go down, the rest stay. Then the players in
/// `leaving` are taken out and the `newcomers` (with their ratings) join the lowest division,
/// best rated first. Finally the sizes are evened out to [`division_sizes`] from the top down:
/// a division too large sends its lowest player who stayed (or, if none, its lowest player)
/// down, and a division too small takes the best player who stayed in the next division down
/// (or, if none, that division's best player).
pub fn next_season<Id: PlayerId>(
    finished: &[Vec<Id>],
    leaving: &[Id],
    newcomers: &[(Id, i32)],
) -> Result<NextSeason<Id>, TournamentError> {
    let everyone = finished.iter().flatten().copied();
    index_by_id(everyone.chain(newcomers.iter().map(|(id, _)| *id)))?;
    let leaving: HashSet<Id> = leaving.iter().copied().collect();
    let mut moved = apply_moves(finished);
    let mut newcomers = newcomers.to_vec();
    newcomers.sort_by(|(a, ra), (b, rb)| rb.cmp(ra).then(a.cmp(b)));
    if moved.is_empty() {
        moved.push(Vec::new());
    }
    if let Some(lowest) = moved.last_mut() {
        lowest.extend(newcomers.iter().map(|(id, _)| (*id, Origin::New)));
    }
    for division in &mut moved {
        division.retain(|(id, _)| !leaving.contains(id));
    }
    let divisions = even_out(moved);
    let placements = place(finished, &divisions);
    Ok(NextSeason {
        divisions,
        placements,
    })
}

/// Promotions and relegations, before anyone leaves or joins.
fn apply_moves<Id: PlayerId>(finished: &[Vec<Id>]) -> Vec<Vec<(Id, Origin)>> {
    let count = finished.len();
    let mut down: Vec<Vec<Id>> = vec![Vec::new(); count];
    let mut stay: Vec<Vec<Id>> = vec![Vec::new(); count];
    let mut up: Vec<Vec<Id>> = vec![Vec::new(); count];
    for (d, standings) in finished.iter().enumerate() {
        let promoted = if d > 0 {
            PROMOTED.min(standings.len())
        } else {
            0
        };
        let relegated = if d + 1 < count {
            RELEGATED.min(standings.len() - promoted)
        } else {
            0
        };
        let stays = standings.len() - promoted - relegated;
        if d > 0 {
            up[d - 1].extend(&standings[..promoted]);
        }
        stay[d].extend(&standings[promoted..promoted + stays]);
        if d + 1 < count {
            down[d + 1].extend(&standings[promoted + stays..]);
        }
    }
    (0..count)
        .map(|d| {
            let down = down[d].iter().map(|&id| (id, Origin::Down));
            let stay = stay[d].iter().map(|&id| (id, Origin::Stayed));
            let up = up[d].iter().map(|&id| (id, Origin::Up));
            down.chain(stay).chain(up).collect()
        })
        .collect()
}

/// Brings the divisions to [`division_sizes`], moving as few players as the sizes need.
fn even_out<Id: PlayerId>(mut divisions: Vec<Vec<(Id, Origin)>>) -> Vec<Vec<Id>> {
    let total: usize = divisions.iter().map(Vec::len).sum();
    let targets = division_sizes(total);
    if targets.is_empty() {
        return if total == 0 {
            Vec::new()
        } else {
            vec![divisions.concat().into_iter().map(|(id, _)| id).collect()]
        };
    }
    while divisions.len() > targets.len() {
        let lowest = divisions.pop().unwrap_or_default();
        if let Some(above) = divisions.last_mut() {
            above.extend(lowest);
        }
    }
    divisions.resize_with(targets.len(), Vec::new);
    let movable = |origin: &Origin| matches!(origin, Origin::Stayed | Origin::New);
    for d in 0..targets.len() - 1 {
        while divisions[d].len() > targets[d] {
            let at = divisions[d].iter().rposition(|(_, o)| movable(o));
            let at = at.unwrap_or(divisions[d].len() - 1);
            let player = divisions[d].remove(at);
            divisions[d + 1].insert(0, (player.0, Origin::Down));
        }
        while divisions[d].len() < targets[d] {
            let Some(below) = (d + 1..divisions.len()).find(|&k| !divisions[k].is_empty()) else {
                break;
            };
            let at = divisions[below]
                .iter()
                .position(|(_, o)| movable(o))
                .unwrap_or(0);
            let player = divisions[below].remove(at);
            divisions[d].push((player.0, Origin::Up));
        }
    }
    divisions
        .into_iter()
        .map(|division| division.into_iter().map(|(id, _)| id).collect())
        .collect()
}

/// Each player's placement, compared with the finished season.
fn place<Id: PlayerId>(finished: &[Vec<Id>], divisions: &[Vec<Id>]) -> Vec<Placement<Id>> {
    let before = |id: &Id| finished.iter().position(|d| d.contains(id));
    let mut placements = Vec::new();
    for (division, members) in divisions.iter().enumerate() {
        for id in members {
            let movement = match before(id) {
                None => Movement::Joined,
                Some(old) if old > division => Movement::Promoted,
                Some(old) if old < division => Movement::Relegated,
                Some(_) => Movement::Stayed,
            };
            placements.push(Placement {
                id: *id,
                division,
                movement,
            });
        }
    }
    placements
}
