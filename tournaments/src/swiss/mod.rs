//! Swiss pairings: the tables of the next round from the players' standings and history.
//!
//! Two-player tables are a minimum-cost perfect matching (module `matching`); larger tables are
//! filled from the top of the standings down (module `tables`). Both leave withdrawn players
//! out and give byes by the same order (`Field::bye_order`).

mod field;
mod matching;
mod seats;

use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::points::MAX_TABLE_SEATS;
use crate::record::{Contender, PlayerId, index_by_id};
use crate::tables::{fill_from_the_top, table_sizes};
use field::Field;
use matching::{Vertex, pair_field};

/// The table sizes a tournament allows: 2 to the game's maximum (at most
/// [`MAX_TABLE_SEATS`]); a table size of 2 means two-player pairings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSizes {
    min: usize,
    max: usize,
}

impl TableSizes {
    /// Tables of `min` to `max` seats, with `2 <= min <= max <= MAX_TABLE_SEATS`.
    pub fn new(min: usize, max: usize) -> Result<TableSizes, TournamentError> {
        if min < 2 || min > max || max > MAX_TABLE_SEATS {
            return Err(TournamentError::TableLimits { min, max });
        }
        Ok(TableSizes { min, max })
    }

    /// Tables of 2 to `max` seats (2 alone for two-player tables).
    pub fn up_to(max: usize) -> Result<TableSizes, TournamentError> {
        TableSizes::new(2, max)
    }

    /// Two-player tables.
    pub const TWO: TableSizes = TableSizes { min: 2, max: 2 };

    /// The smallest table.
    pub fn min(self) -> usize {
        self.min
    }

    /// The largest table.
    pub fn max(self) -> usize {
        self.max
    }
}

/// The tables of one round and its byes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing<Id> {
    /// The tables from the top of the standings down, each in seat order (first seat first).
    pub tables: Vec<Vec<Id>>,
    /// The players who sit the round out, each scoring half a point.
    pub byes: Vec<Id>,
}

/// Pairs the next round of a Swiss tournament.
///
/// `players` lists everyone entered, withdrawn players included (they are left out); their
/// order does not matter. Two-player tables ([`TableSizes::TWO`]) are paired by a minimum-cost
/// matching; larger ones are filled from the top of the standings down. See
/// `docs/tournaments.md` for the rules.
pub fn pair_round<Id: PlayerId>(
    players: &[Contender<Id>],
    sizes: TableSizes,
) -> Result<Pairing<Id>, TournamentError> {
    index_by_id(players.iter().map(|p| p.id))?;
    let field = Field::new(players);
    if sizes.max == 2 {
        Ok(pair_two_player(&field))
    } else {
        Ok(pair_tables(&field, sizes))
    }
}

fn pair_two_player<Id: PlayerId>(field: &Field<'_, Id>) -> Pairing<Id> {
    let mut tables = Vec::new();
    let mut byes = Vec::new();
    for (x, y) in pair_field(field) {
        match (x, y) {
            (Vertex::Player(a), Vertex::Player(b)) => {
                let (high, low) = (a.min(b), a.max(b));
                let (ph, pl) = (field.player(high), field.player(low));
                let first = seats::higher_takes_first_seat(ph, pl);
                tables.push((
                    high,
                    if first {
                        [ph.id, pl.id]
                    } else {
                        [pl.id, ph.id]
                    },
                ));
            }
            (Vertex::Player(p), Vertex::Bye) | (Vertex::Bye, Vertex::Player(p)) => {
                byes.push(field.player(p).id);
            }
            (Vertex::Bye, Vertex::Bye) => {}
        }
    }
    tables.sort_by_key(|(high, _)| *high);
    Pairing {
        tables: tables.into_iter().map(|(_, t)| t.to_vec()).collect(),
        byes,
    }
}

fn pair_tables<Id: PlayerId>(field: &Field<'_, Id>, sizes: TableSizes) -> Pairing<Id> {
    let table_count = table_sizes(field.len(), sizes.min, sizes.max);
    let seated: usize = table_count.iter().sum();
    let mut out = field.bye_order();
    out.truncate(field.len() - seated);
    let order: Vec<usize> = (0..field.len()).filter(|p| !out.contains(p)).collect();
    let meets = |a: usize, b: usize| field.meetings(a, b);
    let mut tables = fill_from_the_top(&order, &table_count, &meets);
    for table in &mut tables {
        seats::order_table(table, |p| {
            let player = field.player(p);
            (
                player.first_seat_count(),
                player.first_seats.last() == Some(&true),
            )
        });
    }
    out.sort_unstable();
    Pairing {
        tables: tables
            .iter()
            .map(|t| t.iter().map(|&p| field.player(p).id).collect())
            .collect(),
        byes: out.iter().map(|&p| field.player(p).id).collect(),
    }
}
