//! Computer players for Tapis's games.
//!
//! Pure like `tapis-games`: no IO, no async, no database. A bot decides from a game state and
//! the legal actions of its seat, with its own seeded generator; the states of the games hold
//! no dice seed (chance is supplied from outside through `apply_chance`), so a bot cannot see a
//! future throw: the seat's view shows the whole state in every game (none hides anything from
//! a seat), and the bot's decision function ([`Bot::choose`]) takes no match seed.
//!
//! Every game has three levels ([`Level`]) and the named baselines of the arena ([`BotKind`]).
//! [`decide`] is the entry point of the server: it dispatches an [`AnyState`] to the typed bot.

pub mod arena;
pub mod baselines;
pub mod cant_stop;
pub mod eval;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja_search;
pub mod search;
pub mod yams;

use rand::SeedableRng;
use tapis_games::{ActionError, AnyAction, AnyState, Game, Seat, Turn, Variant};

pub use eval::Evaluate;

/// The generator every bot draws from: small, fast and the same on every platform, so that a
/// decision replays from its seed.
pub type BotRng = rand::rngs::Xoshiro256PlusPlus;

/// A bot's strength, as offered to players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Medium,
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Strong];

    /// `"easy"`, `"medium"` or `"strong"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    /// The level named by [`Level::as_str`].
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The account name of the bot of this level.
    pub fn username(self) -> &'static str {
        match self {
            Level::Easy => "tapis-easy",
            Level::Medium => "tapis-medium",
            Level::Strong => "tapis-strong",
        }
    }

    /// One sentence for players.
    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => {
                "Plays sensible moves but often misjudges close choices: a gentle opponent for beginners."
            }
            Level::Medium => "Looks a few moves ahead: a fair challenge for regular players.",
            Level::Strong => {
                "Weighs every throw to come, or thousands of continuations, before each move, and plays Yams and 5000 as well as they can be played: a good player has to work to beat it."
            }
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much a decision may think (iterations of search, or whatever unit the level uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub iterations: u32,
}

impl Budget {
    /// The budget each level thinks with unless the caller says otherwise: strong fits in
    /// about 200 ms of one core in every game, easy and medium well under 50 ms.
    pub fn default_for(level: Level) -> Budget {
        let iterations = match level {
            Level::Easy => 150,
            Level::Medium => 1000,
            Level::Strong => 15000,
        };
        Budget { iterations }
    }
}

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

/// What a bot decides from: the position (no seed of the match in it, on purpose), the seat
/// that must act there, its legal actions (never empty) and how much it may think.
pub struct Position<'a, G: Game> {
    pub state: &'a G::State,
    pub seat: Seat,
    pub legal: &'a [G::Action],
    pub budget: Budget,
}

impl<G: Game> Clone for Position<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Position<'_, G> {}

impl<G: Game> std::fmt::Debug for Position<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("seat", &self.seat)
            .field("legal", &self.legal.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// A computer player of game `G`.
pub trait Bot<G: Game> {
    /// The index in `at.legal` (at least two actions: with one, no bot is asked) of the action
    /// to play. Deterministic for the same position and generator state: a bot draws only from
    /// `rng`.
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize;
}

/// Every bot the crate can field: the levels, and the named baselines of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// The best immediate score or gain, one ply.
    Greedy,
    /// Can't Stop: Keller's "rule of 28".
    Rule28,
    /// 5000: bank once the turn total reaches the threshold.
    Threshold(u32),
    /// 5000: the most points expected from each turn, every decision of the turn exact.
    MaxPoints,
    /// Can't Stop and 5000: a partner that never keeps anything, for solitaire runs.
    Idle,
    /// Yams: keep the most frequent face, score the best box.
    Frequent,
    /// A level offered to players.
    Level(Level),
}

/// The default threshold of the `threshold` baseline of 5000.
pub const DEFAULT_THRESHOLD: u32 = 300;

impl BotKind {
    /// Reads `random`, `greedy`, `rule28`, `threshold` or `threshold:T`, `max-points`,
    /// `idle`, `frequent`, `easy`, `medium`, `strong`.
    pub fn parse(s: &str) -> Option<BotKind> {
        if let Some(level) = Level::parse(s) {
            return Some(BotKind::Level(level));
        }
        match s {
            "random" => Some(BotKind::Random),
            "greedy" => Some(BotKind::Greedy),
            "rule28" => Some(BotKind::Rule28),
            "threshold" => Some(BotKind::Threshold(DEFAULT_THRESHOLD)),
            "frequent" => Some(BotKind::Frequent),
            "max-points" => Some(BotKind::MaxPoints),
            "idle" => Some(BotKind::Idle),
            _ => s
                .strip_prefix("threshold:")
                .and_then(|t| t.parse().ok())
                .map(BotKind::Threshold),
        }
    }

    /// The name [`BotKind::parse`] reads.
    pub fn name(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Greedy => "greedy".into(),
            BotKind::Rule28 => "rule28".into(),
            BotKind::Threshold(t) => format!("threshold:{t}"),
            BotKind::Frequent => "frequent".into(),
            BotKind::MaxPoints => "max-points".into(),
            BotKind::Idle => "idle".into(),
            BotKind::Level(level) => level.as_str().into(),
        }
    }

    /// The budget this bot thinks with by default.
    pub fn default_budget(self) -> Budget {
        match self {
            BotKind::Level(level) => Budget::default_for(level),
            _ => Budget { iterations: 0 },
        }
    }
}

/// The bot `kind` for game `G`, or `None` when it is a baseline of another game.
pub fn bot_for<G: Evaluate>(kind: BotKind) -> Option<Box<dyn Bot<G>>> {
    match kind {
        BotKind::Random => Some(Box::new(baselines::RandomBot)),
        BotKind::Greedy => Some(Box::new(baselines::Greedy)),
        BotKind::Level(level) => Some(G::level_bot(level)),
        BotKind::Rule28
        | BotKind::Threshold(_)
        | BotKind::MaxPoints
        | BotKind::Idle
        | BotKind::Frequent => G::special_bot(kind),
    }
}

/// The tables worked out once per process, one per key (an option set), shared by every bot.
pub type Tables<K, V> = std::sync::Mutex<Vec<(K, std::sync::Arc<std::sync::OnceLock<V>>)>>;

/// The table of `key` in `tables`, worked out by `work` at its first use and kept for the
/// process. Callers asking for the same key at once wait for one computation.
pub fn solved_once<K: PartialEq + Clone, V: Clone>(
    tables: &Tables<K, V>,
    key: &K,
    work: impl FnOnce() -> V,
) -> V {
    let slot = {
        // A panic while the list was held cannot leave it half-written: take it as it is.
        let mut list = tables
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match list.iter().find(|(k, _)| k == key) {
            Some((_, slot)) => std::sync::Arc::clone(slot),
            None => {
                let slot = std::sync::Arc::default();
                list.push((key.clone(), std::sync::Arc::clone(&slot)));
                slot
            }
        }
    };
    slot.get_or_init(work).clone()
}

/// Works out the tables that bots otherwise compute at their first decision in a process: the
/// solved grid of Yams and the solved match of 5000, with their default options (a few
/// seconds of one core). Servers call it once at start, off their request threads.
pub fn warm_up() {
    let _ = yams::solved(&tapis_games::yams::Options::default());
    let _ = five_thousand::solved(&tapis_games::five_thousand::Options::default());
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
pub fn decide_typed<G: Evaluate + Variant>(
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
