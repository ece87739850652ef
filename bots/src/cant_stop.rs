//! Can't Stop's evaluation (for the search of the easy and medium levels) and its strong bot:
//! every decision of a turn (which pairing to take, whether to roll
//! again) solved exactly, by expectimax over the dice to come, for a measure of how far each
//! position stands from the win.
//!
//! **The measure.** A column's remaining spaces cost `spaces / rate` rolls, `rate` being the
//! steps a roll gives that column on average when the player favours it (the best pairing of
//! each of the 1,296 throws, counted exactly: 0.13 for the 2 and 12, 0.71 for the 7). A
//! player's *distance* is the cost of the cheapest columns it still needs (three, less those
//! it has won), among those nobody has won. Stopping is worth minus the distance after the
//! runners become pieces (winning the game: more than anything); a bust is worth minus the
//! distance before the turn.
//!
//! **A turn** is then a small Markov decision process over the runners' spaces: after a throw
//! the best of its choices; after a move the better of stopping and rolling, a roll being
//! worth the mean over the 126 distinct throws of four dice (each weighted by its number of
//! orders) of their best choice, or of the bust. Every position of the turn is solved once
//! (memoised on the runners); runners only climb, so the process ends. Once the three runners
//! are placed it is solved to the end of the turn, the throws grouped by what they offer those
//! three columns; while a runner is still to place, the look ahead is limited (below). The
//! chance of a bust is exact: a throw busts when the rules offer no choice for it, as the
//! rules crate decides.
//!
//! A step's worth follows from the rates: a step in the 2 or the 12 weighs about five times a
//! step in the 7, close to the weights of Keller's rule of 28 (6 against 1).
//!
//! With the variant that forbids stopping on an opponent's piece the strong level plays the
//! generic search instead.
//!
//! **The evaluation** the search judges by is simpler: each column as the share of its height
//! climbed, near-complete columns weighing more, the runners of the turn in progress counted
//! at a discount since they are not safe until the turn ends.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use tapis_games::Seat;
use tapis_games::cant_stop::{Action, Board, COLUMNS, CantStop, Climb, HEIGHTS, State, label_of};

use crate::bot::{Bot, Position};
use crate::evaluate::{Evaluate, seat_to_act};
use crate::exact::{self, ValueActions};

/// A seat's progress, each column as the share of its height climbed (the runners of the turn
/// in progress counted for the seat playing, at `runners_weight`), near-complete columns
/// weighing more since a won column is what counts.
fn progress(state: &State, seat: Seat, runners_weight: f64) -> f64 {
    let playing = seat_to_act::<CantStop>(state) == Some(seat);
    let mut fractions = [0.0f64; COLUMNS];
    let mut won = 0.0;
    for (i, height) in HEIGHTS.iter().enumerate() {
        let label = label_of(i);
        match state.won_by(label) {
            Some(owner) if owner == seat => won += 1.0,
            Some(_) => {}
            None => {
                let piece = f64::from(state.piece(seat, label));
                let runner = f64::from(state.runner(label));
                let at = if playing && runner > piece {
                    piece + (runner - piece) * runners_weight
                } else {
                    piece
                };
                fractions[i] = at / f64::from(*height);
            }
        }
    }
    fractions.sort_by(|a, b| b.total_cmp(a));
    let needed = usize::from(state.options().columns_to_win).saturating_sub(won as usize);
    let top: f64 = fractions.iter().take(needed).map(|f| f * f).sum();
    let rest: f64 = fractions.iter().skip(needed).sum();
    won + top + 0.1 * rest
}

impl Evaluate for CantStop {
    const ROLLOUT_STEPS: usize = 10;

    fn seats(state: &State) -> usize {
        state.seats()
    }

    fn score(state: &State, seat: Seat) -> f64 {
        progress(state, seat, 1.0)
    }

    fn standing(state: &State, seat: Seat) -> f64 {
        // The runners are not safe until the turn ends: count them at a discount.
        progress(state, seat, 0.7)
    }

