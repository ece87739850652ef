//! Linja (Steffen Mühlhäuser, Steffen-Spiele, 2003), for two players, without dice.
//!
//! Seven bamboo sticks make six inner rows between two start lines. Each player has twelve
//! pieces and races them towards the opponent's start line, their goal line. The board is
//! eight rows indexed from A's side: row 0 is A's start line (B's goal), rows 1 to 6 are the
//! inner rows, row 7 is B's start line (A's goal). Seat 0 is A and moves towards row 7, seat 1
//! is B and moves towards row 0; seat 0 plays first (the server draws who sits where).
//!
//! # A turn
//!
//! A turn is up to three actions, each its own [`Action`], listed and applied separately:
//!
//! 1. the **initial move** ([`Action::InitialMove`]): one own piece one row forward, onto the
//!    goal line or an inner row holding fewer than six pieces. The pieces of both colours found
//!    on the destination row (the arriving piece not counted) give the distance `N` of the
//!    following move;
//! 2. the **following move** ([`Action::FollowingMove`]): one own piece exactly `N` rows
//!    forward, jumping over any row; a piece that would pass its goal line stops on it and
//!    the rest of the distance is lost. An initial move onto an empty row or onto the goal
//!    line gives no following move. When no piece can make it, it is forfeited
//!    ([`Action::ForfeitFollowing`]); with `follow_up_optional` it may also be declined.
//! 3. the **bonus** ([`Action::BonusMove`], original edition): a following move that reaches the
//!    goal line with exactly `N` rows earns one optional move of an own piece one row forward
//!    or backward (of an opponent's piece too with `nasty_bonus`).
//!
//! A player without any initial move passes ([`Action::Pass`]). The 2010 edition
//! (`edition = "steffen2010"`) gives a 1-row following move after an initial move onto the
//! goal line, and an extra turn (once) after a following move that lands on an empty row,
//! instead of the bonus.
//!
//! # End and scoring
//!
//! After every complete turn the game ends when the armies have passed each other: every
//! piece of A stands beyond every piece of B. Pieces then score by row, counted from their
//! owner's side: 1, 2, 3 on the inner rows of the opponent's half and 5 on the goal line; the
//! original edition deducts the mirror values (1, 2, 3, 5) for pieces left in the owner's own half.
//! Higher score wins; equal scores draw. A position where neither player can make an initial
//! move would only be passed back and forth for ever, so the game ends there too (`blocked`).
//!
//! # The contract
//!
//! There is no chance step: [`Game::turn`] always names the seat to move, and
//! [`Game::apply_chance`] refuses everything. The state is sixteen bytes of counts
//! (see [`Board`]), the turn's stage ([`Phase`]) and the (usually empty) list of
//! resignations, so `turn`, `legal_actions` and `apply` never allocate beyond the caller's
//! buffers. The rules are `docs/rules/linja.md`; its rule numbers are quoted in
//! comments and in the names of the tests.

mod board;
mod view;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::contract::{ActionError, Game, Outcome, Seat, Turn};
use crate::id::GameId;
use crate::options::{OptionSpec, OptionsError};
use crate::ranking::{Resignations, rank_by_key};

pub use board::{
    Board, Landing, PIECES, ROW_CAPACITY, ROWS, goal_line, is_inner, neighbour, piece_value,
    rows_to_goal, start_line,
};
pub use view::{Choice, Next, View};

/// The game of Linja.
#[derive(Debug)]
pub struct Linja;

/// The two published editions of the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEdition))]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// The original French rules: initial move, following move, exact-arrival bonus, deduction.
    #[default]
    Seed,
    /// The 2010 Steffen-Spiele sheet: a 1-row following move after an initial move onto the
    /// goal line, an extra turn after a following move onto an empty row, no bonus, no
    /// deduction.
    Steffen2010,
}

/// The options of a match (rules file §2 and §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaOptions))]
pub struct Options {
    /// Which edition of the rules is played.
    pub edition: Edition,
    /// Original edition: pieces left in the owner's own half at the end cost that row's weight
    /// (rule 20). The 2010 edition never deducts, whatever this says.
    pub deduct_own_half: bool,
    /// The following move may be declined even when one is possible (rule 13).
    pub follow_up_optional: bool,
    /// Original edition: the bonus may move an opponent's piece instead of an own one (rule 16).
    pub nasty_bonus: bool,
    /// Original edition: the bonus may move an own piece back off its goal line (ambiguity A9).
    pub bonus_may_leave_goal: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            edition: Edition::Seed,
            deduct_own_half: true,
            follow_up_optional: false,
            nasty_bonus: false,
            bonus_may_leave_goal: true,
        }
    }
}

