//! What an engine is to the driver ([`ValueEngine`]): a value function of a game, with
//! default ways of judging a decision and a chance event from it that an engine may replace.

use tapis_games::{Chance, Game, Seat, Turn};

use crate::dice::{arrangements, for_each_counts};

/// What an engine says of a seat's chance event, for one seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Luck {
    /// The value after the outcome minus the mean over outcomes.
    pub luck: f64,
    /// The value after the outcome.
    pub after: f64,
    /// The standard error of `luck`; `None` when exact.
    pub std_error: Option<f64>,
}

/// The values of a decision's actions, for the seat deciding.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ActionValues {
    /// The value of each legal action, in the order of the rules (empty: no values).
    pub values: Vec<f64>,
    /// Estimated values only: the samples of each action (`samples[i][k]`), sample `k` of
    /// every action drawn with the same random numbers, so that a difference between two
    /// actions is measured on paired samples. Empty for exact values.
    pub samples: Vec<Vec<f64>>,
}

impl ActionValues {
    /// Empties both lists.
    pub fn clear(&mut self) {
        self.values.clear();
        self.samples.clear();
    }

    /// The best action against `made`: its index, its value, the value of `made` and the
    /// standard error of the difference.
    ///
    /// Exact values: the first of the highest values, no error. Estimated ones: the largest
    /// of several noisy means is too high on average, so the choice and the measure are made
    /// on separate samples: the best is chosen on the first half of the samples, and both it
    /// and `made` are valued on the second half, with the error of their paired difference;
    /// where the second half finds `made` as good, `made` is the best (a cost of 0).
    pub fn best_against(&self, made: usize) -> Option<Best> {
        let half = self.samples.first().map_or(0, |s| s.len() / 2);
        if self.samples.len() != self.values.len() || half < 2 {
            let (index, value) = first_highest(self.values.iter().copied());
            let value_made = *self.values.get(made)?;
            let std_error = self
                .samples
                .get(made)
                .and_then(|m| paired_error(self.samples.get(index)?, m));
            return Some(Best {
                index,
                value,
                value_made,
                std_error,
            });
        }
        let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
        let (chosen, _) = first_highest(self.samples.iter().map(|s| mean(&s[..half])));
        let made_rest = &self.samples.get(made)?[half..];
        let chosen_rest = &self.samples.get(chosen)?[half..];
        let (index, rest) = if mean(chosen_rest) > mean(made_rest) {
            (chosen, chosen_rest)
        } else {
            (made, made_rest)
        };
        Some(Best {
            index,
            value: mean(rest),
            value_made: mean(made_rest),
            std_error: paired_error(rest, made_rest),
        })
    }
}

/// The best action of a decision against the one made ([`ActionValues::best_against`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Best {
    /// The best action's index in the legal actions.
    pub index: usize,
    /// Its value.
    pub value: f64,
    /// The value of the action made, measured as the best's.
    pub value_made: f64,
    /// The standard error of `value − value_made`; `None` when exact.
    pub std_error: Option<f64>,
}

/// The index and value of the first of the highest `values`.
fn first_highest(values: impl Iterator<Item = f64>) -> (usize, f64) {
    values
        .enumerate()
        .fold((0, f64::NEG_INFINITY), |(bi, bv), (i, v)| {
            if v > bv { (i, v) } else { (bi, bv) }
        })
}

/// The standard error of the mean of `a[k] − b[k]` (`None` under two pairs).
pub fn paired_error(a: &[f64], b: &[f64]) -> Option<f64> {
    let n = a.len().min(b.len());
    if n < 2 {
        return None;
    }
    let diffs = a.iter().zip(b).map(|(x, y)| x - y);
    let mean = diffs.clone().sum::<f64>() / n as f64;
    let var = diffs.map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    Some((var / n as f64).sqrt())
}

/// A value function of game `G`, in one unit. The driver ([`super::run`]) judges decisions
/// and chance events from it, unless the engine does it itself.
pub trait ValueEngine<G: Game> {
    /// Each seat's value in `state` (`out` holds one slot per seat, `None` on entry).
    fn values(&mut self, state: &G::State, out: &mut [Option<f64>]);

