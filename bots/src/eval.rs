//! What each game's bots know of it beyond the rules: how good a position is for a seat.
//!
//! [`Evaluate::score`] is the immediate score in the game's own unit (what the `greedy`
//! baseline maximises); [`Evaluate::values`] is an estimate of each seat's chance of winning in
//! `0..=1`, which the search uses where it stops looking ahead. Both read only the state, which
//! every seat may see whole.

use tapis_games::cant_stop::{self, CantStop};
use tapis_games::five_thousand::FiveThousand;
use tapis_games::four_two_one::FourTwoOne;
use tapis_games::linja::{self, Linja};
use tapis_games::linotte::{self, Linotte, YamMaster};
use tapis_games::make_five::{self, MakeFive};
use tapis_games::yams::{self, Yams};
use tapis_games::{Game, Outcome, Seat, Turn};

use crate::{Bot, BotKind, Level, baselines, linja_search, search};

/// A game the bots can play.
pub trait Evaluate: Game + Sized + 'static {
    /// Random steps played after the search tree before [`Evaluate::values`] judges: short
    /// where the evaluation is good and random play poor.
    const ROLLOUT_STEPS: usize = 24;
    /// How many search iterations a budget iteration buys: cheap games search more.
    const SEARCH_SCALE: f64 = 1.0;
    /// A further scale of the strong level's search alone, where its default budget would
    /// take more than 200 ms a decision.
    const STRONG_SCALE: f64 = 1.0;

    /// The number of seats at the table.
    fn seats(state: &Self::State) -> usize;

    /// The immediate score of `seat`, in the game's unit, the turn in progress counted.
    fn score(state: &Self::State, seat: Seat) -> f64;

    /// How well `seat` stands, in the game's unit, for judging a position: by default its
    /// score; a game may count what is not yet safe at a discount.
    fn standing(state: &Self::State, seat: Seat) -> f64 {
        Self::score(state, seat)
    }

    /// Each seat's estimated chance of winning (`0..=1`), into `out` (cleared first): the
    /// standings compared through a logistic curve of width [`Evaluate::score_scale`].
    fn values(state: &Self::State, out: &mut Vec<f64>) {
        out.clear();
        let seats = Self::seats(state);
        let standings: Vec<f64> = (0..seats).map(|s| Self::standing(state, s)).collect();
        contest(&standings, Self::score_scale(), Self::solo_mid(), out);
    }

    /// The score difference that makes a position clearly better (the logistic's width).
    fn score_scale() -> f64;

    /// In a solo game, the score worth an even chance (the reward grows with the score).
    fn solo_mid() -> f64 {
        0.0
    }

    /// The bot of `level`: the generic search unless a game does better.
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        search::level_bot::<Self>(level)
    }

    /// The game-specific baselines (`rule28`, `threshold`, `frequent`) this game has.
    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        let _ = kind;
        None
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Each seat's value from its score against the best other seat's.
pub fn contest(scores: &[f64], scale: f64, solo_mid: f64, out: &mut Vec<f64>) {
    out.clear();
    if scores.len() == 1 {
        out.push(logistic((scores[0] - solo_mid) / scale));
        return;
    }
    for (seat, mine) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        out.push(logistic((mine - best_other) / scale));
    }
}

/// Each seat's reward for a finished game: the share of other seats it beat, a tie counting
/// half (so 1 for an outright win and 0.5 for a two-player draw). A solo game is judged by its
/// score, which is what a solo player plays for.
pub fn outcome_rewards<G: Evaluate>(state: &G::State, outcome: &Outcome, out: &mut Vec<f64>) {
    let seats = outcome.ranking.len();
    if seats <= 1 {
        G::values(state, out);
        return;
    }
    out.clear();
    out.resize(seats, 0.0);
    for placing in &outcome.ranking {
        let mut won = 0.0;
        for other in &outcome.ranking {
            if other.seat == placing.seat {
                continue;
            }
            if other.rank > placing.rank {
                won += 1.0;
            } else if other.rank == placing.rank {
                won += 0.5;
            }
        }
        if let Some(slot) = out.get_mut(placing.seat) {
            *slot = won / (seats - 1) as f64;
        }
    }
}

/// The seat that must act, if any.
fn seat_to_act<G: Game>(state: &G::State) -> Option<Seat> {
    match G::turn(state) {
        Turn::Seat { seat } => Some(seat),
        _ => None,
    }
}

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

    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        linja_search::level_bot(level)
    }
}

macro_rules! linotte_eval {
    ($game:ty, $options:ty) => {
        impl Evaluate for $game {
            const ROLLOUT_STEPS: usize = 12;
            // Many actions per node (dice to keep times cells): each iteration costs more, so
            // fewer keep the strong level within 200 ms a decision.
            const STRONG_SCALE: f64 = 0.75;

            fn seats(_: &linotte::State<$options>) -> usize {
                2
            }

            fn score(state: &linotte::State<$options>, seat: Seat) -> f64 {
                state.points(seat) as f64
            }

            fn score_scale() -> f64 {
                2.0
            }
        }
    };
}

linotte_eval!(Linotte, linotte::Options);
linotte_eval!(YamMaster, linotte::YamMasterOptions);

