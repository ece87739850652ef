//! 421's evaluation (for the search of the easy and medium levels: fewer tokens is better) and
//! its strong bot: every throw decision of a round solved exactly, over the 56 results, for
//! the expected change of a token evaluation.
//!
//! **A turn** is a small decision process over the dice (56 multisets of three faces) and the
//! throws used (1 to 3). After a throw the player either keeps the dice (the leader's
//! `Stop`, a follower's "le bon" where the option is on, or the end of the throws allowed) or
//! re-throws one of the distinct sub-multisets of the dice (at most seven choices), a re-throw
//! being worth the mean, over the faces the thrown dice can show (exact probabilities), of the
//! best continuation. The process is solved backwards from the last throw allowed: at most
//! 3 × 56 × 7 expectations of at most 56 terms. The leader's stop after `t` throws also fixes
//! `k = t` for the others, so its ending is valued with the others throwing `t` times.
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
//!
//! Other approximations: the players still to throw do not see the results on the table; with
//! `tie_break_amount_one`, only the seat's own ties change the amount. Everything else of the
//! options is followed (nénette amount, single-throw charge, le bon, sitting out the décharge
//! is valued linearly). Where the view is not a decision of a turn (never asked in practice),
//! the strong level plays the generic search.

use std::sync::OnceLock;

use tapis_games::Game;
use tapis_games::Seat;
use tapis_games::four_two_one::{
    Action, Faces, FourTwoOne, NenetteAmount, Options, PhaseView, TableView, ZeroAtChargeEnd,
    combination,
};

use crate::bot::{Bot, Position};
use crate::evaluate::Evaluate;
use crate::exact::{Choice, Exact, ValueActions};
use crate::level::Level;
use crate::search;

/// The number of results of three dice, indexed by rank − 1 (0 is 4-2-1, 55 the nénette).
pub const RESULTS: usize = combination::RESULTS;

/// The index of the nénette.
const NENETTE: usize = RESULTS - 1;

/// The most throws of a turn.
pub const MAX_THROWS: usize = 3;

/// What a won game is worth, in tokens (a lost one is worth minus that).
pub const WIN: f64 = 21.0;

/// Amounts of a round go up to 10 + 2 (nénette "best plus two").
const AMOUNTS: usize = 13;

/// The result index of three dice (in any order), `None` outside 1..=6.
pub fn index_of(dice: [u8; 3]) -> Option<usize> {
    let rank = usize::from(combination::rank(dice));
    (1..=RESULTS).contains(&rank).then(|| rank - 1)
}

/// A re-throw of some of the dice and the results it leads to.
#[derive(Debug)]
pub struct Reroll {
    /// The faces thrown again.
    pub faces: Faces,
    /// Each result the throw can give (index) and its probability.
    pub outcomes: Vec<(usize, f64)>,
}

/// The dice of the game, worked out once.
#[derive(Debug)]
pub struct Tables {
    /// The dice of each result, highest first.
    pub dice: [[u8; 3]; RESULTS],
    /// The token value of each result.
    pub tokens: [u8; RESULTS],
    /// The distinct re-throws of each result.
    pub rerolls: Vec<Vec<Reroll>>,
    /// A throw of the three dice.
    pub throw: Vec<(usize, f64)>,
    /// The model's strength of each result: the chance that one throw is weaker, ties half.
    pub strength: [f64; RESULTS],
    /// The model of another player: their result distribution with `k` throws (index `k`,
    /// 1..=3), without and with "le bon".
    pub others: [[[f64; RESULTS]; MAX_THROWS + 1]; 2],
}

/// The tables, built at their first use in the process (well under a millisecond).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::new)
}

/// The ordered throws of `count` dice added to `kept`, gathered by result.
fn outcomes(kept: &[u8], count: u32) -> Vec<(usize, f64)> {
    let mut mass = [0.0; RESULTS];
    let total = 6u32.pow(count);
    let each = 1.0 / f64::from(total);
    for code in 0..total {
        let mut dice = [0u8; 3];
        let mut rest = code;
        for (slot, die) in dice.iter_mut().enumerate() {
            if let Some(face) = kept.get(slot) {
                *die = *face;
            } else {
                // rest % 6 < 6, so the face fits in a u8.
                *die = (rest % 6) as u8 + 1;
                rest /= 6;
            }
        }
        if let Some(i) = index_of(dice) {
            mass[i] += each;
        }
    }
    mass.iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, p)| (i, *p))
        .collect()
}

