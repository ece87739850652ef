//! What a tournament records, round after round, and what the pairing reads from it: the
//! entrants, each round's tables with their results and byes, and each player's
//! [`Contender`] summary (score, past opponents, seat history, byes).

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::points::{Points, table_points};

/// What identifies a player: the service uses its user ids, the tests small numbers.
pub trait PlayerId: Copy + Eq + Hash + Ord + Debug {}

impl<T: Copy + Eq + Hash + Ord + Debug> PlayerId for T {}

/// A player entered in a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant<Id> {
    /// Who.
    pub id: Id,
    /// The player's rating in the tournament's game, for the order within a score group.
    pub rating: i32,
    /// Withdrawn from the rounds to come (left, timed out or resigned without re-confirming):
    /// never paired again, still listed in the standings.
    pub withdrawn: bool,
}

/// One finished (or adjudicated) table of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult<Id> {
    /// The players in seat order: `seats[0]` had the first seat.
    pub seats: Vec<Id>,
    /// Each seat's finishing place, 1 for the winner; equal places are a tie.
    pub places: Vec<u32>,
    /// Each seat's score in the game itself (points on the score sheet; 0 where the game has
    /// none), for the second tie-break of larger tables.
    pub game_scores: Vec<i64>,
}

/// One round as played: its tables and the players who had a bye.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord<Id> {
    /// The tables, finished or adjudicated.
    pub tables: Vec<TableResult<Id>>,
    /// The players who sat out with a bye (half a point each).
    pub byes: Vec<Id>,
}

/// What the pairing knows of one player before a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contender<Id> {
    /// Who.
    pub id: Id,
    /// Points so far (rounds missed by a late entrant count zero).
    pub score: Points,
    /// Rating, for the order within a score group.
    pub rating: i32,
    /// Every opponent met so far, once per meeting (all the others at a larger table).
    pub opponents: Vec<Id>,
    /// One entry per table played, oldest first: `true` when the player had the first seat.
    pub first_seats: Vec<bool>,
    /// How many byes the player has had.
    pub byes: u32,
    /// Withdrawn players are never paired.
    pub withdrawn: bool,
}

impl<Id: PlayerId> Contender<Id> {
    /// A player with no history yet (before the first round, or a late entrant).
    pub fn new(id: Id, rating: i32) -> Contender<Id> {
        Contender {
            id,
            score: Points::ZERO,
            rating,
            opponents: Vec::new(),
            first_seats: Vec::new(),
            byes: 0,
            withdrawn: false,
        }
    }

    /// How many times the player had the first seat.
    pub fn first_seat_count(&self) -> usize {
        self.first_seats.iter().filter(|first| **first).count()
    }
}

/// The standings order the pairing uses: score, then rating, then id (all descending but the
/// id). `a` before `b` means `a` ranks higher.
pub(crate) fn rank_order<Id: PlayerId>(a: &Contender<Id>, b: &Contender<Id>) -> std::cmp::Ordering {
    b.score
        .cmp(&a.score)
        .then(b.rating.cmp(&a.rating))
        .then(a.id.cmp(&b.id))
}

/// Positions of the entrants by id, refusing duplicates.
pub(crate) fn index_by_id<Id: PlayerId>(
    ids: impl Iterator<Item = Id>,
) -> Result<HashMap<Id, usize>, TournamentError> {
    let mut index = HashMap::new();
    for (position, id) in ids.enumerate() {
        if index.insert(id, position).is_some() {
            return Err(TournamentError::DuplicatePlayer { index: position });
        }
    }
    Ok(index)
}

/// One table checked against the entrants: its seats as entrant positions and its points.
pub(crate) struct CheckedTable {
    pub(crate) seats: Vec<usize>,
    pub(crate) points: Vec<Points>,
}

/// Checks every round against the entrants and scores its tables (the same order as
/// `rounds`): every seat an entrant, nobody twice in a round, places and scores per seat.
pub(crate) fn check_rounds<Id: PlayerId>(
    index: &HashMap<Id, usize>,
    rounds: &[RoundRecord<Id>],
) -> Result<Vec<Vec<CheckedTable>>, TournamentError> {
    let mut checked = Vec::with_capacity(rounds.len());
    for (round, record) in rounds.iter().enumerate() {
        let mut seen = vec![false; index.len()];
        let mut mark = |position: usize| -> Result<(), TournamentError> {
            if std::mem::replace(&mut seen[position], true) {
                return Err(TournamentError::SeatedTwice { round });
            }
            Ok(())
        };
        let mut tables = Vec::with_capacity(record.tables.len());
        for (table, result) in record.tables.iter().enumerate() {
            let invalid = |reason| TournamentError::InvalidTable {
                round,
                table,
                reason,
            };
            let n = result.seats.len();
            if result.places.len() != n || result.game_scores.len() != n {
                return Err(invalid("places and scores must match the seats"));
            }
            let seats = result
                .seats
                .iter()
                .map(|id| {
                    index
                        .get(id)
                        .copied()
                        .ok_or(invalid("a seat is not an entrant"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            for &seat in &seats {
                mark(seat)?;
            }
            let points = table_points(&result.places)?;
            tables.push(CheckedTable { seats, points });
        }
        for id in &record.byes {
            let position = index
                .get(id)
                .copied()
                .ok_or(TournamentError::UnknownBye { round })?;
            mark(position)?;
        }
        checked.push(tables);
    }
    Ok(checked)
}

/// Every entrant's [`Contender`] summary after `rounds`, in the order of `entrants`.
pub fn contenders<Id: PlayerId>(
    entrants: &[Entrant<Id>],
    rounds: &[RoundRecord<Id>],
) -> Result<Vec<Contender<Id>>, TournamentError> {
    let index = index_by_id(entrants.iter().map(|e| e.id))?;
    let checked = check_rounds(&index, rounds)?;
    let mut out: Vec<Contender<Id>> = entrants
        .iter()
        .map(|e| Contender {
            withdrawn: e.withdrawn,
            ..Contender::new(e.id, e.rating)
        })
        .collect();
    for (record, tables) in rounds.iter().zip(&checked) {
        for table in tables {
            for (i, &seat) in table.seats.iter().enumerate() {
                let others = table.seats.iter().filter(|&&s| s != seat);
                let opponents: Vec<Id> = others.map(|&s| entrants[s].id).collect();
                let player = &mut out[seat];
                player.score += table.points[i];
                player.opponents.extend(opponents);
                player.first_seats.push(i == 0);
            }
        }
        for id in &record.byes {
            if let Some(&position) = index.get(id) {
                out[position].score += Points::HALF;
                out[position].byes += 1;
            }
        }
    }
    Ok(out)
}
