//! The statistics made of analyses (`docs/analysis.md`): each seat's figures, written with its
//! match's analysis ([`figures`]); a player's per game ([`of_player`]); and the dice's, a
//! player's and the whole site's ([`site_dice`]), each with a chi-square test against fair
//! dice ([`DiceTest`]).

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Double, Int4, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use tapis_bots::analysis::{Analysis, StepKind};
use tapis_games::GameId;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::identity::accounts::named_user;
use crate::services::Services;

/// Below this p-value, dice are said to be unlikely to be fair (1 %): a fair die fails the test
/// once in a hundred tries, so one such figure alone proves nothing.
pub const FAIR_DICE_LEVEL: f64 = 0.01;

/// How many of a player's latest analysed matches the history of a game holds.
pub const HISTORY_LENGTH: i64 = 100;

/// One seat's figures in an analysed match, as stored in `analysis_seats`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatFigures {
    pub seat: usize,
    /// Unforced decisions the engine judged, and their total cost.
    pub decisions: i32,
    pub cost_total: f64,
    /// The seat's own throws the engine valued, and their total luck.
    pub throws: i32,
    pub luck_total: f64,
    /// How many times each face came up in the seat's own throws (dice games only).
    pub faces: [i32; 6],
}

/// Each seat's figures in `analysis`, and every face thrown in the match (the seats' own and
/// those of nobody's, such as a 421 tie-break).
pub fn figures(analysis: &Analysis, seats: usize) -> (Vec<SeatFigures>, [i32; 6]) {
    let mut out: Vec<SeatFigures> = (0..seats)
        .map(|seat| SeatFigures {
            seat,
            decisions: 0,
            cost_total: 0.0,
            throws: 0,
            luck_total: 0.0,
            faces: [0; 6],
        })
        .collect();
    for player in &analysis.players {
        if let Some(seat) = out.get_mut(player.seat) {
            seat.decisions = i32::try_from(player.decisions).unwrap_or(i32::MAX);
            seat.cost_total = player.cost_total;
        }
    }
    let dice = analysis.game.throws_dice();
    let mut all = [0; 6];
    for step in &analysis.steps {
        let StepKind::Chance(chance) = &step.kind else {
            continue;
        };
        let owner = step.seat.and_then(|seat| out.get_mut(seat));
        let mut faces = [0; 6];
        if dice {
            for value in &chance.values {
                if let Some(count) = usize::from(*value)
                    .checked_sub(1)
                    .and_then(|i| faces.get_mut(i))
                {
                    *count += 1;
                }
            }
        }
        for (total, n) in all.iter_mut().zip(faces) {
            *total += n;
        }
        if let Some(owner) = owner {
            for (total, n) in owner.faces.iter_mut().zip(faces) {
                *total += n;
            }
            if let Some(luck) = chance.luck {
                owner.throws += 1;
                owner.luck_total += luck;
            }
        }
    }
    (out, all)
}

/// How often each face came up, and whether that is consistent with fair dice: Pearson's
/// chi-square test against six equally likely faces (5 degrees of freedom).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DiceTest {
    /// How many times each face, 1 to 6, came up.
    pub faces: [i64; 6],
    /// Every face counted.
    pub total: i64,
    /// Σ (observed − expected)² / expected; `null` with no face counted.
    pub chi_square: Option<f64>,
    /// The chance that fair dice would give a chi-square this large or larger; `null` with no
    /// face counted.
    pub p_value: Option<f64>,
    /// `p_value` ≥ 0.01 (or nothing counted yet): nothing here suggests unfair dice.
    pub consistent_with_fair_dice: bool,
}

impl DiceTest {
    /// The test of `faces`.
    pub fn of(faces: [i64; 6]) -> DiceTest {
        let total: i64 = faces.iter().sum();
        let (chi_square, p_value) = if total > 0 {
            let expected = total as f64 / 6.0;
            let chi_square: f64 = faces
                .iter()
                .map(|&n| (n as f64 - expected).powi(2) / expected)
                .sum();
            let p = ChiSquared::new(5.0).ok().map(|law| law.sf(chi_square));
            (Some(chi_square), p)
        } else {
            (None, None)
        };
        DiceTest {
            faces,
            total,
            chi_square,
            p_value,
            consistent_with_fair_dice: p_value.is_none_or(|p| p >= FAIR_DICE_LEVEL),
        }
    }
}

