//! What a final result of the seat to act is worth at 421, over the results of the players
//! still to throw ([`Round::result_values`]).
//!
//! **The value of a final result** `r` for the seat to act, when the others use `k` throws, is
//! the expected evaluation after the round (below), over the results of the players still to
//! throw. The results already on the table are known. The players still to throw are modelled
//! (an approximation) as independent players who, with `k` throws, keep whatever maximises the
//! expected *strength* of their result, the strength being the chance that one throw of three
//! dice shows a weaker result (ties counted half): a sensible "don't be the worst" player that
//! does not react to the table. Their result distribution under that policy is exact for the
//! model. The round then depends only on the best result, the worst result, and how many
//! players share the seat's own result; the distribution of those is carried forward player by
//! player, and a tie for a role is counted as a fair draw among the tied players (the
//! tie-break throws are pure chance). Once the seat's result is neither the best nor the
//! worst, the rest of the round no longer depends on it: those rounds are valued from one table
//! over (best, worst, players left), shared by all 56 results, so that only the states where
//! the seat holds the best or the worst are carried forward (a leader's decision at 8 seats
//! stays under 100 ms; at 2 or 3 seats a few milliseconds).
//!
//! **Across rounds** a position is worth the mean number of tokens of the other players minus
//! the seat's own, in tokens; a won game is worth +21 and a lost one −21. With two players this
//! is exactly the gambler's-ruin estimate of the chance to win the décharge between equal
//! players (the tokens move by a random walk between 0 and 21), and it gives the charge's end
//! the same scale. A round of the charge moves the tokens from the pot to the loser (the end of
//! the pot checked: players left without tokens win, "l'espagnole" where the option is on); a
//! round of the décharge moves them from the best to the worst result, and a giver left with
//! none has won. When another player's tokens matter (a giver's stock, the loser of the charge
//! among several others), each other player is taken as equally likely.

use tapis_games::Seat;
use tapis_games::four_two_one::{NenetteAmount, Options, PhaseView, TableView, ZeroAtChargeEnd};

use super::results::{MAX_THROWS, NENETTE, RESULTS, index_of, tables};

/// What a won game is worth, in tokens (a lost one is worth minus that).
pub const WIN: f64 = 21.0;

/// Amounts of a round go up to 10 + 2 (nénette "best plus two").
const AMOUNTS: usize = 13;

/// What the seat to act knows of the round and the game, as the solver reads it.
#[derive(Debug, Clone)]
pub struct Round {
    /// The décharge (otherwise the charge).
    pub decharge: bool,
    /// The seat's own tokens.
    pub mine: u8,
    /// The tokens of the other players of the round.
    pub others: Vec<u8>,
    /// Tokens in the pot.
    pub pot: u8,
    /// The results (indices) of the other players who have played this round.
    pub table: Vec<usize>,
    /// How many other players are still to throw after the seat.
    pub remaining: usize,
    /// The options of the match.
    pub options: Options,
}

impl Round {
    /// Reads the round from the view of the seat to act; `None` when it is not a decision of
    /// that seat's turn, or nobody else plays.
    pub fn from_view(view: &TableView, seat: Seat) -> Option<Round> {
        let decharge = match view.phase {
            PhaseView::Charge => false,
            PhaseView::Decharge => true,
            PhaseView::FirstPlayer | PhaseView::Over => return None,
        };
        let me = view.players.iter().find(|p| p.seat == seat)?;
        let mut others = Vec::new();
        let mut table = Vec::new();
        let mut remaining = 0;
        for p in &view.players {
            if p.seat == seat || !p.playing || p.sitting_out {
                continue;
            }
            others.push(p.tokens);
            match p.result {
                Some(c) => table.push(index_of(c.dice)?),
                None if p.to_play => remaining += 1,
                None => {}
            }
        }
        if others.is_empty() {
            return None;
        }
        Some(Round {
            decharge,
            mine: me.tokens,
            others,
            pot: view.pot,
            table,
            remaining,
            options: view.options.clone(),
        })
    }

    /// The position's worth after the tokens moved: the others' mean minus the seat's own.
    fn worth(&self, mine: u8, others: &[u8]) -> f64 {
        let n = others.len().max(1) as f64;
        let total: f64 = others.iter().map(|t| f64::from(*t)).sum();
        total / n - f64::from(mine)
    }

