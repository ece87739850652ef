//! The generic search every game's levels use: open-loop Monte Carlo tree search.
//!
//! A tree node stands for a sequence of seat actions from the root; chance steps in between are
//! sampled afresh at each iteration from the bot's own generator, so a node's statistics
//! average over the dice that may come (the bot never knows which will). At each node the
//! actions legal *now* (they depend on the dice sampled) are the candidates: untried ones are
//! expanded first, then UCB1 picks among the tried ones. Below the tree a short random playout
//! runs, and the game's evaluation ([`Evaluate::values`]) judges where it stops. Rewards are
//! per seat, so the search handles any number of players (each seat maximises its own).
//!
//! The tree and every buffer are kept between decisions of one bot, so a warm search
//! allocates little.

use rand::RngExt;
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::{Chance, Seat, Turn};

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::{Evaluate, outcome_rewards};
use crate::level::{Budget, Level};

/// Adapts the bot's generator to the rules crate's chance helper.
pub struct RngChooser<'a>(pub &'a mut BotRng);

impl std::fmt::Debug for RngChooser<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RngChooser")
    }
}

impl Chooser for RngChooser<'_> {
    fn choose(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }
}

#[derive(Debug)]
struct Node<A> {
    visits: u32,
    /// Sum of the rewards of the seat that chose the action leading here.
    total: f64,
    children: Vec<(A, u32)>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0,
            total: 0.0,
            children: Vec::new(),
        }
    }
}

/// How the search turns its statistics into a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pick {
    /// The most visited action (the usual, robust choice).
    MostVisited,
    /// Like a hurried player: with probability `slip`, one of the three most visited actions
    /// at random instead of the best (a near miss, rarely a blunder).
    Slip { slip: f64 },
}

/// Open-loop MCTS for game `G`.
#[derive(Debug)]
pub struct Mcts<G: Evaluate> {
    /// Multiplies the budget's iterations (on top of the game's own scale).
    pub effort: f64,
    /// The exploration constant of UCB1 (rewards are in `0..=1`).
    pub exploration: f64,
    pub pick: Pick,
    nodes: Vec<Node<G::Action>>,
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
    values: Vec<u8>,
    rewards: Vec<f64>,
    path: Vec<(u32, Seat)>,
}

impl<G: Evaluate> Mcts<G> {
    pub fn new(effort: f64, pick: Pick) -> Self {
        Mcts {
            effort,
            exploration: 0.7,
            pick,
            nodes: Vec::new(),
            actions: Vec::new(),
            events: Vec::new(),
            values: Vec::new(),
            rewards: Vec::new(),
            path: Vec::new(),
        }
    }

    /// The number of iterations `budget` buys in this game.
    pub fn iterations(&self, budget: Budget) -> usize {
        (f64::from(budget.iterations) * G::SEARCH_SCALE * self.effort).max(1.0) as usize
    }

    /// Runs the search from `root` and returns the visits of each of `legal` (root actions).
    pub fn run(&mut self, root: &G::State, legal: &[G::Action], budget: Budget, rng: &mut BotRng) {
        self.nodes.clear();
        self.nodes.push(Node::new());
        let iterations = self.iterations(budget);
        for _ in 0..iterations {
            self.iterate(root, rng);
        }
        let _ = legal;
    }

    /// The visits and mean reward of the root child for `action`.
    fn root_stats(&self, action: &G::Action) -> (u32, f64) {
        self.nodes
            .first()
            .and_then(|root| root.children.iter().find(|(a, _)| a == action))
            .and_then(|(_, child)| self.nodes.get(*child as usize))
            .map_or((0, 0.0), |n| {
                (n.visits, n.total / f64::from(n.visits.max(1)))
            })
    }

