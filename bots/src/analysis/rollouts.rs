//! Estimated values by rollouts, for the games without an exact engine.
//!
//! A position's value for each seat is the mean, over `samples` rollouts, of what the match
//! gives it when played on from there by a fast policy ([`Settings::policy`], a baseline of
//! the crate, with a share `epsilon` of uniform random moves so that play varies): 1 for a
//! win (shared on a tie), 0 for a loss. A rollout that reaches the horizon before the end is
//! judged there by the bots' evaluation ([`crate::Evaluate::values`], each seat's estimated chance of
//! winning). A solo match is judged by the same evaluation, its only seat always placing first.
//!
//! **Common random numbers.** Rollout `k` of a step draws its dice and its policy's choices
//! from generators seeded by the record, the step's index and `k`, whatever position it starts
//! from: the actions of one decision are compared on paired samples, and the standard error
//! of a cost is that of the paired differences, much smaller than either value's. A chance
//! event's luck is measured the same way: rollout `k` after the outcome thrown against rollout
//! `k` from before it (its outcome drawn by a third generator), so its mean is the value after
//! the outcome minus the mean over outcomes, GNU Backgammon's luck, with its paired error.
//!
//! Pure: the generators are seeded from the record alone, so an analysis replays exactly.

use rand::{RngExt, SeedableRng};
use tapis_games::playout::chance_values;
use tapis_games::{Game, Outcome, Seat, Turn};

use super::engine::{ActionValues, Luck, ValueEngine, paired_error};
use super::types::{MatchRecord, RecordStep};
use crate::bot::{Bot, BotRng, Position};
use crate::level::Budget;
use crate::roster::{BotKind, Roster, bot_for};
use crate::search::RngChooser;

/// How a game's positions are rolled out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Rollouts per position (at least 2, for a standard error).
    pub samples: usize,
    /// Steps (decisions and chance events) a rollout plays before the evaluation judges.
    pub horizon: usize,
    /// The policy that plays every seat.
    pub policy: BotKind,
    /// The share of the policy's decisions made uniformly at random instead.
    pub epsilon: f64,
    /// The budget the policy thinks with (the baselines ignore it).
    pub budget: Budget,
}

/// The rollout engine of game `G`.
pub struct Rollouts<G: Roster> {
    seats: usize,
    settings: Settings,
    policy: Box<dyn Bot<G>>,
    record_seed: u64,
    step_seed: u64,
    /// The positions valued at this step, with each seat's mean.
    known: Vec<(G::State, Vec<f64>)>,
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
    dice: Vec<u8>,
    rewards: Vec<f64>,
}

impl<G: Roster> std::fmt::Debug for Rollouts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rollouts")
            .field("seats", &self.seats)
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// Mixes `a` and `b` into a seed (SplitMix64's finaliser).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seed drawn from the record: its game, seats, and every step's kind, seat and values.
pub fn record_seed(record: &MatchRecord) -> u64 {
    let mut seed = mix(0x7a91_5eed, record.seats as u64);
    for byte in record.game.as_str().bytes() {
        seed = mix(seed, u64::from(byte));
    }
    for step in &record.steps {
        seed = match step {
            RecordStep::Action { seat, .. } => mix(seed, 1 + *seat as u64),
            RecordStep::Leave { seat } => mix(seed, 100 + *seat as u64),
            RecordStep::Chance { values } => values
                .iter()
                .fold(mix(seed, 200), |s, v| mix(s, u64::from(*v))),
        };
    }
    seed
}

/// Each seat's share of the win in a finished match: 1 for the only first, shared on a tie.
/// A solo match is judged by the evaluation.
fn win_shares<G: Roster>(state: &G::State, outcome: &Outcome, out: &mut Vec<f64>) {
    if outcome.ranking.len() <= 1 {
        G::values(state, out);
        return;
    }
    out.clear();
    out.resize(outcome.ranking.len(), 0.0);
    for (seat, share) in shares_of_the_win(outcome) {
        if let Some(slot) = out.get_mut(seat) {
            *slot = share;
        }
    }
}