    /// The amount of a round whose best result is `best`, worst `worst`; `tie` when the seat
    /// had to break a tie.
    fn amount(&self, best: usize, worst: usize, tie: bool) -> usize {
        if tie && self.options.tie_break_amount_one {
            return 1;
        }
        let best_tokens = usize::from(tables().tokens[best]);
        if worst != NENETTE {
            return best_tokens;
        }
        match self.options.nenette_amount {
            NenetteAmount::FixedTwo => 2,
            NenetteAmount::AtLeastTwo => best_tokens.max(2),
            NenetteAmount::BestPlusTwo => best_tokens + 2,
        }
    }

    /// For each amount: the worth after the round when the seat loses it (takes, or receives),
    /// when it gives (décharge), and when neither (another loses; in the décharge another
    /// gives to a third).
    fn endings(&self) -> [[f64; 3]; AMOUNTS] {
        let mut out = [[0.0; 3]; AMOUNTS];
        let n = self.others.len() as f64;
        let mut others = self.others.clone();
        for (a, row) in out.iter_mut().enumerate() {
            let due = u8::try_from(a).unwrap_or(u8::MAX);
            if self.decharge {
                // The seat gives.
                let given = due.min(self.mine);
                row[1] = if given == self.mine {
                    WIN
                } else {
                    self.worth(self.mine - given, &self.others) + f64::from(given) / n
                };
                // The seat receives from another; or another gives to a third.
                let (mut lose, mut neither) = (0.0, 0.0);
                for j in 0..others.len() {
                    let held = self.others[j];
                    let given = due.min(held);
                    if given == held {
                        lose -= WIN;
                        neither -= WIN;
                    } else {
                        others[j] = held - given;
                        lose += self.worth(self.mine + given, &others);
                        others[j] = held;
                        neither += self.worth(self.mine, &self.others);
                    }
                }
                row[0] = lose / n;
                row[2] = neither / n;
            } else {
                let taken = due.min(self.pot);
                let empties = taken == self.pot;
                // The seat takes.
                let mine = self.mine + taken;
                let espagnole = self.options.espagnole && mine >= 21;
                let another_at_zero = self.options.zero_at_charge_end
                    == ZeroAtChargeEnd::WinImmediately
                    && self.others.contains(&0);
                row[0] = if empties && (espagnole || another_at_zero) {
                    -WIN
                } else {
                    self.worth(mine, &self.others)
                };
                // Another takes.
                let mut sum = 0.0;
                for j in 0..others.len() {
                    let held = self.others[j];
                    others[j] = held + taken;
                    sum += if empties && self.options.espagnole && others[j] >= 21 {
                        WIN
                    } else if empties
                        && self.options.zero_at_charge_end == ZeroAtChargeEnd::WinImmediately
                    {
                        if self.mine == 0 {
                            WIN
                        } else if others.contains(&0) {
                            -WIN
                        } else {
                            self.worth(self.mine, &others)
                        }
                    } else {
                        self.worth(self.mine, &others)
                    };
                    others[j] = held;
                }
                row[2] = sum / n;
                row[1] = row[2];
            }
        }
        out
    }

    /// The worth of each final result of the seat when the players still to throw use `k`
    /// throws: the mean, over their results (the model's), of the worth after the round.
    pub fn result_values(&self, k: usize, work: &mut Work) -> [f64; RESULTS] {
        let t = tables();
        let model = &t.others[usize::from(self.options.le_bon)][k.clamp(1, MAX_THROWS)];
        let endings = self.endings();
        // Once the seat's result is neither the best nor the worst, the rest of the round no
        // longer depends on it: `settled[j][(b, w)]` is the worth of a round whose best and
        // worst are `b` and `w` with `j` players still to throw, shared by every result.
        let m = self.remaining;
        work.settled.clear();
        work.settled.resize((m + 1) * PAIRS, 0.0);
        for b in 0..RESULTS {
            for w in b..RESULTS {
                let a = self.amount(b, w, false).min(AMOUNTS - 1);
                work.settled[b * RESULTS + w] = endings[a][2];
            }
        }
        for j in 1..=m {
            let (done, now) = work.settled.split_at_mut(j * PAIRS);
            let before = &done[(j - 1) * PAIRS..];
            for b in 0..RESULTS {
                for w in b..RESULTS {
                    now[b * RESULTS + w] = model
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| **q > 0.0)
                        .map(|(x, q)| q * before[b.min(x) * RESULTS + w.max(x)])
                        .sum();
                }
            }
        }
        let mut values = [0.0; RESULTS];
        for (r, value) in values.iter_mut().enumerate() {
            let (mut best, mut worst, mut same) = (r, r, 1usize);
            for x in &self.table {
                best = best.min(*x);
                worst = worst.max(*x);
                same += usize::from(*x == r);
            }
            if best < r && worst > r {
                *value = work.settled[m * PAIRS + best * RESULTS + worst];
                continue;
            }
            let mut settled = 0.0;
            work.start(key(r, best, worst, same));
            for j in (0..m).rev() {
                settled += work.step(r, model, j);
            }
            *value = settled
                + work
                    .states()
                    .map(|(k, p)| {
                        let (best, worst, same) = unkey(k);
                        let share = 1.0 / same as f64;
                        let lose = if worst == r { share } else { 0.0 };
                        let give = if self.decharge && best == r {
                            share
                        } else {
                            0.0
                        };
                        let tie = same > 1 && (worst == r || (self.decharge && best == r));
                        let a = self.amount(best, worst, tie).min(AMOUNTS - 1);
                        let e = endings[a];
                        p * (lose * e[0] + give * e[1] + (1.0 - lose - give) * e[2])
                    })
                    .sum::<f64>();
        }
        values
    }
}

