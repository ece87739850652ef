//! Linja has no dice and hides nothing: its levels search with alpha-beta (minimax over the
//! actions of a turn, which may follow one another for the same seat), deepening one action at
//! a time within a node budget, judged by the score difference where the search stops. Its
//! evaluation for the `greedy` baseline is the score.
//!
//! The budget counts nodes, not time, so a decision replays exactly from its arguments.

use rand::RngExt;
use tapis_games::linja::{self, Linja};
use tapis_games::{Game, Seat, Turn};

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::Evaluate;
use crate::level::Level;

impl Evaluate for Linja {
    const ROLLOUT_STEPS: usize = 0;

    fn seats(_: &linja::State) -> usize {
        2
    }

    fn score(state: &linja::State, seat: Seat) -> f64 {
        state.score(seat) as f64
    }

    fn score_scale() -> f64 {
        4.0
    }
}

/// Nodes searched per budget iteration.
const NODES_PER_ITERATION: u64 = 60;
/// A won game outweighs any score difference.
pub const WIN: f64 = 10_000.0;

/// Alpha-beta for Linja.
#[derive(Debug)]
pub struct AlphaBeta {
    /// Multiplies the budget's nodes.
    pub effort: f64,
    /// The deepest search, in actions.
    pub max_depth: u32,
    /// With this probability, the second-best root action instead of the best.
    pub slip: f64,
    nodes: u64,
    limit: u64,
    buffers: Vec<Vec<linja::Action>>,
}

impl AlphaBeta {
    pub fn new(effort: f64, max_depth: u32, slip: f64) -> Self {
        AlphaBeta {
            effort,
            max_depth,
            slip,
            nodes: 0,
            limit: 0,
            buffers: Vec::new(),
        }
    }

    /// The minimax value for `me` of `state`, searched `depth` actions deep within `nodes`
    /// nodes (the score margin, a won game ±10,000 more); `None` where the nodes run out.
    pub fn value(&mut self, state: &linja::State, me: Seat, depth: u32, nodes: u64) -> Option<f64> {
        self.nodes = 0;
        self.limit = nodes;
        self.search(state, me, depth, f64::NEG_INFINITY, f64::INFINITY)
    }

    fn evaluate(state: &linja::State, me: Seat) -> f64 {
        let margin = (state.score(me) - state.score(1 - me)) as f64;
        let Some(outcome) = Linja::outcome(state) else {
            return margin;
        };
        let mine = outcome
            .ranking
            .iter()
            .find(|p| p.seat == me)
            .map(|p| p.rank);
        let other = outcome
            .ranking
            .iter()
            .find(|p| p.seat != me)
            .map(|p| p.rank);
        match (mine, other) {
            (Some(a), Some(b)) if a < b => WIN + margin,
            (Some(a), Some(b)) if a > b => -WIN + margin,
            _ => margin,
        }
    }

    /// The minimax value of `state` for `me`, or `None` when the node budget ran out.
    fn search(
        &mut self,
        state: &linja::State,
        me: Seat,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> Option<f64> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let seat = match Linja::turn(state) {
            Turn::Seat { seat } if depth > 0 => seat,
            _ => return Some(Self::evaluate(state, me)),
        };
        let level = depth as usize;
        while self.buffers.len() <= level {
            self.buffers.push(Vec::new());
        }
        let mut actions = std::mem::take(&mut self.buffers[level]);
        actions.clear();
        Linja::legal_actions(state, seat, &mut actions);
        let maximising = seat == me;
        let mut best = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut events = Vec::new();
        let mut result = Some(0.0);
        for action in &actions {
            let mut next = state.clone();
            events.clear();
            if Linja::apply(&mut next, seat, action, &mut events).is_err() {
                continue;
            }
            let Some(value) = self.search(&next, me, depth - 1, alpha, beta) else {
                result = None;
                break;
            };
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[level] = actions;
        result.map(|_| {
            if best.is_finite() {
                best
            } else {
                Self::evaluate(state, me)
            }
        })
    }
}

impl Bot<Linja> for AlphaBeta {
    fn choose(&mut self, at: &Position<'_, Linja>, rng: &mut BotRng) -> usize {
        let Position {
            state,
            seat,
            legal,
            budget,
        } = *at;
        self.nodes = 0;
        self.limit =
            ((f64::from(budget.iterations) * self.effort) as u64 * NODES_PER_ITERATION).max(1);
        // A random order first, so that equal actions are chosen among at random; after each
        // depth, the actions best first (the next depth then prunes more).
        let mut order: Vec<(usize, f64)> = (0..legal.len()).map(|i| (i, 0.0)).collect();
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        let mut events = Vec::new();
        let children: Vec<Option<linja::State>> = legal
            .iter()
            .map(|action| {
                let mut next = state.clone();
                events.clear();
                Linja::apply(&mut next, seat, action, &mut events)
                    .ok()
                    .map(|()| next)
            })
            .collect();
        for depth in 0..self.max_depth {
            let mut scored = Vec::with_capacity(order.len());
            let mut alpha = f64::NEG_INFINITY;
            let mut complete = true;
            for (i, _) in &order {
                let Some(child) = &children[*i] else {
                    scored.push((*i, f64::NEG_INFINITY));
                    continue;
                };
                // Each root action gets an exact value only if it may be the best: a window
                // from the best so far (ties keep the earlier, better-ordered action).
                match self.search(child, seat, depth, alpha, f64::INFINITY) {
                    Some(value) => {
                        alpha = alpha.max(value);
                        scored.push((*i, value));
                    }
                    None => {
                        complete = false;
                        break;
                    }
                }
            }
            if !complete {
                break;
            }
            scored.sort_by(|a, b| b.1.total_cmp(&a.1));
            order = scored;
        }
        if order.len() > 1 && self.slip > 0.0 && rng.random::<f64>() < self.slip {
            return order[1].0;
        }
        order[0].0
    }
}

/// Linja's levels: a shallow search that sometimes takes its second choice, a medium one and
/// a deep one.
pub fn level_bot(level: Level) -> Box<dyn Bot<Linja>> {
    match level {
        Level::Easy => Box::new(AlphaBeta::new(1.0, 2, 0.2)),
        Level::Medium => Box::new(AlphaBeta::new(1.0, 4, 0.0)),
        // 675,000 nodes: within 200 ms a decision on one core, with room to spare.
        Level::Strong => Box::new(AlphaBeta::new(0.75, 12, 0.0)),
    }
}