impl Options {
    /// Whether scoring deducts pieces left in their owner's own half.
    pub fn deducts(&self) -> bool {
        self.edition == Edition::Seed && self.deduct_own_half
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The armies have completely passed each other (rule 17).
    ArmiesPassed,
    /// Neither player has an initial move left, so nothing could ever change.
    Blocked,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The reason as written in an [`Outcome`].
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::ArmiesPassed => "armies_passed",
            EndReason::Blocked => "blocked",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Where the current turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaPhase))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Phase {
    /// The seat to move starts its turn (or its extra turn) with an initial move or a pass.
    Initial,
    /// A following move of exactly `rows` rows is due.
    Following { rows: u8 },
    /// The seat to move earned a bonus move.
    Bonus,
    /// The game is over.
    Over { reason: EndReason },
}

/// The three kinds of move of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaStage))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Initial,
    Following,
    Bonus,
}

/// Why an initial move gave no following move (rule 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaNoFollowingCause))]
#[serde(rename_all = "snake_case")]
pub enum NoFollowingCause {
    /// The piece reached its goal line.
    GoalLine,
    /// The piece arrived on an empty row.
    EmptyRow,
}

/// A decision of the seat to move. Rows are board rows 0 to 7 (row 0 = A's start line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move one own piece from row `from` one row forward to row `to`.
    InitialMove { from: u8, to: u8 },
    /// Move one own piece from row `from` the due number of rows forward to row `to` (the goal
    /// line when the distance overshoots it).
    FollowingMove { from: u8, to: u8 },
    /// The bonus: move one piece of `owner` (the mover, or the opponent with `nasty_bonus`)
    /// from row `from` to the neighbouring row `to`.
    BonusMove { owner: Seat, from: u8, to: u8 },
    /// No initial move is possible: the turn passes.
    Pass,
    /// No following move is possible: it is lost and the turn ends.
    ForfeitFollowing,
    /// With `follow_up_optional`: give up a possible following move, ending the turn.
    DeclineFollowing,
    /// Give up the bonus move, ending the turn.
    DeclineBonus,
}

/// Something that happened, with enough detail to write the turn log in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` starts a turn; `extra_turn` when it is the 2010 edition's extra turn.
    TurnStarted { seat: Seat, extra_turn: bool },
    /// `seat` moved a piece of `owner` from row `from` to row `to` as its `stage` move.
    PieceMoved {
        seat: Seat,
        stage: Stage,
        owner: Seat,
        from: u8,
        to: u8,
    },
    /// The initial move earned a following move of `rows` rows.
    FollowingMoveDue { seat: Seat, rows: u8 },
    /// The initial move earned no following move; the turn ends.
    NoFollowingMove { seat: Seat, cause: NoFollowingCause },
    /// The following move stopped on the goal line with `count` rows unused.
    StepsLost { seat: Seat, count: u8 },
    /// The following move reached the goal line exactly: a bonus move is due.
    BonusEarned { seat: Seat },
    /// `seat` had no initial move and passed.
    Passed { seat: Seat },
    /// No following move of `rows` rows was possible.
    FollowingForfeited { seat: Seat, rows: u8 },
    /// `seat` declined a following move of `rows` rows.
    FollowingDeclined { seat: Seat, rows: u8 },
    /// `seat` declined its bonus move.
    BonusDeclined { seat: Seat },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over: final scores of seats 0 and 1, and the winner (none for a draw).
    GameOver {
        reason: EndReason,
        scores: [i64; 2],
        winner: Option<Seat>,
    },
}

/// A position set up by hand (analysis, puzzles, tests): see [`State::from_position`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The pieces.
    pub board: Board,
    /// The seat to move.
    pub to_move: Seat,
    /// The stage of its turn (not `over`).
    pub phase: Phase,
    /// 2010 edition: the turn is an extra turn, which cannot earn another.
    #[serde(default)]
    pub extra_turn: bool,
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    options: Options,
    board: Board,
    to_move: Seat,
    phase: Phase,
    /// 2010 edition: the seat to move is playing the extra turn it earned (no second one).
    extra_turn: bool,
    resignations: Resignations,
}