    fn iterate(&mut self, root: &G::State, rng: &mut BotRng) {
        let mut state = root.clone();
        self.path.clear();
        let mut node = 0u32;
        loop {
            self.events.clear();
            match G::turn(&state) {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    if !self.sample_chance(&mut state, &chance, rng) {
                        break;
                    }
                }
                Turn::Seat { seat } => {
                    self.actions.clear();
                    G::legal_actions(&state, seat, &mut self.actions);
                    if self.actions.is_empty() {
                        break;
                    }
                    let (child, expanded) = self.select(node, rng);
                    let Some(action) = self.actions.get(child.0).cloned() else {
                        break;
                    };
                    if G::apply(&mut state, seat, &action, &mut self.events).is_err() {
                        break;
                    }
                    self.path.push((child.1, seat));
                    node = child.1;
                    if expanded {
                        self.rollout(&mut state, rng);
                        break;
                    }
                }
            }
        }
        match G::outcome(&state) {
            Some(outcome) => outcome_rewards::<G>(&state, &outcome, &mut self.rewards),
            None => G::values(&state, &mut self.rewards),
        }
        if let Some(root) = self.nodes.first_mut() {
            root.visits += 1;
        }
        for (n, mover) in &self.path {
            if let Some(node) = self.nodes.get_mut(*n as usize) {
                node.visits += 1;
                node.total += self.rewards.get(*mover).copied().unwrap_or(0.0);
            }
        }
    }

    /// Picks among `self.actions` at `node`: an untried one (expanded into a new node,
    /// `true`), else the best by UCB1. Returns (index in `self.actions`, node id).
    fn select(&mut self, node: u32, rng: &mut BotRng) -> ((usize, u32), bool) {
        let n = node as usize;
        let parent_visits = self.nodes.get(n).map_or(1, |p| p.visits.max(1));
        let log_n = f64::from(parent_visits).ln();
        let mut untried = 0usize;
        let mut pick_untried = None;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let Some(parent) = self.nodes.get(n) else {
            return ((0, 0), false);
        };
        for (i, action) in self.actions.iter().enumerate() {
            match parent.children.iter().find(|(a, _)| a == action) {
                None => {
                    // Reservoir sampling: a uniform choice among the untried actions.
                    untried += 1;
                    if rng.random_range(0..untried) == 0 {
                        pick_untried = Some(i);
                    }
                }
                Some((_, child)) => {
                    if untried > 0 {
                        continue;
                    }
                    let c = &self.nodes[*child as usize];
                    let visits = f64::from(c.visits.max(1));
                    let score = c.total / visits + self.exploration * (log_n / visits).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = Some((i, *child));
                    }
                }
            }
        }
        if let Some(i) = pick_untried {
            let id = self.nodes.len() as u32;
            self.nodes.push(Node::new());
            let action = self.actions[i].clone();
            self.nodes[n].children.push((action, id));
            return ((i, id), true);
        }
        (best.unwrap_or((0, 0)), false)
    }

    /// Draws the values of a chance step from the bot's generator and applies them to
    /// `state`; `false` where the rules refuse them (never expected).
    fn sample_chance(&mut self, state: &mut G::State, chance: &Chance, rng: &mut BotRng) -> bool {
        chance_values(chance, &mut RngChooser(rng), &mut self.values);
        G::apply_chance(state, &self.values, &mut self.events).is_ok()
    }

    fn rollout(&mut self, state: &mut G::State, rng: &mut BotRng) {
        for _ in 0..G::ROLLOUT_STEPS {
            self.events.clear();
            match G::turn(state) {
                Turn::Over => return,
                Turn::Chance { chance } => {
                    if !self.sample_chance(state, &chance, rng) {
                        return;
                    }
                }
                Turn::Seat { seat } => {
                    self.actions.clear();
                    G::legal_actions(state, seat, &mut self.actions);
                    if self.actions.is_empty() {
                        return;
                    }
                    let i = rng.random_range(0..self.actions.len());
                    let action = self.actions[i].clone();
                    if G::apply(state, seat, &action, &mut self.events).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

impl<G: Evaluate> Bot<G> for Mcts<G> {
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize {
        let Position {
            state,
            legal,
            budget,
            ..
        } = *at;
        self.run(state, legal, budget, rng);
        let mut ranked: Vec<(usize, u32, f64)> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let (visits, mean) = self.root_stats(a);
                (i, visits, mean)
            })
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)).then(a.0.cmp(&b.0)));
        match self.pick {
            Pick::MostVisited => ranked[0].0,
            Pick::Slip { slip } => {
                if rng.random::<f64>() < slip {
                    let top = ranked.len().min(3);
                    ranked[rng.random_range(0..top)].0
                } else {
                    ranked[0].0
                }
            }
        }
    }
}

/// The generic bot of each level: the same search with more effort, and a slip at easy.
pub fn level_bot<G: Evaluate>(level: Level) -> Box<dyn Bot<G>> {
    match level {
        Level::Easy => Box::new(Mcts::<G>::new(1.0, Pick::Slip { slip: 0.25 })),
        Level::Medium => Box::new(Mcts::<G>::new(1.0, Pick::MostVisited)),
        Level::Strong => Box::new(Mcts::<G>::new(G::STRONG_SCALE, Pick::MostVisited)),
    }
}