/// The most players sharing a result that are told apart (8 seats at most).
const SAME_CAP: usize = 8;
const KEYS: usize = RESULTS * RESULTS * (SAME_CAP + 1);
/// The pairs (best, worst) of results.
const PAIRS: usize = RESULTS * RESULTS;

/// The state of a round seen from result `r`: its best and worst result and how many players
/// share `r` (kept only while `r` is the best or the worst: otherwise it cannot matter).
fn key(r: usize, best: usize, worst: usize, same: usize) -> usize {
    let same = if best < r && worst > r {
        1
    } else {
        same.min(SAME_CAP)
    };
    (best * RESULTS + worst) * (SAME_CAP + 1) + same
}

fn unkey(k: usize) -> (usize, usize, usize) {
    let same = k % (SAME_CAP + 1);
    let pair = k / (SAME_CAP + 1);
    (pair / RESULTS, pair % RESULTS, same.max(1))
}

/// The buffers of the forward pass over the players still to throw, reused across results.
#[derive(Debug)]
pub struct Work {
    /// The mass of each live state (zero elsewhere).
    mass: Vec<f64>,
    /// The masses being built by a step (zero between steps).
    other: Vec<f64>,
    live: Vec<usize>,
    next: Vec<usize>,
    /// The worth of settled rounds by players left to throw and (best, worst).
    settled: Vec<f64>,
}

impl Default for Work {
    fn default() -> Self {
        Work {
            mass: vec![0.0; KEYS],
            other: vec![0.0; KEYS],
            live: Vec::with_capacity(1024),
            next: Vec::with_capacity(1024),
            settled: Vec::new(),
        }
    }
}

impl Work {
    fn start(&mut self, k: usize) {
        for i in self.live.drain(..) {
            self.mass[i] = 0.0;
        }
        self.mass[k] = 1.0;
        self.live.push(k);
    }

    /// One more player throws, their result drawn from `model`, leaving `left` to throw
    /// after them. States where the seat's result `r` becomes neither the best nor the worst
    /// leave the pass: the worth of their mass is returned.
    fn step(&mut self, r: usize, model: &[f64; RESULTS], left: usize) -> f64 {
        self.next.clear();
        let settled = &self.settled[left * PAIRS..(left + 1) * PAIRS];
        let mut worth = 0.0;
        for &k in &self.live {
            let p = std::mem::take(&mut self.mass[k]);
            let (best, worst, same) = unkey(k);
            // The live states have `r` as their best or worst, so no result strictly between
            // the two is `r`: those leave the state as it is, and are added at once.
            if worst > best + 1 {
                let inside: f64 = model[best + 1..worst].iter().sum();
                if inside > 0.0 {
                    if self.other[k] == 0.0 {
                        self.next.push(k);
                    }
                    self.other[k] += p * inside;
                }
            }
            let outside = (0..=best).chain(worst.max(best + 1)..RESULTS);
            for (x, q) in outside.map(|x| (x, model[x])) {
                if q == 0.0 {
                    continue;
                }
                let q = &q;
                let (b, w) = (best.min(x), worst.max(x));
                if b < r && w > r {
                    worth += p * q * settled[b * RESULTS + w];
                    continue;
                }
                let nk = key(r, b, w, same + usize::from(x == r));
                if self.other[nk] == 0.0 {
                    self.next.push(nk);
                }
                self.other[nk] += p * q;
            }
        }
        std::mem::swap(&mut self.mass, &mut self.other);
        std::mem::swap(&mut self.live, &mut self.next);
        worth
    }

    fn states(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.live.iter().map(|i| (*i, self.mass[*i]))
    }
}