impl State {
    /// A match starting from `position` instead of the start position. Refused when the
    /// options or the position break a rule (piece counts, full rows, a stage the edition does
    /// not have, a game that should already be over).
    pub fn from_position(options: Options, position: Position) -> Result<State, String> {
        Linja::validate_options(&options).map_err(|e| e.to_string())?;
        if matches!(position.phase, Phase::Over { .. }) {
            return Err("a position to play from cannot be over".into());
        }
        let state = State {
            options,
            board: position.board,
            to_move: position.to_move,
            phase: position.phase,
            extra_turn: position.extra_turn,
            resignations: Resignations::default(),
        };
        Linja::check_invariants(&state)?;
        Ok(state)
    }

    /// The options of the match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat whose turn it is (the last one to move once the game is over).
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The stage of the current turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// 2010 edition: whether the current turn is an extra turn.
    pub fn is_extra_turn(&self) -> bool {
        self.extra_turn
    }

    /// The score `seat` would have if the game ended now.
    pub fn score(&self, seat: Seat) -> i64 {
        self.board.score(seat, self.options.deducts())
    }

    /// Both scores, seat 0 first.
    pub fn scores(&self) -> [i64; 2] {
        [self.score(0), self.score(1)]
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Ranking key: seats still playing above those who left, then the score.
    fn ranking(&self) -> Vec<crate::contract::Placing> {
        let scores = self.scores();
        rank_by_key(
            2,
            |seat| (self.resignations.standing(seat), scores[seat]),
            |seat| scores[seat],
        )
    }

    /// The winner of a finished game by the ranking (none for a draw).
    fn winner(&self) -> Option<Seat> {
        match self.ranking().as_slice() {
            [first, second] if first.rank < second.rank => Some(first.seat),
            _ => None,
        }
    }
}

/// The opponent of `seat` (seats are 0 and 1).
const fn opponent(seat: Seat) -> Seat {
    1 - seat
}

/// Rows are below 8, so they always fit the `u8` of actions and events.
const fn row_u8(row: usize) -> u8 {
    row as u8
}

impl Linja {
    /// Refuses a seat that may not act now.
    fn check_actor(state: &State, seat: Seat) -> Result<(), ActionError> {
        if seat >= 2 {
            return Err(ActionError::NoSuchSeat);
        }
        if state.is_over() {
            return Err(ActionError::GameOver);
        }
        if seat != state.to_move {
            return Err(ActionError::NotYourTurn);
        }
        Ok(())
    }

    /// Checks a bonus move of a piece of `owner` from `from` to `to` by `seat` (rules 14, 16,
    /// ambiguity A9).
    fn check_bonus(
        state: &State,
        seat: Seat,
        owner: Seat,
        from: usize,
        to: usize,
    ) -> Result<(), &'static str> {
        if owner >= 2 {
            return Err("the owner of a piece is seat 0 or seat 1");
        }
        if owner != seat && !state.options.nasty_bonus {
            return Err("the bonus moves one of your own pieces");
        }
        if from >= ROWS || to >= ROWS {
            return Err("rows are numbered 0 to 7");
        }
        if state.board.count(owner, from) == 0 {
            return Err("there is no such piece on that row");
        }
        let forward = neighbour(owner, from, true) == Some(to);
        let backward = neighbour(owner, from, false) == Some(to);
        if !forward && !backward {
            return Err("a bonus move goes one row forward or one row backward");
        }
        if backward && from == goal_line(owner) {
            if owner != seat {
                return Err("an opponent's piece on its goal line may not be moved back");
            }
            if !state.options.bonus_may_leave_goal {
                return Err("a piece on its goal line may not step back");
            }
        }
        if !state.board.has_room(to) {
            return Err("that row is full (6 pieces)");
        }
        Ok(())
    }

    /// Plays a checked initial move and works out what it earns (rules 5, 6; 2010 edition).
    fn play_initial(
        state: &mut State,
        seat: Seat,
        from: usize,
        to: usize,
        events: &mut Vec<Event>,
    ) {
        // Rule 5: the pieces already there, before the moved piece arrives.
        let found = state.board.total(to);
        state.board.move_piece(seat, from, to);
        events.push(Event::PieceMoved {
            seat,
            stage: Stage::Initial,
            owner: seat,
            from: row_u8(from),
            to: row_u8(to),
        });
        let rows = if to == goal_line(seat) {
            match state.options.edition {
                Edition::Seed => None,
                Edition::Steffen2010 => Some(1),
            }
        } else {
            Some(found).filter(|n| *n > 0)
        };
        match rows {
            Some(rows) => {
                events.push(Event::FollowingMoveDue { seat, rows });
                state.phase = Phase::Following { rows };
            }
            None => {
                let cause = if to == goal_line(seat) {
                    NoFollowingCause::GoalLine
                } else {
                    NoFollowingCause::EmptyRow
                };
                events.push(Event::NoFollowingMove { seat, cause });
                Self::end_turn(state, false, events);
            }
        }
    }

