//! The named baselines the arena measures the levels against: `random`, `greedy`, and the
//! game-specific `rule28` (Can't Stop), `threshold` (5000) and `frequent` (Yams); and `idle`,
//! the partner of a solitaire run in the games that need two players (Can't Stop, 5000).

use rand::RngExt;
use tapis_games::Game;
use tapis_games::Seat;
use tapis_games::cant_stop::{self, CantStop, HEIGHTS, index_of};
use tapis_games::five_thousand::{self, FiveThousand};
use tapis_games::yams::{self, Dice, Yams};

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::Evaluate;

/// Uniform over the legal actions.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize {
        let Position { legal, .. } = *at;
        rng.random_range(0..legal.len().max(1))
    }
}

/// The action after which the seat's immediate score ([`Evaluate::score`]) is highest, ties
/// broken at random; one ply, no look at the dice to come.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

impl<G: Evaluate> Bot<G> for Greedy {
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize {
        let Position {
            state, seat, legal, ..
        } = *at;
        let mut events = Vec::new();
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0;
        for (i, action) in legal.iter().enumerate() {
            let mut after = state.clone();
            events.clear();
            if G::apply(&mut after, seat, action, &mut events).is_err() {
                continue;
            }
            let mut score = G::score(&after, seat);
            if let Some(outcome) = G::outcome(&after) {
                // Ending the game: a win beats any score, a loss is worst.
                let first = outcome
                    .ranking
                    .iter()
                    .any(|p| p.seat == seat && p.rank == 1);
                score += if first { 1e9 } else { -1e9 };
            }
            if score > best_score {
                best_score = score;
                best = i;
                ties = 1;
            } else if score == best_score {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = i;
                }
            }
        }
        best
    }
}

/// Can't Stop: Michael Keller's "rule of 28". Each column has a weight (1 for the 7, one more
/// per column away from it, 6 for the 2 and the 12); every step a runner climbs adds its
/// column's weight, placing a runner adds it once more, and three runners all on odd columns
/// add 2, all on even ones subtract 4 (the odd sums are rarer). The turn stops once the count
/// reaches 28, or when stopping wins a column. Moves: the one climbing most (in shares of
/// column height), a new runner costing half a column.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rule28;

fn column_weight(label: u8) -> u32 {
    u32::from(label.abs_diff(7)) + 1
}

fn rule28_count(state: &cant_stop::State, seat: Seat) -> u32 {
    let mut count = 0;
    let mut runners = 0;
    let mut odd = 0;
    for label in 2..=12u8 {
        let runner = state.runner(label);
        if runner == 0 {
            continue;
        }
        runners += 1;
        if label % 2 == 1 {
            odd += 1;
        }
        let piece = state.piece(seat, label);
        let weight = column_weight(label);
        count += weight * u32::from(runner.saturating_sub(piece)) + weight;
    }
    if runners == 3 {
        if odd == 3 {
            count += 2;
        } else if odd == 0 {
            count = count.saturating_sub(4);
        }
    }
    count
}

impl Bot<CantStop> for Rule28 {
    fn choose(&mut self, at: &Position<'_, CantStop>, _: &mut BotRng) -> usize {
        let Position {
            state, seat, legal, ..
        } = *at;
        let position = |a: &cant_stop::Action| legal.iter().position(|l| l == a);
        if let (Some(roll), Some(stop)) = (
            position(&cant_stop::Action::Roll),
            position(&cant_stop::Action::Stop),
        ) {
            let tops_a_column = (2..=12u8).any(|label| {
                let runner = state.runner(label);
                runner > 0 && index_of(label).is_some_and(|i| HEIGHTS[i] == runner)
            });
            return if tops_a_column || rule28_count(state, seat) >= 28 {
                stop
            } else {
                roll
            };
        }
        let mut best = 0;
        let mut best_gain = f64::NEG_INFINITY;
        for (i, action) in legal.iter().enumerate() {
            let cant_stop::Action::Advance { columns } = action else {
                continue;
            };
            let mut gain = 0.0;
            let mut placed = [false; 13];
            for label in columns.labels() {
                let height = index_of(label).map_or(1, |i| HEIGHTS[i]);
                gain += 1.0 / f64::from(height);
                let slot = usize::from(label);
                if state.runner(label) == 0 && slot < placed.len() && !placed[slot] {
                    placed[slot] = true;
                    gain -= 0.5 / f64::from(height).sqrt();
                }
            }
            if gain > best_gain {
                best_gain = gain;
                best = i;
            }
        }
        best
    }
}