    fn score_scale() -> f64 {
        0.35
    }

    fn solo_mid() -> f64 {
        1.5
    }
}

/// The value of a stop that wins the game: a distance of nothing left. (Not more: a chance
/// of winning within the turn is worth what the distance makes it worth, no more.)
const WIN: f64 = 0.0;

/// The throws of four dice and what they give each column.
#[derive(Debug)]
pub struct Throws {
    /// The 126 distinct throws (faces ascending) and their probabilities.
    pub throws: Vec<([u8; 4], f64)>,
    /// Steps a roll gives each column on average, its best pairing taken.
    pub rate: [f64; COLUMNS],
}

impl Throws {
    /// The throws, worked out once for the process.
    pub fn get() -> &'static Throws {
        static THROWS: OnceLock<Throws> = OnceLock::new();
        THROWS.get_or_init(Throws::new)
    }

    fn new() -> Throws {
        let mut throws: Vec<([u8; 4], f64)> = Vec::new();
        let mut rate = [0.0; COLUMNS];
        let each = 1.0 / 1296.0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                for c in 1..=6u8 {
                    for d in 1..=6u8 {
                        let mut dice = [a, b, c, d];
                        for (i, r) in rate.iter_mut().enumerate() {
                            let label = label_of(i);
                            let best = tapis_games::cant_stop::pairings(dice)
                                .iter()
                                .map(|pair| pair.iter().filter(|s| **s == label).count())
                                .max()
                                .unwrap_or(0);
                            *r += best as f64 * each;
                        }
                        dice.sort_unstable();
                        match throws.iter_mut().find(|(t, _)| *t == dice) {
                            Some((_, p)) => *p += each,
                            None => throws.push((dice, each)),
                        }
                    }
                }
            }
        }
        Throws { throws, rate }
    }
}

/// A seat's distance to the win: the cost, in rolls, of the cheapest columns it still needs
/// among those open to it. `pieces` is its space in each column, `closed` the columns won by
/// others (bit per index), `won` how many it has won.
pub fn distance(pieces: &[u8; COLUMNS], closed: u16, won: usize, to_win: usize) -> f64 {
    let needed = to_win.saturating_sub(won);
    if needed == 0 {
        return 0.0;
    }
    let rate = &Throws::get().rate;
    let mut costs = [f64::INFINITY; COLUMNS];
    for (i, cost) in costs.iter_mut().enumerate() {
        let height = HEIGHTS[i];
        if closed & (1 << i) != 0 || pieces[i] >= height {
            continue;
        }
        *cost = f64::from(height - pieces[i]) / rate[i];
    }
    costs.sort_unstable_by(f64::total_cmp);
    let total: f64 = costs.iter().take(needed).sum();
    // A seat that cannot win any more is as far as can be, but finite.
    total.min(1e4)
}

/// Rolls looked ahead from a position where a runner is still to place; beyond them such a
/// position counts as a stop.
const PLACING_LOOKAHEAD: u8 = 1;

/// Rolls looked ahead, in all, past a roll made with a runner still to place; beyond them a
/// position counts as a stop. Without this limit the trios of columns such a roll can lead
/// to would each be solved to the end of the turn: a few hundred milliseconds. Positions
/// reached otherwise (the three runners placed by the decision itself or before) are solved
/// to the end of the turn.
const LOOKAHEAD_AFTER_PLACING: u8 = 3;

/// A hasher for the memo's keys, which are already well spread (runners' spaces packed in
/// four bits each): one multiplication.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

type Memo = HashMap<u64, f64, BuildHasherDefault<KeyHasher>>;

/// One turn of the seat to play, solved.
struct Turn {
    board: Board,
    /// The player's own pieces (index by column).
    pieces: [u8; COLUMNS],
    /// Columns the player has won, and those others have (bits by index).
    mine: u16,
    others: u16,
    to_win: usize,
    /// Minus the distance before the turn: what a bust leaves.
    bust: f64,
    memo: Memo,
    /// For each trio of columns holding the three runners (bits by index), the throws grouped
    /// by what they offer those columns.
    grouped: HashMap<u16, Vec<([u8; 4], f64)>>,
}