impl Tables {
    fn new() -> Tables {
        let mut dice = [[0u8; 3]; RESULTS];
        let mut tokens = [0u8; RESULTS];
        for (i, c) in combination::Combination::all().enumerate().take(RESULTS) {
            dice[i] = c.dice;
            tokens[i] = c.tokens;
        }
        let rerolls: Vec<Vec<Reroll>> = dice
            .iter()
            .map(|d| {
                let mut list: Vec<Reroll> = Vec::new();
                for mask in 1..8u8 {
                    let mut thrown = Faces::EMPTY;
                    let mut kept = Faces::EMPTY;
                    for (slot, face) in d.iter().enumerate() {
                        if mask & (1 << slot) != 0 {
                            thrown = thrown.with(*face).unwrap_or(thrown);
                        } else {
                            kept = kept.with(*face).unwrap_or(kept);
                        }
                    }
                    if list.iter().any(|r| r.faces == thrown) {
                        continue;
                    }
                    list.push(Reroll {
                        faces: thrown,
                        outcomes: outcomes(kept.as_slice(), thrown.len() as u32),
                    });
                }
                list
            })
            .collect();
        let throw = outcomes(&[], 3);
        let mut strength = [0.0; RESULTS];
        for (i, s) in strength.iter_mut().enumerate() {
            *s = throw
                .iter()
                .map(|(j, p)| match j.cmp(&i) {
                    std::cmp::Ordering::Greater => *p,
                    std::cmp::Ordering::Equal => p / 2.0,
                    std::cmp::Ordering::Less => 0.0,
                })
                .sum();
        }
        let mut tables = Tables {
            dice,
            tokens,
            rerolls,
            throw,
            strength,
            others: [[[0.0; RESULTS]; MAX_THROWS + 1]; 2],
        };
        for le_bon in [false, true] {
            for k in 1..=MAX_THROWS {
                tables.others[usize::from(le_bon)][k] = tables.model_distribution(k, le_bon);
            }
        }
        tables
    }

    /// The result distribution of the model of another player using `k` throws.
    fn model_distribution(&self, k: usize, le_bon: bool) -> [f64; RESULTS] {
        let strength = self.strength;
        let values = self.solve_turn(k, le_bon, |_, d| strength[d]);
        let mut now = [0.0; RESULTS];
        for (d, p) in &self.throw {
            now[*d] += p;
        }
        let mut done = [0.0; RESULTS];
        for used in 1..k {
            let mut next = [0.0; RESULTS];
            for (d, p) in now.iter().enumerate() {
                if *p == 0.0 {
                    continue;
                }
                let mut best: Option<(f64, &Reroll)> = None;
                for r in &self.rerolls[d] {
                    let v = expect(&r.outcomes, &values[used + 1]);
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, r));
                    }
                }
                match best {
                    Some((v, r)) if !(le_bon && strength[d] >= v) => {
                        for (e, q) in &r.outcomes {
                            next[*e] += p * q;
                        }
                    }
                    _ => done[d] += p,
                }
            }
            now = next;
        }
        for (d, p) in now.iter().enumerate() {
            done[d] += p;
        }
        done
    }

    /// The values of a turn allowed `limit` throws: `v[t][d]` is the value of holding result `d`
    /// after `t` throws, before deciding (`t` in 1..=limit). `end(t, d)` is what keeping `d` after
    /// `t` throws is worth; before the limit the player may keep them only if `may_stop`.
    pub fn solve_turn(
        &self,
        limit: usize,
        may_stop: bool,
        end: impl Fn(usize, usize) -> f64,
    ) -> [[f64; RESULTS]; MAX_THROWS + 1] {
        let limit = limit.clamp(1, MAX_THROWS);
        let mut v = [[0.0; RESULTS]; MAX_THROWS + 1];
        for (d, x) in v[limit].iter_mut().enumerate() {
            *x = end(limit, d);
        }
        for used in (1..limit).rev() {
            let (now, later) = v.split_at_mut(used + 1);
            let next = &later[0];
            for (d, x) in now[used].iter_mut().enumerate() {
                let mut best = if may_stop {
                    end(used, d)
                } else {
                    f64::NEG_INFINITY
                };
                for r in &self.rerolls[d] {
                    best = best.max(expect(&r.outcomes, next));
                }
                *x = best;
            }
        }
        v
    }

    /// The re-throw of the faces `faces` from result `d`.
    pub fn reroll(&self, d: usize, faces: Faces) -> Option<&Reroll> {
        self.rerolls.get(d)?.iter().find(|r| r.faces == faces)
    }
}