/// Each seat's share of the win in `outcome`: the seats ranked first share it equally, the
/// others have none.
pub(super) fn shares_of_the_win(outcome: &Outcome) -> impl Iterator<Item = (Seat, f64)> + '_ {
    let firsts = outcome
        .ranking
        .iter()
        .filter(|p| p.rank == 1)
        .count()
        .max(1);
    outcome.ranking.iter().map(move |p| {
        (
            p.seat,
            if p.rank == 1 {
                1.0 / firsts as f64
            } else {
                0.0
            },
        )
    })
}

impl<G: Roster> Rollouts<G> {
    /// The engine of `record`'s match; `None` where the policy does not play `G`.
    pub fn new(record: &MatchRecord, settings: Settings) -> Option<Rollouts<G>> {
        let seed = record_seed(record);
        Some(Rollouts {
            seats: record.seats,
            settings: Settings {
                samples: settings.samples.max(2),
                ..settings
            },
            policy: bot_for::<G>(settings.policy)?,
            record_seed: seed,
            step_seed: seed,
            known: Vec::new(),
            actions: Vec::new(),
            events: Vec::new(),
            dice: Vec::new(),
            rewards: Vec::new(),
        })
    }

    /// Plays rollout `k` on from `state` (first throwing the chance event due, drawn by a
    /// generator of its own, when `draw_first`) and leaves each seat's reward in
    /// `self.rewards`; `false` where the rules refuse a step (never expected).
    fn roll(&mut self, state: &mut G::State, k: usize, draw_first: bool) -> bool {
        let sample = mix(self.step_seed, k as u64);
        let mut dice = BotRng::seed_from_u64(mix(sample, 1));
        let mut choices = BotRng::seed_from_u64(mix(sample, 2));
        if draw_first {
            let Turn::Chance { chance } = G::turn(state) else {
                return false;
            };
            let mut first = BotRng::seed_from_u64(mix(sample, 3));
            chance_values(&chance, &mut RngChooser(&mut first), &mut self.dice);
            self.events.clear();
            if G::apply_chance(state, &self.dice, &mut self.events).is_err() {
                return false;
            }
        }
        for _ in 0..self.settings.horizon {
            self.events.clear();
            match G::turn(state) {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    chance_values(&chance, &mut RngChooser(&mut dice), &mut self.dice);
                    if G::apply_chance(state, &self.dice, &mut self.events).is_err() {
                        return false;
                    }
                }
                Turn::Seat { seat } => {
                    if !self.play(state, seat, &mut choices) {
                        return false;
                    }
                }
            }
        }
        match G::outcome(state) {
            Some(outcome) => win_shares::<G>(state, &outcome, &mut self.rewards),
            None => G::values(state, &mut self.rewards),
        }
        self.rewards.resize(self.seats, 0.0);
        true
    }

    /// Plays the policy's decision for `seat` in `state`.
    fn play(&mut self, state: &mut G::State, seat: Seat, rng: &mut BotRng) -> bool {
        self.actions.clear();
        G::legal_actions(state, seat, &mut self.actions);
        let n = self.actions.len();
        let pick = if n <= 1 {
            0
        } else if rng.random::<f64>() < self.settings.epsilon {
            rng.random_range(0..n)
        } else {
            let at = Position {
                state,
                seat,
                legal: &self.actions,
                budget: self.settings.budget,
            };
            self.policy.choose(&at, rng).min(n - 1)
        };
        let Some(action) = self.actions.get(pick).cloned() else {
            return false;
        };
        G::apply(state, seat, &action, &mut self.events).is_ok()
    }

    /// The rewards of every rollout from `state`, seat by seat (`out[k * seats + s]`).
    fn samples(&mut self, state: &G::State, draw_first: bool, out: &mut Vec<f64>) -> bool {
        out.clear();
        for k in 0..self.settings.samples {
            let mut next = state.clone();
            if !self.roll(&mut next, k, draw_first) {
                return false;
            }
            out.extend_from_slice(&self.rewards);
        }
        true
    }

    /// Each seat's mean of `samples`, remembered for `state`.
    fn remember(&mut self, state: G::State, samples: &[f64]) -> Vec<f64> {
        let n = self.settings.samples as f64;
        let means: Vec<f64> = (0..self.seats)
            .map(|s| samples.iter().skip(s).step_by(self.seats).sum::<f64>() / n)
            .collect();
        self.known.push((state, means.clone()));
        means
    }

    /// The samples of `seat` in `samples`.
    fn seat_samples(&self, samples: &[f64], seat: Seat) -> Vec<f64> {
        samples
            .iter()
            .skip(seat)
            .step_by(self.seats)
            .copied()
            .collect()
    }
}