fn key(climb: &Climb) -> u64 {
    climb
        .runners
        .iter()
        .fold(0u64, |k, r| (k << 4) | u64::from(*r & 0xf))
}

impl Turn {
    fn new(state: &State, seat: Seat) -> Turn {
        let board = state.board();
        let mut mine = 0u16;
        let mut others = 0u16;
        for i in 0..COLUMNS {
            match state.won_by(label_of(i)) {
                Some(s) if s == seat => mine |= 1 << i,
                Some(_) => others |= 1 << i,
                None => {}
            }
        }
        let to_win = usize::from(state.options().columns_to_win);
        let pieces = board.own;
        let bust = -distance(&pieces, others | mine, mine.count_ones() as usize, to_win);
        Turn {
            board,
            pieces,
            mine,
            others,
            to_win,
            bust,
            memo: Memo::default(),
            grouped: HashMap::new(),
        }
    }

    /// Whether `other` is the same turn's position (the same pieces, won columns and spaces
    /// skipped): then its solved positions hold here too.
    fn same_turn(&self, other: &Turn) -> bool {
        self.board.own == other.board.own
            && self.board.closed == other.board.closed
            && self.board.skipped == other.board.skipped
            && self.mine == other.mine
            && self.others == other.others
            && self.to_win == other.to_win
    }

    /// What stopping with `climb` is worth.
    fn stop(&self, climb: &Climb) -> f64 {
        let mut pieces = self.pieces;
        let mut mine = self.mine;
        for (i, runner) in climb.runners.iter().enumerate() {
            if *runner > pieces[i] {
                pieces[i] = *runner;
                if *runner >= HEIGHTS[i] {
                    mine |= 1 << i;
                }
            }
        }
        let won = mine.count_ones() as usize;
        if won >= self.to_win {
            return WIN;
        }
        -distance(&pieces, self.others | mine, won, self.to_win)
    }

    /// The best of stopping and rolling on, after a move; `depth` rolls after the decision
    /// being made, `limited` once a roll with a runner to place is among them.
    fn decide(&mut self, climb: &Climb, depth: u8, limited: bool) -> f64 {
        let placing = climb.free_runners > 0;
        if (placing && depth > PLACING_LOOKAHEAD) || (limited && depth > LOOKAHEAD_AFTER_PLACING) {
            return self.stop(climb);
        }
        // A position's value depends on the rolls left to look at, where they are limited.
        let k = key(climb)
            | if placing || limited {
                1 << 63 | u64::from(depth) << 56
            } else {
                0
            };
        if let Some(v) = self.memo.get(&k) {
            return *v;
        }
        let stop = self.stop(climb);
        let value = if stop >= WIN {
            stop
        } else {
            stop.max(self.roll(climb, depth, limited))
        };
        self.memo.insert(k, value);
        value
    }

    /// The value of rolling on from `climb`: the mean over the throws of their best choice.
    fn roll(&mut self, climb: &Climb, depth: u8, limited: bool) -> f64 {
        let mut total = 0.0;
        if climb.free_runners > 0 {
            for (dice, p) in &Throws::get().throws {
                total += p * self.after_throw(climb, *dice, depth + 1, true);
            }
            return total;
        }
        let columns = climb
            .runners
            .iter()
            .enumerate()
            .filter(|(_, r)| **r > 0)
            .fold(0u16, |bits, (i, _)| bits | 1 << i);
        let throws = match self.grouped.remove(&columns) {
            Some(throws) => throws,
            None => group_throws(columns),
        };
        for (dice, p) in &throws {
            total += p * self.after_throw(climb, *dice, depth + 1, limited);
        }
        self.grouped.insert(columns, throws);
        total
    }