    /// Plays a checked following move and works out what it earns (rules 11, 14; 2010
    /// edition's extra turn).
    fn play_following(
        state: &mut State,
        seat: Seat,
        from: usize,
        landing: Landing,
        events: &mut Vec<Event>,
    ) {
        let found = state.board.total(landing.to);
        state.board.move_piece(seat, from, landing.to);
        events.push(Event::PieceMoved {
            seat,
            stage: Stage::Following,
            owner: seat,
            from: row_u8(from),
            to: row_u8(landing.to),
        });
        if landing.lost > 0 {
            events.push(Event::StepsLost {
                seat,
                count: row_u8(landing.lost),
            });
        }
        match state.options.edition {
            Edition::Seed => {
                if landing.to == goal_line(seat) && landing.lost == 0 {
                    events.push(Event::BonusEarned { seat });
                    state.phase = Phase::Bonus;
                } else {
                    Self::end_turn(state, false, events);
                }
            }
            Edition::Steffen2010 => {
                // Only the rows between the sticks count as "empty rows"; the extra turn does
                // not chain.
                let extra = is_inner(landing.to) && found == 0 && !state.extra_turn;
                Self::end_turn(state, extra, events);
            }
        }
    }

    /// Closes a complete turn: checks the end (rule 18), then hands the move to the opponent,
    /// or to the same seat for an earned extra turn.
    fn end_turn(state: &mut State, extra: bool, events: &mut Vec<Event>) {
        if state.board.armies_passed() {
            Self::finish(state, EndReason::ArmiesPassed, events);
            return;
        }
        if !state.board.can_start(0) && !state.board.can_start(1) {
            Self::finish(state, EndReason::Blocked, events);
            return;
        }
        let next = if extra {
            state.to_move
        } else {
            opponent(state.to_move)
        };
        state.to_move = next;
        state.extra_turn = extra;
        state.phase = Phase::Initial;
        events.push(Event::TurnStarted {
            seat: next,
            extra_turn: extra,
        });
    }

    fn finish(state: &mut State, reason: EndReason, events: &mut Vec<Event>) {
        state.phase = Phase::Over { reason };
        state.extra_turn = false;
        events.push(Event::GameOver {
            reason,
            scores: state.scores(),
            winner: state.winner(),
        });
    }

    /// Applies an action in the initial stage.
    fn apply_initial(
        state: &mut State,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match action {
            Action::InitialMove { from, to } => {
                let from = usize::from(from);
                let target = state
                    .board
                    .initial_target(seat, from)
                    .map_err(ActionError::illegal)?;
                if usize::from(to) != target {
                    return Err(ActionError::illegal(
                        "an initial move goes exactly one row forward",
                    ));
                }
                Self::play_initial(state, seat, from, target, events);
            }
            Action::Pass => {
                if state.board.can_start(seat) {
                    return Err(ActionError::illegal(
                        "you can make an initial move, so you may not pass",
                    ));
                }
                events.push(Event::Passed { seat });
                Self::end_turn(state, false, events);
            }
            _ => {
                return Err(ActionError::illegal(
                    "the turn starts with an initial move (or a pass when none is possible)",
                ));
            }
        }
        Ok(())
    }

