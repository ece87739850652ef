//! Every bot the crate fields ([`BotKind`]) and which one plays each game at each level
//! ([`Roster`]): the dispatch over games and levels, above the games' own bots.

use tapis_games::cant_stop::CantStop;
use tapis_games::five_thousand::FiveThousand;
use tapis_games::four_two_one::FourTwoOne;
use tapis_games::linja::Linja;
use tapis_games::linotte::{Linotte, YamMaster};
use tapis_games::make_five::MakeFive;
use tapis_games::yams::Yams;

use crate::baselines::{Frequent, Greedy, Idle, RandomBot, Rule28, Threshold};
use crate::bot::Bot;
use crate::evaluate::Evaluate;
use crate::level::{Budget, Level};
use crate::{cant_stop, five_thousand, four_two_one, linja, linotte, search, yams};

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

/// A game's bots: the bot of each level and the game's own baselines.
pub trait Roster: Evaluate {
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

// The levels of Make Five are the generic search, those of La Linotte and Yam Master the same
// search placing a pawn whenever one may be placed; they have no baselines of their own.
impl Roster for Linotte {
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        linotte::level_bot(level)
    }
}

impl Roster for YamMaster {
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        linotte::level_bot(level)
    }
}

impl Roster for MakeFive {}

impl Roster for Linja {
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        linja::level_bot(level)
    }
}

impl Roster for CantStop {
    /// The strong level solves each turn exactly (`crate::cant_stop`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => cant_stop::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Rule28 => Some(Box::new(Rule28)),
            BotKind::Idle => Some(Box::new(Idle)),
            _ => None,
        }
    }
}

impl Roster for FiveThousand {
    /// The strong level plays the solved match (`crate::five_thousand`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => five_thousand::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Threshold(t) => Some(Box::new(Threshold(t))),
            BotKind::MaxPoints => Some(five_thousand::max_points_bot()),
            BotKind::Idle => Some(Box::new(Idle)),
            _ => None,
        }
    }
}

impl Roster for FourTwoOne {
    /// The strong level solves each round's throws exactly (`crate::four_two_one`).
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        match level {
            Level::Strong => four_two_one::strong_bot(),
            _ => search::level_bot::<Self>(level),
        }
    }
}

impl Roster for Yams {
    fn level_bot(level: Level) -> Box<dyn Bot<Self>> {
        yams::level_bot(level)
    }

    fn special_bot(kind: BotKind) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            BotKind::Frequent => Some(Box::new(Frequent)),
            _ => None,
        }
    }
}

/// The bot `kind` for game `G`, or `None` when it is a baseline of another game.
pub fn bot_for<G: Roster>(kind: BotKind) -> Option<Box<dyn Bot<G>>> {
    match kind {
        BotKind::Random => Some(Box::new(RandomBot)),
        BotKind::Greedy => Some(Box::new(Greedy)),
        BotKind::Level(level) => Some(G::level_bot(level)),
        BotKind::Rule28
        | BotKind::Threshold(_)
        | BotKind::MaxPoints
        | BotKind::Idle
        | BotKind::Frequent => G::special_bot(kind),
    }
}
