//! Computer players for Tapis's games.
//!
//! Pure like `tapis-games`: no IO, no async, no database. A bot decides from a game state and
//! the legal actions of its seat, with its own seeded generator; the states of the games hold
//! no dice seed (chance is supplied from outside through `apply_chance`), so a bot cannot see a
//! future throw: the seat's view shows the whole state in every game (none hides anything from
//! a seat), and the bot's decision function ([`Bot::choose`]) takes no match seed.
//!
//! Every game has three levels ([`Level`]) and the named baselines of the arena ([`BotKind`]).
//! [`decide()`] is the entry point of the server: it dispatches an [`AnyState`] to the typed bot.
//!
//! The modules, from the foundations up (each uses only those listed before it):
//! - [`level`], [`bot`], [`evaluate`], [`solved`], [`dice`]: what every bot is and knows;
//! - [`exact`], [`search`], [`baselines`]: the ways of playing that several games share;
//! - one module per game (`cant_stop`, `five_thousand`, `four_two_one`, `linja`, `linotte`,
//!   `make_five`, `yams`): its evaluation and its own bots;
//! - [`roster`]: which bot plays each game at each level; [`decide`](mod@decide): the
//!   server's entry point; [`arena`]: seeded matches between bots;
//! - [`analysis`]: the analysis of a finished match (the cost of each decision, the luck of
//!   each throw), from the same solutions the bots play by.
//!
//! [`AnyState`]: tapis_games::AnyState

// The house rule (clippy.toml sets the limit): no function of the code (tests aside) longer
// than 80 lines.
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

pub mod analysis;
pub mod arena;
pub mod baselines;
pub mod bot;
pub mod cant_stop;
pub mod decide;
pub mod dice;
pub mod evaluate;
pub mod exact;
pub mod five_thousand;
pub mod four_two_one;
pub mod level;
pub mod linja;
pub mod linotte;
pub mod make_five;
pub mod roster;
pub mod search;
pub mod solved;
pub mod yams;

pub use bot::{Bot, BotRng, Position};
pub use decide::{BotError, decide, decide_as, decide_typed, warm_up};
pub use evaluate::Evaluate;
pub use level::{Budget, Level};
pub use roster::{BotKind, DEFAULT_THRESHOLD, Roster, bot_for};
pub use solved::{Tables, solved_once};