    /// Applies an action while a following move of `rows` rows is due.
    fn apply_following(
        state: &mut State,
        seat: Seat,
        rows: u8,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let distance = usize::from(rows);
        match action {
            Action::FollowingMove { from, to } => {
                let from = usize::from(from);
                let landing = state
                    .board
                    .following_target(seat, from, distance)
                    .map_err(ActionError::illegal)?;
                if usize::from(to) != landing.to {
                    return Err(ActionError::illegal(
                        "a following move goes exactly the due number of rows forward \
                         (stopping on the goal line if it would go beyond)",
                    ));
                }
                Self::play_following(state, seat, from, landing, events);
            }
            Action::ForfeitFollowing => {
                if state.board.can_follow(seat, distance) {
                    return Err(ActionError::illegal(
                        "a following move is possible, so it cannot be forfeited",
                    ));
                }
                events.push(Event::FollowingForfeited { seat, rows });
                Self::end_turn(state, false, events);
            }
            Action::DeclineFollowing => {
                if !state.options.follow_up_optional {
                    return Err(ActionError::illegal(
                        "the following move is compulsory when one is possible",
                    ));
                }
                if !state.board.can_follow(seat, distance) {
                    return Err(ActionError::illegal(
                        "no following move is possible: forfeit it instead",
                    ));
                }
                events.push(Event::FollowingDeclined { seat, rows });
                Self::end_turn(state, false, events);
            }
            _ => return Err(ActionError::illegal("a following move is due")),
        }
        Ok(())
    }

    /// Applies an action while a bonus move is due.
    fn apply_bonus(
        state: &mut State,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match action {
            Action::BonusMove { owner, from, to } => {
                let (from, to) = (usize::from(from), usize::from(to));
                Self::check_bonus(state, seat, owner, from, to).map_err(ActionError::illegal)?;
                state.board.move_piece(owner, from, to);
                events.push(Event::PieceMoved {
                    seat,
                    stage: Stage::Bonus,
                    owner,
                    from: row_u8(from),
                    to: row_u8(to),
                });
            }
            Action::DeclineBonus => events.push(Event::BonusDeclined { seat }),
            _ => return Err(ActionError::illegal("play or decline the bonus move")),
        }
        // Rule 15: a bonus never chains; the turn is over.
        Self::end_turn(state, false, events);
        Ok(())
    }
}

impl Game for Linja {
    const ID: GameId = GameId::Linja;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    const HAS_CHANCE: bool = false;

    fn option_specs() -> Vec<OptionSpec> {
        let defaults = Options::default();
        vec![
            OptionSpec::choice(
                "edition",
                "The rules played: the original French edition (exact-arrival bonus, deduction), or \
                 the 2010 Steffen-Spiele sheet (1-row following move after reaching the goal, \
                 extra turn after landing on an empty row, no bonus, no deduction).",
                &["seed", "steffen2010"],
                "seed",
            ),
            OptionSpec::boolean(
                "deduct_own_half",
                "Original edition: pieces still in your own half at the end cost the points that \
                 row is worth to your opponent.",
                defaults.deduct_own_half,
            ),
            OptionSpec::boolean(
                "follow_up_optional",
                "The following move may be declined even when one is possible.",
                defaults.follow_up_optional,
            ),
            OptionSpec::boolean(
                "nasty_bonus",
                "Original edition: the bonus may move one of your opponent's pieces one row \
                 forward or backward instead (never back off its goal line).",
                defaults.nasty_bonus,
            ),
            OptionSpec::boolean(
                "bonus_may_leave_goal",
                "Original edition: the bonus may move one of your pieces back off your goal line.",
                defaults.bonus_may_leave_goal,
            ),
        ]
    }

    fn validate_options(options: &Options) -> Result<(), OptionsError> {
        if options.edition == Edition::Steffen2010 {
            // The 2010 edition has no bonus: refuse bonus options that would silently do nothing.
            if options.nasty_bonus {
                return Err(OptionsError::new(
                    "nasty_bonus",
                    "the steffen2010 edition has no bonus move",
                ));
            }
            if !options.bonus_may_leave_goal {
                return Err(OptionsError::new(
                    "bonus_may_leave_goal",
                    "the steffen2010 edition has no bonus move",
                ));
            }
        }
        Ok(())
    }

    fn start(_seats: usize, options: &Options) -> State {
        State {
            options: *options,
            board: Board::START,
            to_move: 0,
            phase: Phase::Initial,
            extra_turn: false,
            resignations: Resignations::default(),
        }
    }

