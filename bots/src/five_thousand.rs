//! 5000 played to win the match: the strong bot maximises its probability of winning, not the
//! points of its turn, so it banks earlier when ahead and pushes on when behind.
//!
//! It plays from two exact computations: the solved match (`five_thousand/solution.rs`: for
//! every pair of banked scores, the chance that the player about to throw wins), and each turn
//! solved for the values of its endings that the match gives (`five_thousand/turn.rs`), over
//! the throws of one to five dice (`five_thousand/throws.rs`). Every decision of the turn is
//! then the best for the match.
//!
//! With more than two players the bot plays against the best-placed opponent still in the
//! game, as if the match were a duel with them: an approximation.
//!
//! The same turn solver, valuing a banked gain by its points and a lost turn at nothing, is
//! the `max-points` baseline: the player that maximises the expected points of each turn.
//!
//! **The evaluation** the search of the easy and medium levels judges by is the banked score
//! plus most of the turn total (it is not banked yet).
//!
//! The table covers the default rules and any target, opening threshold, straight value and
//! extra multiples; with another target rule, compulsory hot dice, a fresh count of throws
//! after hot dice or a played-out last round, the strong level plays the generic search and
//! `max-points` the `greedy` baseline.

mod solution;
mod throws;
mod turn;

use std::sync::Arc;

use tapis_games::five_thousand::{Action, DICE, FiveThousand, Options, Phase, THROW_LIMIT};
use tapis_games::{Game, Seat};

use crate::baselines;
use crate::bot::{Bot, Position};
use crate::evaluate::{Evaluate, seat_to_act};
use crate::exact::{Choice, Exact, ValueActions};
use crate::level::Level;
use crate::search;
pub use solution::{Solution, solved};
use throws::Throws;
pub use throws::{Rules, STEP};
pub use turn::{TurnSolver, Val};

/// What a turn's endings are worth to a bot.
#[derive(Debug, Clone, Copy)]
enum Aim {
    /// The chance of winning the match (the solution's values).
    Win,
    /// The points banked (counted up to the target); nothing for a lost turn.
    Points,
}

/// Where the player to act stands, read from the state.
struct Spot {
    phase: Phase,
    throws_used: u8,
    /// Dice thrown (keep phase) or in hand (decide phase; 5 after hot dice).
    dice: u8,
    total: u16,
    score: u16,
    /// The best-placed opponent still playing.
    opponent: u16,
}

/// The position of `seat` and the match's options.
fn spot(state: &<FiveThousand as Game>::State, seat: usize) -> Option<(Spot, Options)> {
    let view = FiveThousand::view(state, Some(seat));
    let steps = |points: u32| u16::try_from(points / STEP).ok();
    let score = steps(view.players.get(seat)?.score)?;
    let opponent = view
        .players
        .iter()
        .filter(|p| p.seat != seat && !p.resigned)
        .map(|p| p.score)
        .max()
        .unwrap_or(0);
    let dice = match (view.phase, view.dice_in_hand) {
        (Phase::Decide, 0) => DICE,
        (_, n) => n,
    };
    let spot = Spot {
        phase: view.phase,
        throws_used: view.throws_used,
        dice,
        total: steps(view.turn_total)?,
        score,
        opponent: steps(opponent)?,
    };
    Some((spot, view.options))
}

/// What a 5000 bot plays every decision of its turn from: the turn solved exactly for the
/// endings' values `aim` gives.
struct SolvedTurns {
    aim: Aim,
    solver: Option<(Rules, TurnSolver)>,
}

/// A bot playing the best action of its solved turns, `fallback` where they do not apply.
fn turn_bot(aim: Aim, fallback: Box<dyn Bot<FiveThousand>>) -> Box<dyn Bot<FiveThousand>> {
    let turns = SolvedTurns { aim, solver: None };
    Box::new(Exact::new(turns, Choice::Best, fallback))
}

/// The strong 5000 bot: the best chance of winning the match.
pub fn strong_bot() -> Box<dyn Bot<FiveThousand>> {
    turn_bot(Aim::Win, search::level_bot::<FiveThousand>(Level::Strong))
}

/// The `max-points` baseline: the most points expected from each turn.
pub fn max_points_bot() -> Box<dyn Bot<FiveThousand>> {
    turn_bot(Aim::Points, Box::new(baselines::Greedy))
}

impl ValueActions<FiveThousand> for SolvedTurns {
    /// Values every legal action; `false` where the solution does not describe the position.
    fn value_actions(&mut self, at: &Position<'_, FiveThousand>, values: &mut Vec<f64>) -> bool {
        let Some((spot, options)) = spot(at.state, at.seat) else {
            return false;
        };
        let Some(rules) = Rules::for_options(&options) else {
            return false;
        };
        if spot.score >= rules.target || spot.opponent >= rules.target || spot.dice == 0 {
            return false;
        }
        let solution = match self.aim {
            Aim::Win => match solved(&options) {
                Some(solution) => Some(solution),
                None => return false,
            },
            Aim::Points => None,
        };
        let solver = match &mut self.solver {
            Some((r, solver)) if *r == rules => solver,
            slot => {
                let throws = match &solution {
                    Some(s) => Arc::clone(&s.throws),
                    None => Arc::new(Throws::new(&rules.table)),
                };
                &mut slot.insert((rules, TurnSolver::new(throws, rules))).1
            }
        };
        let (a, b) = (spot.score, spot.opponent);
        match &solution {
            Some(solution) => solution.prepare(solver, a, b, 1.0 - solution.value(b, a)),
            None => solver.start_for_points(a),
        }
        for action in at.legal {
            let value = match (spot.phase, action) {
                (Phase::Keep, Action::Keep { dice }) => {
                    let Some(points) = rules.table.keep_value(*dice) else {
                        return false;
                    };
                    let left = match spot.dice.checked_sub(dice.len()) {
                        Some(0) => DICE,
                        Some(left) => left,
                        None => return false,
                    };
                    let steps = (points / STEP) as u16;
                    solver.decide(spot.throws_used, left, spot.total + steps)
                }
                (Phase::Decide, Action::Bank) if solver.may_bank(spot.total) => {
                    solver.bank_value(spot.total)
                }
                // With the target's worth in hand, banking wins: never throw again.
                (Phase::Decide, Action::Rethrow) if spot.total >= solver.cap => Val {
                    value: f64::NEG_INFINITY,
                    lost: 0.0,
                },
                (Phase::Decide, Action::Rethrow) if spot.throws_used < THROW_LIMIT => {
                    solver.throw(spot.throws_used, spot.dice, spot.total)
                }
                _ => return false,
            };
            values.push(value.value);
        }
        true
    }
}