impl<G: Roster> ValueEngine<G> for Rollouts<G> {
    fn values(&mut self, state: &G::State, out: &mut [Option<f64>]) {
        if let Some(outcome) = G::outcome(state) {
            win_shares::<G>(state, &outcome, &mut self.rewards);
            for (o, r) in out.iter_mut().zip(&self.rewards) {
                *o = Some(*r);
            }
            return;
        }
        let means = match self.known.iter().find(|(s, _)| s == state) {
            Some((_, means)) => means.clone(),
            None => {
                let mut samples = Vec::new();
                if !self.samples(state, false, &mut samples) {
                    return;
                }
                self.remember(state.clone(), &samples)
            }
        };
        for (o, m) in out.iter_mut().zip(means) {
            *o = Some(m);
        }
    }

    fn chance_owner(&self, state: &G::State) -> Option<Seat> {
        next_seat::<G>(state)
    }

    fn seat_count(&self, _state: &G::State) -> usize {
        self.seats
    }

    fn at_step(&mut self, index: usize) {
        self.step_seed = mix(self.record_seed, index as u64);
        self.known.clear();
    }

    fn action_values(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        out: &mut ActionValues,
    ) {
        let mut samples = Vec::new();
        let mut events = Vec::new();
        for action in legal {
            let mut next = state.clone();
            events.clear();
            if G::apply(&mut next, seat, action, &mut events).is_err()
                || !self.samples(&next, false, &mut samples)
            {
                out.clear();
                return;
            }
            let mine = self.seat_samples(&samples, seat);
            self.remember(next, &samples);
            out.values
                .push(mine.iter().sum::<f64>() / mine.len() as f64);
            out.samples.push(mine);
        }
    }

    fn luck(&mut self, state: &G::State, values: &[u8], out: &mut [Option<Luck>]) {
        let mut before = Vec::new();
        let mut after = Vec::new();
        let mut next = state.clone();
        if !self.samples(state, true, &mut before)
            || G::apply_chance(&mut next, values, &mut Vec::new()).is_err()
            || !self.samples(&next, false, &mut after)
        {
            return;
        }
        let n = self.settings.samples as f64;
        for (seat, slot) in out.iter_mut().enumerate() {
            let (b, a) = (
                self.seat_samples(&before, seat),
                self.seat_samples(&after, seat),
            );
            let mean_after = a.iter().sum::<f64>() / n;
            let mean_before = b.iter().sum::<f64>() / n;
            *slot = Some(Luck {
                luck: mean_after - mean_before,
                after: mean_after,
                std_error: paired_error(&a, &b),
            });
        }
        self.remember(next, &after);
    }
}

/// The seat the chance event due in `state` belongs to: the one its outcomes hand the turn
/// to, weighed by their probabilities (a throw that busts passes the turn on, most do not);
/// `None` where most lead to another chance event or to the end.
pub fn next_seat<G: Game>(state: &G::State) -> Option<Seat> {
    let Turn::Chance { chance } = G::turn(state) else {
        return None;
    };
    let mut weights: Vec<f64> = Vec::new();
    let mut none = 0.0;
    super::engine::for_each_outcome(&chance, |outcome, p| {
        let mut next = state.clone();
        let acts = match G::apply_chance(&mut next, outcome, &mut Vec::new()) {
            Ok(()) => match G::turn(&next) {
                Turn::Seat { seat } => Some(seat),
                _ => None,
            },
            Err(_) => None,
        };
        match acts {
            Some(seat) => {
                if weights.len() <= seat {
                    weights.resize(seat + 1, 0.0);
                }
                weights[seat] += p;
            }
            None => none += p,
        }
    });
    let (seat, weight) =
        weights.iter().copied().enumerate().fold(
            (0, 0.0),
            |best, (s, w)| if w > best.1 { (s, w) } else { best },
        );
    (weight > none).then_some(seat)
}