/// One analysed match in a player's history.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct MatchFigures {
    pub match_id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    pub finished_at: OffsetDateTime,
    /// Unforced decisions judged in the match, and their mean cost (`null` without any).
    pub decisions: i32,
    pub cost_per_decision: Option<f64>,
    /// The player's own throws valued, and their total luck.
    pub throws: i32,
    pub luck: f64,
}

/// A player's statistics in one game, over every analysed match they played.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PlayerStats {
    pub username: String,
    #[schema(value_type = String)]
    pub game: GameId,
    /// The unit of the costs and lucks (`win_probability`, `expected_score`,
    /// `round_tokens`); `null` before any analysed match.
    pub unit: Option<String>,
    /// Analysed matches counted.
    pub matches: i64,
    pub decisions: i64,
    /// The mean cost of an unforced decision, in `unit`.
    pub cost_per_decision: Option<f64>,
    pub throws: i64,
    /// The mean luck of one of the player's own throws, in `unit`.
    pub luck_per_throw: Option<f64>,
    /// The latest analysed matches (at most 100), oldest first: is the player improving?
    pub history: Vec<MatchFigures>,
    /// Every face of the player's own dice in the game's analysed matches.
    pub dice: DiceTest,
}

/// The dice of the whole site.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SiteDice {
    /// Every face thrown in every analysed match.
    pub dice: DiceTest,
    /// Analysed matches counted.
    pub matches: i64,
    /// The same, game by game (the games that throw dice, in catalogue order).
    pub games: Vec<GameDice>,
}

/// The dice of one game, site-wide.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct GameDice {
    #[schema(value_type = String)]
    pub game: GameId,
    pub matches: i64,
    pub dice: DiceTest,
}

#[derive(QueryableByName)]
struct Totals {
    #[diesel(sql_type = Text)]
    game: String,
    #[diesel(sql_type = Nullable<Text>)]
    unit: Option<String>,
    #[diesel(sql_type = BigInt)]
    matches: i64,
    #[diesel(sql_type = BigInt)]
    decisions: i64,
    #[diesel(sql_type = Double)]
    cost_total: f64,
    #[diesel(sql_type = BigInt)]
    throws: i64,
    #[diesel(sql_type = Double)]
    luck_total: f64,
    #[diesel(sql_type = Array<BigInt>)]
    faces: Vec<i64>,
}

#[derive(QueryableByName)]
struct HistoryRow {
    #[diesel(sql_type = Text)]
    game: String,
    #[diesel(sql_type = Nullable<Text>)]
    unit: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    match_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    finished_at: OffsetDateTime,
    #[diesel(sql_type = Int4)]
    decisions: i32,
    #[diesel(sql_type = Double)]
    cost_total: f64,
    #[diesel(sql_type = Int4)]
    throws: i32,
    #[diesel(sql_type = Double)]
    luck_total: f64,
}

/// Six counts read back from a `bigint[]` of six.
fn six(faces: &[i64]) -> ServiceResult<[i64; 6]> {
    <[i64; 6]>::try_from(faces)
        .map_err(|_| ServiceError::internal("face counts are not six", faces.len()))
}

/// The sum of each face over `faces`, an `integer[6]` column, as a `bigint[6]`.
const FACE_SUMS: &str = "ARRAY[coalesce(sum(faces[1]), 0), coalesce(sum(faces[2]), 0), \
    coalesce(sum(faces[3]), 0), coalesce(sum(faces[4]), 0), coalesce(sum(faces[5]), 0), \
    coalesce(sum(faces[6]), 0)]::bigint[] AS faces";

fn mean(total: f64, n: i64) -> Option<f64> {
    (n > 0).then(|| total / n as f64)
}

