//! The standings of a tournament: points, then two tie-breaks, and for each line what separated
//! it from the line above.
//!
//! Two-player tables: Buchholz (the sum of the opponents' scores), then Sonneborn–Berger (the
//! sum of the scores of the opponents beaten, plus half those of the opponents drawn). Larger
//! tables: the sum of the scores of everyone met at a table, then the sum of the player's own
//! game scores. Byes and missed rounds add nothing to either tie-break.

use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::points::Points;
use crate::record::{Entrant, PlayerId, RoundRecord, check_rounds, index_by_id};
use crate::swiss::TableSizes;

/// A tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The sum of the opponents' scores (two-player tables).
    Buchholz,
    /// The sum of the scores of the opponents beaten, plus half those drawn.
    SonnebornBerger,
    /// The sum of the scores of everyone met at a table (larger tables).
    OpponentsScore,
    /// The sum of the player's own scores in the games (larger tables).
    GameScore,
}

impl TieBreak {
    /// The two tie-breaks, in order, of a tournament with these table sizes.
    pub fn for_tables(sizes: TableSizes) -> [TieBreak; 2] {
        if sizes.max() == 2 {
            [TieBreak::Buchholz, TieBreak::SonnebornBerger]
        } else {
            [TieBreak::OpponentsScore, TieBreak::GameScore]
        }
    }

    /// Whether the value is a number of [`Points`] units (all but the game score).
    pub fn is_points(self) -> bool {
        self != TieBreak::GameScore
    }
}

/// What put a line below the line above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by", content = "tie_break")]
pub enum Decided {
    /// The first line: nobody above.
    Top,
    /// Fewer points.
    Points,
    /// Equal points; this tie-break.
    TieBreak(TieBreak),
    /// Equal on points and both tie-breaks: the place is shared (same rank).
    Shared,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing<Id> {
    /// 1 for the first; players sharing a place share its rank.
    pub rank: u32,
    /// Who.
    pub id: Id,
    /// Points, byes included.
    pub points: Points,
    /// Tables played (byes not counted).
    pub played: u32,
    /// Tables won outright (first place not shared).
    pub won: u32,
    /// Byes received.
    pub byes: u32,
    /// The two tie-break values, in the order of [`TieBreak::for_tables`]; those that are
    /// points are in [`Points`] units.
    pub tie_breaks: [i64; 2],
    /// What separated this line from the one above.
    pub decided: Decided,
    /// Withdrawn from later rounds.
    pub withdrawn: bool,
}

/// Per-entrant running totals.
#[derive(Debug, Default, Clone)]
struct Totals {
    points: Points,
    played: u32,
    won: u32,
    byes: u32,
    tie_breaks: [i64; 2],
}

/// The standings after `rounds`, best first. Every entrant is listed, withdrawn players
/// included; a late entrant's missed rounds count zero.
pub fn standings<Id: PlayerId>(
    entrants: &[Entrant<Id>],
    rounds: &[RoundRecord<Id>],
    sizes: TableSizes,
) -> Result<Vec<Standing<Id>>, TournamentError> {
    let index = index_by_id(entrants.iter().map(|e| e.id))?;
    let checked = check_rounds(&index, rounds)?;
    let mut totals = vec![Totals::default(); entrants.len()];
    for (record, tables) in rounds.iter().zip(&checked) {
        for (result, table) in record.tables.iter().zip(tables) {
            let best = result.places.iter().min().copied().unwrap_or(1);
            let sole_best = result.places.iter().filter(|p| **p == best).count() == 1;
            for (i, &seat) in table.seats.iter().enumerate() {
                let total = &mut totals[seat];
                total.points += table.points[i];
                total.played += 1;
                total.won += u32::from(sole_best && result.places[i] == best);
            }
        }
        for id in &record.byes {
            if let Some(&p) = index.get(id) {
                totals[p].points += Points::HALF;
                totals[p].byes += 1;
            }
        }
    }
    let score: Vec<u64> = totals.iter().map(|t| t.points.units()).collect();
    let two_player = TieBreak::for_tables(sizes)[0] == TieBreak::Buchholz;
    for (record, tables) in rounds.iter().zip(&checked) {
        for (result, table) in record.tables.iter().zip(tables) {
            for (i, &seat) in table.seats.iter().enumerate() {
                let others = table.seats.iter().filter(|&&s| s != seat);
                let opponents: u64 = others.map(|&s| score[s]).sum();
                let [first, second] = &mut totals[seat].tie_breaks;
                *first += saturating_i64(opponents);
                *second += if two_player {
                    // Points won × opponent's score, in units: exact for 1, ½ and 0.
                    let product = u128::from(table.points[i].units()) * u128::from(opponents);
                    saturating_i64((product / u128::from(Points::ONE.units())) as u64)
                } else {
                    result.game_scores[i]
                };
            }
        }
    }
    Ok(rank(entrants, totals, TieBreak::for_tables(sizes)))
}

fn saturating_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// Sorts the entrants and says what separated each line from the one above.
fn rank<Id: PlayerId>(
    entrants: &[Entrant<Id>],
    totals: Vec<Totals>,
    kinds: [TieBreak; 2],
) -> Vec<Standing<Id>> {
    let mut lines: Vec<(&Entrant<Id>, Totals)> = entrants.iter().zip(totals).collect();
    lines.sort_by(|(ea, a), (eb, b)| {
        (b.points, b.tie_breaks, eb.rating)
            .cmp(&(a.points, a.tie_breaks, ea.rating))
            .then(ea.id.cmp(&eb.id))
    });
    let mut out: Vec<Standing<Id>> = Vec::with_capacity(lines.len());
    for (position, (entrant, total)) in lines.into_iter().enumerate() {
        let decided = match out.last() {
            None => Decided::Top,
            Some(above) if above.points != total.points => Decided::Points,
            Some(above) if above.tie_breaks[0] != total.tie_breaks[0] => {
                Decided::TieBreak(kinds[0])
            }
            Some(above) if above.tie_breaks[1] != total.tie_breaks[1] => {
                Decided::TieBreak(kinds[1])
            }
            Some(_) => Decided::Shared,
        };
        let rank = match (decided, out.last()) {
            (Decided::Shared, Some(above)) => above.rank,
            _ => position as u32 + 1,
        };
        out.push(Standing {
            rank,
            id: entrant.id,
            points: total.points,
            played: total.played,
            won: total.won,
            byes: total.byes,
            tie_breaks: total.tie_breaks,
            decided,
            withdrawn: entrant.withdrawn,
        });
    }
    out
}