/// The exact chance that the seat to play wins a two-player match, in any position of its
/// turn (for the analysis of finished matches): the solved match between turns, the turn
/// solved for the solution's values within it.
#[derive(Debug)]
pub(crate) struct MatchValues {
    solution: Arc<Solution>,
    rules: Rules,
    solver: TurnSolver,
    /// The banked scores (in steps) the solver is set up for.
    prepared: Option<(u16, u16)>,
}

impl MatchValues {
    /// The values of matches played with `options`; `None` where the solution does not apply.
    pub(crate) fn new(options: &Options) -> Option<MatchValues> {
        let solution = solved(options)?;
        let rules = solution.rules;
        let solver = TurnSolver::new(Arc::clone(&solution.throws), rules);
        Some(MatchValues {
            solution,
            rules,
            solver,
            prepared: None,
        })
    }

    /// The first player's chance of winning.
    pub(crate) fn start_value(&self) -> f64 {
        self.solution.start_value()
    }

    /// The seat to play in `state` and its chance of winning against the other seat, both
    /// playing their best from here; `None` once the game is over or where the solution does
    /// not describe the position.
    pub(crate) fn mover_value(
        &mut self,
        state: &<FiveThousand as Game>::State,
    ) -> Option<(Seat, f64)> {
        let seat = seat_to_play(state)?;
        let (spot, _) = spot(state, seat)?;
        let (a, b) = (spot.score, spot.opponent);
        if a >= self.rules.target || b >= self.rules.target {
            return None;
        }
        if spot.phase == Phase::Throw && spot.throws_used == 0 {
            return Some((seat, self.solution.value(a, b)));
        }
        if self.prepared != Some((a, b)) {
            let lost = 1.0 - self.solution.value(b, a);
            self.solution.prepare(&mut self.solver, a, b, lost);
            self.prepared = Some((a, b));
        }
        let solver = &mut self.solver;
        let value = match spot.phase {
            Phase::Throw if spot.total >= solver.cap => {
                // A throw with the target's worth in hand: any scoring throw wins.
                let throws = Arc::clone(&solver.throws);
                throws
                    .by_count
                    .get(usize::from(spot.dice))?
                    .iter()
                    .map(|t| {
                        let lost = !t.five_ones && t.keeps.is_empty();
                        t.probability * if lost { solver.lost } else { 1.0 }
                    })
                    .sum()
            }
            Phase::Throw => solver.throw(spot.throws_used, spot.dice, spot.total).value,
            Phase::Keep => {
                let view = FiveThousand::view(state, Some(seat));
                let mut best = f64::NEG_INFINITY;
                for keep in &view.keep_choices {
                    let left = match spot.dice.checked_sub(keep.dice.len())? {
                        0 => DICE,
                        left => left,
                    };
                    let steps = (keep.points / STEP) as u16;
                    best = best.max(
                        solver
                            .decide(spot.throws_used, left, spot.total + steps)
                            .value,
                    );
                }
                best
            }
            Phase::Decide => solver.decide(spot.throws_used, spot.dice, spot.total).value,
            Phase::Over => return None,
        };
        Some((seat, value))
    }
}

/// The seat whose turn it is, while the game goes on.
fn seat_to_play(state: &<FiveThousand as Game>::State) -> Option<Seat> {
    let view = FiveThousand::view(state, None);
    (view.phase != Phase::Over).then_some(view.seat)
}

/// A seat's banked score plus `pending_weight` of the turn total when the turn is its own.
fn banked_and_pending(
    state: &<FiveThousand as Game>::State,
    seat: Seat,
    pending_weight: f64,
) -> f64 {
    let view = FiveThousand::view(state, None);
    // The view lists the players by seat.
    let banked = view.players.get(seat).map_or(0, |p| p.score);
    let pending = if view.seat == seat && seat_to_act::<FiveThousand>(state).is_some() {
        pending_weight * f64::from(view.turn_total)
    } else {
        0.0
    };
    f64::from(banked) + pending
}

impl Evaluate for FiveThousand {
    const ROLLOUT_STEPS: usize = 16;

    fn seats(state: &<FiveThousand as Game>::State) -> usize {
        FiveThousand::view(state, None).players.len()
    }

    fn score(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        banked_and_pending(state, seat, 1.0)
    }

    fn standing(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        // A turn total is not banked yet: count most of it.
        banked_and_pending(state, seat, 0.8)
    }

    fn score_scale() -> f64 {
        900.0
    }

    fn solo_mid() -> f64 {
        2500.0
    }
}

#[cfg(test)]
mod tests;