/// Player `username`'s statistics in `game` (none counted yet: zeros).
pub async fn of_player(
    services: &Services,
    username: &str,
    game: &str,
) -> ServiceResult<PlayerStats> {
    let game = crate::ratings::parse_game(game)?;
    let mut conn = services.conn().await?;
    let user = named_user(&mut conn, username).await?;
    let mut found = stats_on(&mut conn, user.id, &user.username, &[game]).await?;
    Ok(match found.pop() {
        Some(stats) => stats,
        None => PlayerStats::empty(user.username, game),
    })
}

impl PlayerStats {
    fn empty(username: String, game: GameId) -> PlayerStats {
        PlayerStats {
            username,
            game,
            unit: None,
            matches: 0,
            decisions: 0,
            cost_per_decision: None,
            throws: 0,
            luck_per_throw: None,
            history: Vec::new(),
            dice: DiceTest::of([0; 6]),
        }
    }
}

/// The statistics of player `user_id` (named `username`) in each of `games` they have an
/// analysed match of, in catalogue order, in two statements. In each game, the costs and lucks
/// are those of the unit most of their matches were valued in (an engine of another unit would
/// not add up); the faces are those of every match.
pub(crate) async fn stats_on(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    username: &str,
    games: &[GameId],
) -> ServiceResult<Vec<PlayerStats>> {
    let names: Vec<&str> = games.iter().map(|g| g.as_str()).collect();
    let by_unit: Vec<Totals> = diesel::sql_query(format!(
        "SELECT game, unit, count(*) AS matches, coalesce(sum(decisions), 0)::bigint AS decisions, \
                coalesce(sum(cost_total), 0) AS cost_total, \
                coalesce(sum(throws), 0)::bigint AS throws, \
                coalesce(sum(luck_total), 0) AS luck_total, {FACE_SUMS} \
         FROM analysis_seats WHERE user_id = $1 AND game = ANY ($2) \
         GROUP BY game, unit ORDER BY game, count(*) DESC, unit"
    ))
    .bind::<diesel::sql_types::Uuid, _>(user_id)
    .bind::<Array<Text>, _>(&names)
    .load(conn)
    .await?;
    let history: Vec<HistoryRow> = diesel::sql_query(
        "SELECT game, unit, match_id, finished_at, decisions, cost_total, throws, luck_total FROM ( \
           SELECT game, match_id, finished_at, decisions, cost_total, throws, luck_total, unit, \
                  row_number() OVER (PARTITION BY game ORDER BY finished_at DESC, match_id) AS n \
           FROM analysis_seats WHERE user_id = $1 AND game = ANY ($2) AND unit IS NOT NULL) AS l \
         WHERE n <= $3 ORDER BY game, finished_at, match_id",
    )
    .bind::<diesel::sql_types::Uuid, _>(user_id)
    .bind::<Array<Text>, _>(&names)
    .bind::<BigInt, _>(HISTORY_LENGTH)
    .load(conn)
    .await?;
    let mut out = Vec::new();
    for game in GameId::ALL.into_iter().filter(|g| games.contains(g)) {
        let rows: Vec<&Totals> = by_unit.iter().filter(|t| t.game == game.as_str()).collect();
        if rows.is_empty() {
            continue;
        }
        let mut faces = [0_i64; 6];
        for totals in &rows {
            for (sum, n) in faces.iter_mut().zip(six(&totals.faces)?) {
                *sum += n;
            }
        }
        // The most counted unit (rows are in that order within a game).
        let main = rows.iter().find(|t| t.unit.is_some());
        let unit = main.and_then(|t| t.unit.clone());
        out.push(PlayerStats {
            username: username.to_owned(),
            game,
            matches: rows.iter().map(|t| t.matches).sum(),
            decisions: main.map_or(0, |t| t.decisions),
            cost_per_decision: main.and_then(|t| mean(t.cost_total, t.decisions)),
            throws: main.map_or(0, |t| t.throws),
            luck_per_throw: main.and_then(|t| mean(t.luck_total, t.throws)),
            history: history
                .iter()
                .filter(|row| row.game == game.as_str() && row.unit == unit)
                .map(|row| MatchFigures {
                    match_id: row.match_id,
                    finished_at: row.finished_at,
                    decisions: row.decisions,
                    cost_per_decision: mean(row.cost_total, i64::from(row.decisions)),
                    throws: row.throws,
                    luck: row.luck_total,
                })
                .collect(),
            unit,
            dice: DiceTest::of(faces),
        });
    }
    Ok(out)
}