/// Can't Stop: a seat's progress, each column as the share of its height climbed (the runners
/// of the turn in progress counted for the seat playing), near-complete columns weighing more
/// since a won column is what counts.
fn cant_stop_progress(state: &cant_stop::State, seat: Seat, runners_weight: f64) -> f64 {
    let playing = seat_to_act::<CantStop>(state) == Some(seat);
    let mut fractions = [0.0f64; cant_stop::COLUMNS];
    let mut won = 0.0;
    for (i, height) in cant_stop::HEIGHTS.iter().enumerate() {
        let label = cant_stop::label_of(i);
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

    fn seats(state: &cant_stop::State) -> usize {
        state.seats()
    }

    fn score(state: &cant_stop::State, seat: Seat) -> f64 {
        cant_stop_progress(state, seat, 1.0)
    }

    fn standing(state: &cant_stop::State, seat: Seat) -> f64 {
        // The runners are not safe until the turn ends: count them at a discount.
        cant_stop_progress(state, seat, 0.7)
    }

    fn score_scale() -> f64 {
        0.35
    }

    fn solo_mid() -> f64 {
        1.5
    }

    /// The strong level solves each turn exactly (`crate::cant_stop`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => crate::cant_stop::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Rule28 => Some(Box::new(baselines::Rule28)),
            BotKind::Idle => Some(Box::new(baselines::Idle)),
            _ => None,
        }
    }
}

impl Evaluate for FiveThousand {
    const ROLLOUT_STEPS: usize = 16;

    fn seats(state: &<FiveThousand as Game>::State) -> usize {
        FiveThousand::view(state, None).players.len()
    }

    fn score(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        let view = FiveThousand::view(state, None);
        let banked = view.players.get(seat).map_or(0, |p| p.score);
        let pending = if view.seat == seat && seat_to_act::<FiveThousand>(state).is_some() {
            view.turn_total
        } else {
            0
        };
        f64::from(banked + pending)
    }

    fn standing(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        let view = FiveThousand::view(state, None);
        let banked = view
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or(0, |p| p.score);
        let pending = if view.seat == seat && seat_to_act::<FiveThousand>(state).is_some() {
            // A turn total is not banked yet: count most of it.
            0.8 * f64::from(view.turn_total)
        } else {
            0.0
        };
        f64::from(banked) + pending
    }

    fn score_scale() -> f64 {
        900.0
    }

    fn solo_mid() -> f64 {
        2500.0
    }

    /// The strong level plays the solved match (`crate::five_thousand`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => crate::five_thousand::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Threshold(t) => Some(Box::new(baselines::Threshold(t))),
            BotKind::MaxPoints => Some(crate::five_thousand::max_points_bot()),
            BotKind::Idle => Some(Box::new(baselines::Idle)),
            _ => None,
        }
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

    /// The strong level solves each round's throws exactly (`crate::four_two_one`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => crate::four_two_one::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }
}

/// Yams: what an empty box is worth on average to a fair player, roughly.
fn expected_box(which: yams::BoxId) -> f64 {
    use yams::BoxId::*;
    match which {
        Un => 2.0,
        Deux => 5.0,
        Trois => 8.0,
        Quatre => 11.0,
        Cinq => 14.0,
        Six => 17.0,
        DoublePaire => 14.0,
        Brelan => 9.0,
        Suite => 13.0,
        PetiteSuite => 15.0,
        GrandeSuite => 16.0,
        Full => 18.0,
        Carre => 14.0,
        Yams => 12.0,
        Chance => 22.0,
        Maxi => 24.0,
        Mini => 10.0,
    }
}

fn yams_potential(state: &yams::State, seat: Seat) -> f64 {
    let options = state.options();
    let mut total = f64::from(state.grand_total(seat));
    for grid in state.grids_of(seat) {
        for which in yams::BoxId::ALL {
            if which.in_play(options) && grid.get(which).is_none() {
                total += expected_box(which);
            }
        }
    }
    total
}

impl Evaluate for Yams {
    const ROLLOUT_STEPS: usize = 2;

    fn seats(state: &yams::State) -> usize {
        state.seats()
    }

    fn score(state: &yams::State, seat: Seat) -> f64 {
        f64::from(state.grand_total(seat))
    }

    fn standing(state: &yams::State, seat: Seat) -> f64 {
        yams_potential(state, seat)
    }

    fn score_scale() -> f64 {
        25.0
    }

    fn solo_mid() -> f64 {
        200.0
    }

    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        crate::yams::level_bot(level)
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Frequent => Some(Box::new(baselines::Frequent)),
            _ => None,
        }
    }
}

impl Evaluate for MakeFive {
    const ROLLOUT_STEPS: usize = 8;
    // The Aligneur has up to a hundred moves: each iteration costs more.
    const SEARCH_SCALE: f64 = 0.5;

    fn seats(_: &make_five::State) -> usize {
        2
    }

    /// The match total, plus what the board of the deal in progress would give its Aligneur.
    fn score(state: &make_five::State, seat: Seat) -> f64 {
        let mut total = f64::from(state.total(seat));
        if state.aligneur() == seat && state.end().is_none() {
            let points = state.board().points(state.options().require_contiguous);
            total += f64::from(points);
        }
        total
    }

    fn score_scale() -> f64 {
        6.0
    }
}
