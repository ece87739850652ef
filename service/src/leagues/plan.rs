//! The pure parts of a season: who plays in which division and their schedule at the start,
//! and the move each final place earns at the end (the pure crate's rules,
//! `tapis_tournaments::league`).

use tapis_tournaments::league::{
    Movement, PROMOTED, RELEGATED, ScheduledRound, divisions_by_rating, double_round_robin,
    next_season, suggested_table_rounds, table_schedule,
};
use tapis_tournaments::{TableSizes, TournamentError};
use uuid::Uuid;

/// One division of a season about to start.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PlannedDivision {
    /// The players in seed order, each with how they came to the division.
    pub(super) players: Vec<(Uuid, Arrival)>,
    /// The schedule: every match of every round starts with the season.
    pub(super) rounds: Vec<ScheduledRound<Uuid>>,
}

/// How a player came to their division.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Arrival {
    Joined,
    Promoted,
    Relegated,
    Stayed,
}

impl Arrival {
    /// Its name, as the database and the API write it.
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Arrival::Joined => "joined",
            Arrival::Promoted => "promoted",
            Arrival::Relegated => "relegated",
            Arrival::Stayed => "stayed",
        }
    }
}

/// The move a final place earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Earned {
    Up,
    Down,
    Stay,
}

impl Earned {
    /// Its name, as the database and the API write it.
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Earned::Up => "up",
            Earned::Down => "down",
            Earned::Stay => "stay",
        }
    }
}

/// What a season starts from.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SeasonInput {
    /// The last season's divisions, top first, each in final order (empty for a league's first
    /// season).
    pub(super) previous: Vec<Vec<Uuid>>,
    /// Everyone opted in now, with their rating.
    pub(super) members: Vec<(Uuid, i32)>,
    pub(super) sizes: TableSizes,
}

/// The season's divisions (top first) and schedules. The first season places everyone by
/// rating; later ones apply the last season's moves ([`next_season`]): those of its players
/// no longer opted in leave, newcomers join the lowest division.
pub(super) fn plan_season(input: &SeasonInput) -> Result<Vec<PlannedDivision>, TournamentError> {
    let divisions: Vec<Vec<(Uuid, Arrival)>> = if input.previous.iter().all(Vec::is_empty) {
        divisions_by_rating(&input.members)
            .into_iter()
            .map(|d| d.into_iter().map(|id| (id, Arrival::Joined)).collect())
            .collect()
    } else {
        let staying: std::collections::HashSet<Uuid> =
            input.members.iter().map(|(id, _)| *id).collect();
        let before: std::collections::HashSet<Uuid> =
            input.previous.iter().flatten().copied().collect();
        let leaving: Vec<Uuid> = before
            .iter()
            .filter(|id| !staying.contains(id))
            .copied()
            .collect();
        let newcomers: Vec<(Uuid, i32)> = input
            .members
            .iter()
            .filter(|(id, _)| !before.contains(id))
            .copied()
            .collect();
        let next = next_season(&input.previous, &leaving, &newcomers)?;
        let arrival = |id: &Uuid| match next
            .placements
            .iter()
            .find(|p| p.id == *id)
            .map(|p| p.movement)
        {
            Some(Movement::Promoted) => Arrival::Promoted,
            Some(Movement::Relegated) => Arrival::Relegated,
            Some(Movement::Stayed) => Arrival::Stayed,
            Some(Movement::Joined) | None => Arrival::Joined,
        };
        next.divisions
            .iter()
            .map(|d| d.iter().map(|id| (*id, arrival(id))).collect())
            .collect()
    };
    Ok(divisions
        .into_iter()
        .filter(|d| d.len() >= 2)
        .map(|players| {
            let ids: Vec<Uuid> = players.iter().map(|(id, _)| *id).collect();
            let rounds = if input.sizes.max() == 2 {
                double_round_robin(&ids)
            } else {
                let count = suggested_table_rounds(ids.len(), input.sizes);
                table_schedule(&ids, input.sizes, count)
            };
            PlannedDivision { players, rounds }
        })
        .collect())
}