/// The mean of `values` over `outcomes`.
pub fn expect(outcomes: &[(usize, f64)], values: &[f64; RESULTS]) -> f64 {
    outcomes.iter().map(|(d, p)| p * values[*d]).sum()
}

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

/// The values of every legal action of the seat to act, in the order of `legal`
/// (`NEG_INFINITY` for an action the solver cannot read); `None` when the view is not a
/// decision of that seat.
pub fn action_values(view: &TableView, seat: Seat, legal: &[Action]) -> Option<Vec<f64>> {
    let current = view.current.as_ref().filter(|c| c.seat == seat)?;
    let dice = index_of(current.dice?.dice)?;
    let round = Round::from_view(view, seat)?;
    let used = usize::from(current.throws);
    let limit = usize::from(current.max_throws).clamp(1, MAX_THROWS);
    if used == 0 || used >= limit {
        return None;
    }
    let t = tables();
    let mut work = Work::default();
    let mut by_k = [[0.0; RESULTS]; MAX_THROWS + 1];
    let values = if current.leading {
        for (k, v) in by_k.iter_mut().enumerate().take(limit + 1).skip(used) {
            *v = round.result_values(k, &mut work);
        }
        t.solve_turn(limit, true, |k, d| by_k[k][d])
    } else {
        by_k[limit] = round.result_values(limit, &mut work);
        t.solve_turn(limit, round.options.le_bon, |_, d| by_k[limit][d])
    };
    let keep = if current.leading {
        by_k[used][dice]
    } else {
        by_k[limit][dice]
    };
    Some(
        legal
            .iter()
            .map(|action| match action {
                Action::Stop | Action::LeBon => keep,
                Action::Reroll { faces } => t.reroll(dice, *faces).map_or(f64::NEG_INFINITY, |r| {
                    expect(&r.outcomes, &values[used + 1])
                }),
            })
            .collect(),
    )
}

/// What the strong bot plays from: each throw decision of the round solved as it comes.
struct SolvedRounds;

/// The strong 421 bot: the best action of its solved round, the generic search where the
/// view is not a decision the solver reads.
pub fn strong_bot() -> Box<dyn Bot<FourTwoOne>> {
    let fallback = search::level_bot::<FourTwoOne>(Level::Strong);
    Box::new(Exact::new(SolvedRounds, Choice::Best, fallback))
}

impl ValueActions<FourTwoOne> for SolvedRounds {
    /// The values of [`action_values`]; `false` where it has none, or none it could read.
    fn value_actions(&mut self, at: &Position<'_, FourTwoOne>, values: &mut Vec<f64>) -> bool {
        let view = FourTwoOne::view(at.state, Some(at.seat));
        let Some(solved) = action_values(&view, at.seat, at.legal) else {
            return false;
        };
        values.extend(solved);
        values.iter().any(|v| *v > f64::NEG_INFINITY)
    }
}

impl Evaluate for FourTwoOne {
    const ROLLOUT_STEPS: usize = 30;
    // Long playouts (a round of every seat): fewer iterations keep a decision within 200 ms.
    const STRONG_SCALE: f64 = 0.75;

    fn seats(state: &<FourTwoOne as Game>::State) -> usize {
        FourTwoOne::view(state, None).players.len()
    }

    /// Fewer tokens is better: the score is minus the tokens held, plus a small share for the
    /// strength of the dice kept this turn (what a one-ply player can see).
    fn score(state: &<FourTwoOne as Game>::State, seat: Seat) -> f64 {
        let view = FourTwoOne::view(state, None);
        let tokens = view.players.get(seat).map_or(0, |p| p.tokens);
        let dice = match &view.current {
            Some(turn) if turn.seat == seat => turn.dice.map_or(0.0, |c| 57.0 - f64::from(c.rank)),
            _ => 0.0,
        };
        -f64::from(tokens) + dice / 100.0
    }

    fn standing(state: &<FourTwoOne as Game>::State, seat: Seat) -> f64 {
        let view = FourTwoOne::view(state, None);
        view.players.get(seat).map_or(0.0, |p| -f64::from(p.tokens))
    }

    fn score_scale() -> f64 {
        3.0
    }
}

#[cfg(test)]
mod tests;