    /// The seat a chance event due in `state` belongs to.
    fn chance_owner(&self, state: &G::State) -> Option<Seat>;

    /// The number of seats of the match.
    fn seat_count(&self, state: &G::State) -> usize;

    /// Called before each step of the record with its index: an estimating engine seeds its
    /// samples from it, so that an analysis replays exactly.
    fn at_step(&mut self, index: usize) {
        let _ = index;
    }

    /// The value, for `seat`, of each action of `legal` (`out` empty on entry); by default the
    /// value of the position each one leads to. Leaves `out` empty where it has none.
    fn action_values(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        out: &mut ActionValues,
    ) {
        let mut slots = vec![None; self.seat_count(state)];
        let mut events = Vec::new();
        let mut values = Vec::with_capacity(legal.len());
        for action in legal {
            let mut next = state.clone();
            events.clear();
            if G::apply(&mut next, seat, action, &mut events).is_err() {
                return;
            }
            slots.fill(None);
            self.values(&next, &mut slots);
            match slots.get(seat).copied().flatten() {
                Some(v) => values.push(v),
                None => return,
            }
        }
        out.values.extend(values);
    }

    /// Each seat's luck when the chance event due in `state` gives `values` (`out` holds one
    /// slot per seat, `None` on entry); by default from the values of every outcome.
    fn luck(&mut self, state: &G::State, values: &[u8], out: &mut [Option<Luck>]) {
        let Turn::Chance { chance } = G::turn(state) else {
            return;
        };
        let seats = out.len();
        let Some(mean) = mean_over_outcomes::<G, _>(self, state, &chance, seats) else {
            return;
        };
        let mut next = state.clone();
        if G::apply_chance(&mut next, values, &mut Vec::new()).is_err() {
            return;
        }
        let mut slots = vec![None; seats];
        self.values(&next, &mut slots);
        for ((o, m), v) in out.iter_mut().zip(&mean).zip(&slots) {
            if let (Some(m), Some(v)) = (m, v) {
                *o = Some(Luck {
                    luck: v - m,
                    after: *v,
                    std_error: None,
                });
            }
        }
    }
}

/// Each seat's mean value over the outcomes of `chance` due in `state` (a seat `None` where
/// some outcome has no value for it); `None` where the rules refuse an outcome.
fn mean_over_outcomes<G: Game, E: ValueEngine<G> + ?Sized>(
    engine: &mut E,
    state: &G::State,
    chance: &Chance,
    seats: usize,
) -> Option<Vec<Option<f64>>> {
    let mut mean = vec![Some(0.0); seats];
    let mut slots = vec![None; seats];
    let mut events = Vec::new();
    let mut ok = true;
    for_each_outcome(chance, |outcome, p| {
        if !ok {
            return;
        }
        let mut next = state.clone();
        events.clear();
        if G::apply_chance(&mut next, outcome, &mut events).is_err() {
            ok = false;
            return;
        }
        slots.fill(None);
        engine.values(&next, &mut slots);
        for (m, v) in mean.iter_mut().zip(&slots) {
            *m = match (*m, v) {
                (Some(m), Some(v)) => Some(m + p * v),
                _ => None,
            };
        }
    });
    ok.then_some(mean)
}

/// Calls `f` with every outcome of `chance` and its probability: the dice as multisets (in
/// ascending order, each with the chance of all its orders), a draw as each kind in the bag.
pub fn for_each_outcome(chance: &Chance, mut f: impl FnMut(&[u8], f64)) {
    match *chance {
        Chance::Dice { count } => {
            let total = 6f64.powi(i32::from(count));
            let mut values = Vec::with_capacity(usize::from(count));
            for_each_counts(count, |counts| {
                values.clear();
                for (face, n) in (1..=6u8).zip(counts) {
                    values.extend(std::iter::repeat_n(face, usize::from(n)));
                }
                f(&values, arrangements(&counts) / total);
            });
        }
        Chance::Draw { counts } => {
            let total: f64 = counts.iter().map(|c| f64::from(*c)).sum();
            for (kind, n) in counts.iter().enumerate() {
                if *n > 0 {
                    f(&[kind as u8], f64::from(*n) / total);
                }
            }
        }
    }
}