/// The move earned by the player in final place `place` (1 for the first) of a division of
/// `players`, at `level` (1 for the top) of `levels`: the top [`PROMOTED`] go up (not from the
/// top division), the bottom [`RELEGATED`] of the others go down (not from the lowest), as the
/// next season's divisions apply them.
pub(super) fn earned(place: usize, players: usize, level: usize, levels: usize) -> Earned {
    let promoted = if level > 1 { PROMOTED.min(players) } else { 0 };
    let relegated = if level < levels {
        RELEGATED.min(players - promoted)
    } else {
        0
    };
    if place <= promoted {
        Earned::Up
    } else if place > players - relegated {
        Earned::Down
    } else {
        Earned::Stay
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    fn ids(n: usize) -> Vec<Uuid> {
        let mut v: Vec<Uuid> = (0..n).map(|_| Uuid::new_v4()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_first_season_cuts_by_rating_and_every_pair_meets_twice() {
        let players = ids(12);
        let members: Vec<(Uuid, i32)> = players
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, 2000 - i32::try_from(i).unwrap() * 10))
            .collect();
        let plan = plan_season(&SeasonInput {
            previous: Vec::new(),
            members,
            sizes: TableSizes::TWO,
        })
        .unwrap();
        assert_eq!(plan.len(), 2);
        assert_eq!(plan[0].players.len(), 6);
        assert_eq!(plan[0].players[0].0, players[0], "the best rated on top");
        assert!(plan[0].players.iter().all(|(_, a)| *a == Arrival::Joined));
        let mut met: HashMap<(Uuid, Uuid), usize> = HashMap::new();
        for round in &plan[1].rounds {
            for table in &round.tables {
                *met.entry((table[0], table[1])).or_default() += 1;
            }
        }
        // 6 players: 15 pairs, once each way.
        assert_eq!(met.len(), 30);
        assert!(met.values().all(|n| *n == 1));
    }

    #[test]
    fn a_later_season_moves_players_and_newcomers_start_at_the_bottom() {
        let top = ids(6);
        let bottom = ids(6);
        let newcomer = Uuid::new_v4();
        let mut members: Vec<(Uuid, i32)> =
            top.iter().chain(&bottom).map(|id| (*id, 1500)).collect();
        // The last of the top division opted out; a newcomer rated far above everyone joins.
        members.retain(|(id, _)| *id != top[5]);
        members.push((newcomer, 2600));
        let plan = plan_season(&SeasonInput {
            previous: vec![top.clone(), bottom.clone()],
            members,
            sizes: TableSizes::TWO,
        })
        .unwrap();
        let division_of = |id: Uuid| {
            plan.iter()
                .position(|d| d.players.iter().any(|p| p.0 == id))
        };
        assert_eq!(division_of(bottom[0]), Some(0));
        assert_eq!(division_of(bottom[1]), Some(0));
        assert_eq!(division_of(top[3]), Some(1));
        assert_eq!(division_of(top[4]), Some(1));
        assert_eq!(division_of(top[5]), None, "opted out");
        assert_eq!(
            division_of(newcomer),
            Some(1),
            "newcomers start at the bottom"
        );
        let arrivals: HashMap<Uuid, Arrival> = plan
            .iter()
            .flat_map(|d| d.players.iter().copied())
            .collect();
        assert_eq!(arrivals[&bottom[0]], Arrival::Promoted);
        assert_eq!(arrivals[&top[4]], Arrival::Relegated);
        assert_eq!(arrivals[&newcomer], Arrival::Joined);
        assert_eq!(arrivals[&top[0]], Arrival::Stayed);
        let everyone: HashSet<Uuid> = arrivals.keys().copied().collect();
        assert_eq!(everyone.len(), 12);
    }

    #[test]
    fn larger_tables_get_a_table_schedule() {
        let players = ids(7);
        let members: Vec<(Uuid, i32)> = players.iter().map(|id| (*id, 1500)).collect();
        let plan = plan_season(&SeasonInput {
            previous: Vec::new(),
            members,
            sizes: TableSizes::up_to(4).unwrap(),
        })
        .unwrap();
        assert_eq!(plan.len(), 1);
        assert!(!plan[0].rounds.is_empty());
        assert!(
            plan[0]
                .rounds
                .iter()
                .flat_map(|r| &r.tables)
                .all(|t| (2..=4).contains(&t.len()))
        );
    }

    #[test]
    fn moves_earned_follow_the_ladder() {
        // A middle division of eight: 2 up, 3 down.
        let moves: Vec<Earned> = (1..=8).map(|p| earned(p, 8, 2, 3)).collect();
        use Earned::*;
        assert_eq!(moves, vec![Up, Up, Stay, Stay, Stay, Down, Down, Down]);
        // Nobody goes up from the top nor down from the lowest.
        assert_eq!(earned(1, 6, 1, 2), Stay);
        assert_eq!(earned(6, 6, 1, 2), Down);
        assert_eq!(earned(1, 6, 2, 2), Up);
        assert_eq!(earned(6, 6, 2, 2), Stay);
        // A single division: everyone stays.
        assert!((1..=6).all(|p| earned(p, 6, 1, 1) == Stay));
        // A tiny middle division: the moves do not overlap.
        assert_eq!(
            (1..=4).map(|p| earned(p, 4, 2, 3)).collect::<Vec<_>>(),
            vec![Up, Up, Down, Down]
        );
    }
}