    /// The best choice `dice` give from `climb`, or the bust.
    fn after_throw(&mut self, climb: &Climb, dice: [u8; 4], depth: u8, limited: bool) -> f64 {
        let choices = self.board.choices(climb, dice);
        let mut best = f64::NEG_INFINITY;
        for choice in choices.as_slice() {
            if let Some(next) = self.advance(climb, choice.labels()) {
                best = best.max(self.decide(&next, depth, limited));
            }
        }
        if best == f64::NEG_INFINITY {
            self.bust
        } else {
            best
        }
    }

    fn advance(&self, climb: &Climb, labels: impl Iterator<Item = u8>) -> Option<Climb> {
        let mut next = *climb;
        for label in labels {
            self.board.step(&mut next, label).ok()?;
        }
        Some(next)
    }
}

/// The throws grouped by what they offer the columns of `columns` (bits by index), with one
/// throw standing for each group: once the three runners are placed no other column can be
/// used, so two throws whose pairings name the same of these columns give the same choices.
fn group_throws(columns: u16) -> Vec<([u8; 4], f64)> {
    let mut groups: Vec<([[u8; 2]; 3], [u8; 4], f64)> = Vec::new();
    for (dice, p) in &Throws::get().throws {
        let mut signature = tapis_games::cant_stop::pairings(*dice).map(|pair| {
            let mut pair = pair.map(|sum| {
                let inside =
                    tapis_games::cant_stop::index_of(sum).is_some_and(|i| columns & (1 << i) != 0);
                if inside { sum } else { 0 }
            });
            pair.sort_unstable();
            pair
        });
        signature.sort_unstable();
        match groups.iter_mut().find(|(s, _, _)| *s == signature) {
            Some((_, _, q)) => *q += p,
            None => groups.push((signature, *dice, *p)),
        }
    }
    groups.into_iter().map(|(_, dice, p)| (dice, p)).collect()
}

/// The probability that a roll from `climb` busts, with `board`: the throws the rules offer
/// no choice for.
pub fn bust_probability(board: &Board, climb: &Climb) -> f64 {
    Throws::get()
        .throws
        .iter()
        .filter(|(dice, _)| board.choices(climb, *dice).as_slice().is_empty())
        .map(|(_, p)| p)
        .sum()
}

/// What the strong bot plays from: each turn solved as it comes.
struct SolvedTurns;

/// The strong Can't Stop bot: the best action of its solved turn, the generic search with the
/// variant the measure does not take.
pub fn strong_bot() -> Box<dyn Bot<CantStop>> {
    exact::strong_bot(SolvedTurns)
}

impl ValueActions<CantStop> for SolvedTurns {
    fn value_actions(&mut self, at: &Position<'_, CantStop>, values: &mut Vec<f64>) -> bool {
        let state = at.state;
        if state.options().no_stop_on_opponent {
            return false;
        }
        // The decisions of one turn share their solved positions: a position's value depends
        // only on the turn's fixed facts, the runners and the rolls left to look at (which
        // its key holds), not on the decision that first asked for it.
        thread_local! {
            static LAST_TURN: RefCell<Option<Turn>> = const { RefCell::new(None) };
        }
        let fresh = Turn::new(state, at.seat);
        let mut turn = match LAST_TURN.with(|last| last.borrow_mut().take()) {
            Some(last) if last.same_turn(&fresh) => last,
            _ => fresh,
        };
        let climb = state.climb();
        for action in at.legal {
            let value = match action {
                Action::Advance { columns } => match turn.advance(&climb, columns.labels()) {
                    Some(next) => turn.decide(&next, 0, false),
                    // Never offered by the rules: the move cannot be made.
                    None => f64::NEG_INFINITY,
                },
                Action::Roll => turn.roll(&climb, 0, false),
                Action::Stop => turn.stop(&climb),
            };
            values.push(value);
        }
        LAST_TURN.with(|last| *last.borrow_mut() = Some(turn));
        true
    }
}

#[cfg(test)]
mod tests;