#[derive(QueryableByName)]
struct GameFaces {
    #[diesel(sql_type = Text)]
    game: String,
    #[diesel(sql_type = BigInt)]
    matches: i64,
    #[diesel(sql_type = Array<BigInt>)]
    faces: Vec<i64>,
}

/// Every face thrown on the site, in every analysed match, game by game and in all.
pub async fn site_dice(services: &Services) -> ServiceResult<SiteDice> {
    let mut conn = services.conn().await?;
    let rows: Vec<GameFaces> = diesel::sql_query(format!(
        "SELECT m.game, count(*) AS matches, {FACE_SUMS} \
         FROM analyses a JOIN matches m ON m.id = a.match_id \
         WHERE a.faces IS NOT NULL GROUP BY m.game"
    ))
    .load(&mut conn)
    .await?;
    let mut all = [0_i64; 6];
    let mut matches = 0;
    let mut games = Vec::new();
    for game in GameId::ALL.into_iter().filter(|g| g.throws_dice()) {
        let (count, faces) = match rows.iter().find(|row| row.game == game.as_str()) {
            Some(row) => (row.matches, six(&row.faces)?),
            None => (0, [0; 6]),
        };
        matches += count;
        for (sum, n) in all.iter_mut().zip(faces) {
            *sum += n;
        }
        games.push(GameDice {
            game,
            matches: count,
            dice: DiceTest::of(faces),
        });
    }
    Ok(SiteDice {
        dice: DiceTest::of(all),
        matches,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Faces from a fixed stream of fair dice (SplitMix64, seeded): deterministic, so the test
    /// cannot fail by chance.
    fn fair_faces(n: usize, seed: u64) -> [i64; 6] {
        let mut state = seed;
        let mut faces = [0; 6];
        for _ in 0..n {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            faces[(z % 6) as usize] += 1;
        }
        faces
    }

    #[test]
    fn fair_dice_pass_and_biased_ones_fail() {
        let fair = DiceTest::of(fair_faces(60_000, 42));
        assert_eq!(fair.total, 60_000);
        assert!(fair.consistent_with_fair_dice, "{fair:?}");
        // A die showing six 20 % of the time instead of 16.7 %, over 6,000 throws.
        let biased = DiceTest::of([960, 960, 960, 960, 960, 1200]);
        assert!(!biased.consistent_with_fair_dice, "{biased:?}");
        assert!(biased.p_value.unwrap() < 1e-6);
    }

    #[test]
    fn the_chi_square_is_worked_out_as_by_hand() {
        // 60 throws, expected 10 each: (5² + 5² + 0 + 0 + 0 + 0) / 10 = 5.
        let test = DiceTest::of([15, 5, 10, 10, 10, 10]);
        assert!((test.chi_square.unwrap() - 5.0).abs() < 1e-12);
        // The chi-square law with 5 degrees of freedom: P(X ≥ 5) = 0.4159 (tables).
        assert!((test.p_value.unwrap() - 0.4159).abs() < 1e-4, "{test:?}");
        assert!(test.consistent_with_fair_dice);
        // Perfectly even faces: chi-square 0, p = 1.
        let even = DiceTest::of([7; 6]);
        assert_eq!(even.chi_square, Some(0.0));
        assert!((even.p_value.unwrap() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn no_face_yet_says_nothing_against_the_dice() {
        let none = DiceTest::of([0; 6]);
        assert_eq!((none.total, none.chi_square, none.p_value), (0, None, None));
        assert!(none.consistent_with_fair_dice);
    }
}
