//! What each game's bots know of it beyond the rules: how good a position is for a seat.
//!
//! [`Evaluate::score`] is the immediate score in the game's own unit (what the `greedy`
//! baseline maximises); [`Evaluate::values`] is an estimate of each seat's chance of winning in
//! `0..=1`, which the search uses where it stops looking ahead; [`outcome_rewards`] is what a
//! finished game is worth to each seat. All read only the state, which every seat may see
//! whole. Each game implements the trait beside its bots (`crate::cant_stop`,
//! `crate::linotte`...).

use tapis_games::{Game, Outcome, Seat, Turn};

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

/// The seat that must act, if any: an evaluation counts the turn in progress for it alone.
pub fn seat_to_act<G: Game>(state: &G::State) -> Option<Seat> {
    match G::turn(state) {
        Turn::Seat { seat } => Some(seat),
        _ => None,
    }
}

/// How a game in progress stands, seat by seat: each seat's estimated chance of winning
/// ([`Evaluate::values`]) and its immediate score in the game's unit ([`Evaluate::score`]).
/// Cheap (the state alone is read, nothing is searched): what adjudicates a match that must end
/// before its game does (a tournament round's deadline).
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Each seat's estimated chance of winning, `0..=1`.
    pub chances: Vec<f64>,
    /// Each seat's score in the game's unit.
    pub scores: Vec<f64>,
}

/// How `state` stands (see [`Standing`]), dispatched to the game's own evaluation.
pub fn standing_of(state: &tapis_games::AnyState) -> Standing {
    use tapis_games::{AnyState, cant_stop, five_thousand, four_two_one, linja, linotte};
    use tapis_games::{make_five, yams};
    fn of<G: Evaluate>(state: &G::State) -> Standing {
        let mut chances = Vec::new();
        G::values(state, &mut chances);
        let scores = (0..G::seats(state)).map(|s| G::score(state, s)).collect();
        Standing { chances, scores }
    }
    match state {
        AnyState::Linotte(s) => of::<linotte::Linotte>(s),
        AnyState::YamMaster(s) => of::<linotte::YamMaster>(s),
        AnyState::Linja(s) => of::<linja::Linja>(s),
        AnyState::FiveThousand(s) => of::<five_thousand::FiveThousand>(s),
        AnyState::FourTwoOne(s) => of::<four_two_one::FourTwoOne>(s),
        AnyState::CantStop(s) => of::<cant_stop::CantStop>(s),
        AnyState::Yams(s) => of::<yams::Yams>(s),
        AnyState::MakeFive(s) => of::<make_five::MakeFive>(s),
    }
}