    fn turn(state: &State) -> Turn {
        if state.is_over() {
            Turn::Over
        } else {
            Turn::Seat {
                seat: state.to_move,
            }
        }
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        if state.is_over() || seat != state.to_move {
            return;
        }
        let board = &state.board;
        let first = out.len();
        match state.phase {
            Phase::Initial => {
                for from in 0..ROWS {
                    if let Ok(to) = board.initial_target(seat, from) {
                        out.push(Action::InitialMove {
                            from: row_u8(from),
                            to: row_u8(to),
                        });
                    }
                }
                if out.len() == first {
                    out.push(Action::Pass);
                }
            }
            Phase::Following { rows } => {
                for from in 0..ROWS {
                    if let Ok(landing) = board.following_target(seat, from, usize::from(rows)) {
                        out.push(Action::FollowingMove {
                            from: row_u8(from),
                            to: row_u8(landing.to),
                        });
                    }
                }
                if out.len() == first {
                    out.push(Action::ForfeitFollowing);
                } else if state.options.follow_up_optional {
                    out.push(Action::DeclineFollowing);
                }
            }
            Phase::Bonus => {
                for owner in [seat, opponent(seat)] {
                    for from in 0..ROWS {
                        for forward in [true, false] {
                            let Some(to) = neighbour(owner, from, forward) else {
                                continue;
                            };
                            if Self::check_bonus(state, seat, owner, from, to).is_ok() {
                                out.push(Action::BonusMove {
                                    owner,
                                    from: row_u8(from),
                                    to: row_u8(to),
                                });
                            }
                        }
                    }
                }
                out.push(Action::DeclineBonus);
            }
            Phase::Over { .. } => {}
        }
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        Self::check_actor(state, seat)?;
        // Each stage validates the whole action before it changes anything.
        match state.phase {
            Phase::Initial => Self::apply_initial(state, seat, *action, events),
            Phase::Following { rows } => Self::apply_following(state, seat, rows, *action, events),
            Phase::Bonus => Self::apply_bonus(state, seat, *action, events),
            Phase::Over { .. } => Err(ActionError::GameOver),
        }
    }

    fn apply_chance(
        state: &mut State,
        _values: &[u8],
        _events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        // Linja has no dice: no chance step is ever due.
        if state.is_over() {
            Err(ActionError::GameOver)
        } else {
            Err(ActionError::NoChanceDue)
        }
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= 2 {
            return Err(ActionError::NoSuchSeat);
        }
        if state.is_over() {
            return Err(ActionError::GameOver);
        }
        if !state.resignations.resign(seat) {
            return Err(ActionError::illegal("this seat has already resigned"));
        }
        events.push(Event::Resigned { seat });
        // Two players: the other one wins at once, at any stage of anyone's turn.
        Self::finish(state, EndReason::Resignation, events);
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        match state.phase {
            Phase::Over { reason } => Some(Outcome {
                ranking: state.ranking(),
                reason: Cow::Borrowed(reason.as_str()),
            }),
            _ => None,
        }
    }

    fn view(state: &State, viewer: Option<Seat>) -> View {
        View::of(state, viewer)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        Self::validate_options(&state.options).map_err(|e| e.to_string())?;
        state.board.check()?;
        if state.to_move >= 2 {
            return Err(format!("seat {} to move in a 2-player game", state.to_move));
        }
        let seed = state.options.edition == Edition::Seed;
        if state.extra_turn && seed {
            return Err("an extra turn in the original edition".into());
        }
        match state.phase {
            Phase::Initial => {
                // The end is checked after every complete turn, so a turn never starts in a
                // finished or blocked position.
                if state.board.armies_passed() {
                    return Err("a turn starts after the armies have passed each other".into());
                }
                if !state.board.can_start(0) && !state.board.can_start(1) {
                    return Err("a turn starts in a blocked position".into());
                }
            }
            Phase::Following { rows } => {
                // A row holds at most 5 pieces before the initial move lands on it.
                if !(1..ROW_CAPACITY).contains(&rows) {
                    return Err(format!("a following move of {rows} rows"));
                }
            }
            Phase::Bonus => {
                if !seed {
                    return Err("a bonus in the steffen2010 edition".into());
                }
                if state.board.count(state.to_move, goal_line(state.to_move)) == 0 {
                    return Err("a bonus without any piece on the goal line".into());
                }
            }
            Phase::Over { reason } => {
                let resigned = !state.resignations.seats().is_empty();
                if resigned != (reason == EndReason::Resignation) {
                    return Err("resignations and end reason disagree".into());
                }
                if reason == EndReason::ArmiesPassed && !state.board.armies_passed() {
                    return Err("over by passing armies that have not passed".into());
                }
            }
        }
        if !state.is_over() && !state.resignations.seats().is_empty() {
            return Err("a resignation in a game still going on".into());
        }
        Ok(())
    }
}