/// 5000: keep the most points out of each throw, and bank once the turn total reaches the
/// threshold.
#[derive(Debug, Clone, Copy)]
pub struct Threshold(pub u32);

impl Bot<FiveThousand> for Threshold {
    fn choose(&mut self, at: &Position<'_, FiveThousand>, _: &mut BotRng) -> usize {
        let Position {
            state, seat, legal, ..
        } = *at;
        let view = FiveThousand::view(state, Some(seat));
        let position = |a: &five_thousand::Action| legal.iter().position(|l| l == a);
        if let (Some(bank), Some(rethrow)) = (
            position(&five_thousand::Action::Bank),
            position(&five_thousand::Action::Rethrow),
        ) {
            return if view.turn_total >= self.0 {
                bank
            } else {
                rethrow
            };
        }
        // The view lists the keeps best first (most points, then fewest dice).
        view.keep_choices
            .iter()
            .find_map(|choice| position(&five_thousand::Action::Keep { dice: choice.dice }))
            .unwrap_or(0)
    }
}

/// Yams: keep the dice of the most frequent face (the higher face on a tie) and throw the
/// others while throws are left; then score the box worth the most points now.
#[derive(Debug, Clone, Copy, Default)]
pub struct Frequent;

impl Bot<Yams> for Frequent {
    fn choose(&mut self, at: &Position<'_, Yams>, _: &mut BotRng) -> usize {
        let Position {
            state, seat, legal, ..
        } = *at;
        let dice = state.dice();
        let counts = dice.counts();
        let (face, count) = (1..=6u8)
            .map(|f| (f, counts[usize::from(f - 1)]))
            .max_by_key(|(f, c)| (*c, *f))
            .unwrap_or((6, 0));
        if count < 5 {
            let kept = Dice::new(&vec![face; usize::from(count)]);
            if let Some(i) = kept.and_then(|keep| {
                legal
                    .iter()
                    .position(|a| *a == yams::Action::Reroll { keep })
            }) {
                return i;
            }
        }
        let options = state.options();
        let mut best = 0;
        let mut best_points = -1i32;
        for (i, action) in legal.iter().enumerate() {
            if let yams::Action::Score { grid, r#box } = action {
                let points = state
                    .grid(seat, usize::from(*grid))
                    .map_or(0, |g| i32::from(g.points(*r#box, &dice, options)));
                if points > best_points {
                    best_points = points;
                    best = i;
                }
            }
        }
        best
    }
}

/// The partner of a solitaire run, in games that need two players: it plays its turns
/// without ever keeping anything. In Can't Stop it never stops, so every turn ends in a bust
/// and its runners leave the board as they came (a column is only won by stopping); in 5000
/// it keeps the fewest points and never banks, so it scores only in the rare turn whose
/// third throw forces a banking of the opening threshold, or by five 1s (the arena sets such
/// runs aside).
#[derive(Debug, Clone, Copy, Default)]
pub struct Idle;

impl Bot<CantStop> for Idle {
    fn choose(&mut self, at: &Position<'_, CantStop>, _: &mut BotRng) -> usize {
        at.legal
            .iter()
            .position(|a| *a == cant_stop::Action::Roll)
            .unwrap_or(0)
    }
}

impl Bot<FiveThousand> for Idle {
    fn choose(&mut self, at: &Position<'_, FiveThousand>, _: &mut BotRng) -> usize {
        if let Some(rethrow) = at
            .legal
            .iter()
            .position(|a| *a == five_thousand::Action::Rethrow)
        {
            return rethrow;
        }
        let table = FiveThousand::view(at.state, Some(at.seat)).options.table();
        at.legal
            .iter()
            .enumerate()
            .min_by_key(|(_, a)| match a {
                five_thousand::Action::Keep { dice } => table.keep_value(*dice).unwrap_or(0),
                _ => u32::MAX,
            })
            .map_or(0, |(i, _)| i)
    }
}
