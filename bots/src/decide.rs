//! The server's entry point: a decision for the seat to act in an [`AnyState`], dispatched to
//! the typed bot of the game, checked against the rules and returned as an [`AnyAction`].

use rand::SeedableRng;
use tapis_games::{ActionError, AnyAction, AnyState, Seat, Turn, Variant};

use crate::bot::{BotRng, Position};
use crate::level::{Budget, Level};
use crate::roster::{BotKind, Roster, bot_for};

/// Why a bot could not decide.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The seat must act but the rules list no action (a rules bug).
    #[error("the seat has no legal action")]
    NoLegalAction,
    /// Another seat, a chance step, or nobody (game over) must act now.
    #[error("it is not this seat's turn")]
    NotItsTurn,
    /// The bot does not play this game (a game-specific baseline asked of another game).
    #[error("bot `{bot}` does not play {game}")]
    NotForThisGame { bot: String, game: &'static str },
    /// The action chosen was refused by the rules (a bot bug; never expected).
    #[error(transparent)]
    Game(#[from] ActionError),
}

/// Works out the tables that bots otherwise compute at their first decision in a process: the
/// solved grid of Yams and the solved match of 5000, with their default options (a few
/// seconds of one core). Servers call it once at start, off their request threads.
pub fn warm_up() {
    let _ = crate::yams::solved(&tapis_games::yams::Options::default());
    let _ = crate::five_thousand::solved(&tapis_games::five_thousand::Options::default());
}

/// The action that `level` plays for `seat` in `state`.
/// Deterministic for the same (state, seat, level, budget, seed). Never sees any dice seed.
pub fn decide(
    state: &AnyState,
    seat: Seat,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Result<AnyAction, BotError> {
    decide_as(state, seat, BotKind::Level(level), budget, seed)
}

/// [`decide`] for any bot the crate fields, baselines included.
pub fn decide_as(
    state: &AnyState,
    seat: Seat,
    kind: BotKind,
    budget: Budget,
    seed: u64,
) -> Result<AnyAction, BotError> {
    use tapis_games::{cant_stop, five_thousand, four_two_one, linja, linotte, make_five, yams};
    match state {
        AnyState::Linotte(s) => decide_typed::<linotte::Linotte>(s, seat, kind, budget, seed),
        AnyState::YamMaster(s) => decide_typed::<linotte::YamMaster>(s, seat, kind, budget, seed),
        AnyState::Linja(s) => decide_typed::<linja::Linja>(s, seat, kind, budget, seed),
        AnyState::FiveThousand(s) => {
            decide_typed::<five_thousand::FiveThousand>(s, seat, kind, budget, seed)
        }
        AnyState::FourTwoOne(s) => {
            decide_typed::<four_two_one::FourTwoOne>(s, seat, kind, budget, seed)
        }
        AnyState::CantStop(s) => decide_typed::<cant_stop::CantStop>(s, seat, kind, budget, seed),
        AnyState::Yams(s) => decide_typed::<yams::Yams>(s, seat, kind, budget, seed),
        AnyState::MakeFive(s) => decide_typed::<make_five::MakeFive>(s, seat, kind, budget, seed),
    }
}

/// The typed decision: checks the turn, lists the legal actions, asks the bot, and checks the
/// rules accept its choice before returning it.
pub fn decide_typed<G: Roster + Variant>(
    state: &G::State,
    seat: Seat,
    kind: BotKind,
    budget: Budget,
    seed: u64,
) -> Result<AnyAction, BotError> {
    match G::turn(state) {
        Turn::Seat { seat: to_act } if to_act == seat => {}
        _ => return Err(BotError::NotItsTurn),
    }
    let mut legal = Vec::new();
    G::legal_actions(state, seat, &mut legal);
    if legal.is_empty() {
        return Err(BotError::NoLegalAction);
    }
    let mut bot = bot_for::<G>(kind).ok_or_else(|| BotError::NotForThisGame {
        bot: kind.name(),
        game: G::ID.as_str(),
    })?;
    let mut rng = BotRng::seed_from_u64(seed);
    let at = Position {
        state,
        seat,
        legal: &legal,
        budget,
    };
    // With one legal action there is nothing to think about.
    let index = if legal.len() == 1 {
        0
    } else {
        bot.choose(&at, &mut rng)
    };
    let action = legal.get(index).ok_or(BotError::NoLegalAction)?;
    let mut check = state.clone();
    G::apply(&mut check, seat, action, &mut Vec::new())?;
    Ok(G::any_action(action.clone()))
}
