//! Make Five (Cinq sur Cinq), by Jacques Zeimet (Zoch, 1997): order against disorder.
//!
//! Rules: `docs/rules/make-five.md` (rule numbers and the M1–M9 resolutions below refer to it).
//!
//! # The game
//!
//! Two players share an inclined board of five columns holding five tokens each, filled from the
//! bottom ([`Board`]). 25 tokens, five of each of five [`Colour`]s, start in a bag. In each deal
//! one player is the **Aligneur** (A), who tries to line up colours in the rows, and the other
//! the **Destructeur** (D), who draws the tokens and puts them where they do the most harm.
//!
//! A deal: five tokens are drawn and one goes to the bottom of each column (rule 2); then A and D
//! alternate, A first. A may take any token (those above it slide down) and put it on top of any
//! column with room, its own included, or pass (rule 3). D draws a token and puts it on top of a
//! column that is not full. When the 25th token is in, A has one more move, then scores each row
//! holding 3, 4 or 5 tokens of one colour that many points (rules 4–6). A match is six deals with
//! the roles swapped after each; five single-coloured rows (MAKE 5, 25 points) win the match at
//! once, else the higher total wins and equal totals draw (rules 7–8).
//!
//! # How it maps onto the contract
//!
//! - **Seats**: two. Seat 0 is the Aligneur of deals 1, 3 and 5, seat 1 of deals 2, 4 and 6.
//!   The rules leave the first Aligneur open ("choose at random", M8): the server's random seat
//!   assignment is that choice.
//! - **Chance**: every draw from the bag is a [`Chance::Draw`] step whose `counts` are the bag's
//!   contents by [`Colour::index`] (kinds 5 to 7 stay empty); the value supplied is the colour
//!   drawn. Draws are the Destructeur's, the five of the set-up included.
//! - **A deal, step by step** ([`Phase`]): five set-up draws, each placed at once in the next
//!   column (`setup = one_per_column`) or followed by D's [`Action::Place`]
//!   (`setup = destroyer_chooses`); then 20 times: A's [`Action::Move`] or [`Action::Pass`], a
//!   draw, D's [`Action::Place`]; then A's final move or pass, after which the deal is scored
//!   with no further action.
//! - **Forced placements are automatic**: when a single column has room, the drawn token goes
//!   there as part of the draw (the event says so), since there is nothing to decide.
//! - **Canonical moves**: each distinct board A can make is listed once (see [`Action::Move`]),
//!   and the move that changes nothing is the pass (M9).
//! - **End and ranking**: by total points; a MAKE 5 ranks its maker first whatever the totals; a
//!   player who resigns (or times out) loses at once. [`Outcome`] scores are match totals.

mod board;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use board::{
    Board, COLOURS, COLUMNS, Colour, HEIGHT, MIN_SCORING, PER_COLOUR, TOKENS, row_points,
    scoring_places,
};

use crate::contract::{ActionError, Chance, Game, MAX_DRAW_KINDS, Outcome, Seat, Turn};
use crate::id::GameId;
use crate::options::OptionSpec;
use crate::ranking::{Resignations, rank_by_key};

/// Players at the table.
pub const SEATS: usize = 2;
/// Deals in a match: each player is the Aligneur three times (rule 1).
pub const DEALS: u8 = 6;
/// Tokens drawn before the Aligneur's first move (rule 2): one per column.
pub const SETUP_TOKENS: usize = COLUMNS;

/// The game type.
#[derive(Debug, Clone, Copy)]
pub struct MakeFive;

/// How the first five tokens of a deal are placed (M6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveSetup))]
#[serde(rename_all = "snake_case")]
pub enum Setup {
    /// One at the bottom of each column, in column order (the original rules, fig. 1).
    #[default]
    OnePerColumn,
    /// The Destructeur puts each of the five drawn tokens on any column with room (S1).
    DestroyerChooses,
}

/// The options of a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveOptions))]
pub struct Options {
    /// M3: a row scores only its longest run of side-by-side tokens of one colour (3 or more).
    pub require_contiguous: bool,
    /// M6: how each deal's first five tokens are placed.
    pub setup: Setup,
}

/// What the match is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFivePhase))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A token is drawn from the bag (a chance step, on the Destructeur's behalf).
    Draw,
    /// The Destructeur places the token just drawn.
    Place,
    /// The Aligneur moves a token or passes.
    Move,
    /// The match is over.
    Over,
}

/// How the match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// An Aligneur made five single-coloured rows (rule 7).
    MakeFive,
    /// The six deals were played (rule 8).
    AllDealsPlayed,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name, as in [`Outcome::reason`].
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::MakeFive => "make_five",
            EndReason::AllDealsPlayed => "all_deals_played",
            EndReason::Resignation => "resignation",
        }
    }
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    options: Options,
    /// The deal being played, 1 to 6.
    deal: u8,
    phase: Phase,
    board: Board,
    /// Tokens of each colour (by index) still in the bag.
    bag: [u8; COLOURS],
    /// The token drawn and not yet placed (during [`Phase::Place`]).
    hand: Option<Colour>,
    /// The Aligneur's score in each deal, once scored.
    deal_points: [Option<u8>; DEALS as usize],
    end: Option<EndReason>,
    resignations: Resignations,
}

/// A decision of a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The Aligneur takes the token at `from_position` (0 = bottom) of `from_column` (0 to 4)
    /// and puts it on top of `to_column` (which may be `from_column`).
    ///
    /// Taking any token of a run of same-coloured tokens in a column gives the same board, so a
    /// run is named by its **top** token; the others are refused as duplicates. The top token put
    /// back on its own column changes nothing: that is [`Action::Pass`] (M9).
    Move {
        from_column: u8,
        from_position: u8,
        to_column: u8,
    },
    /// The Aligneur leaves the board as it is.
    Pass,
    /// The Destructeur puts the drawn token on top of `column` (0 to 4).
    Place { column: u8 },
}

/// Something that happened, in order; enough to write the log of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new deal begins on an empty board with a full bag (deals 2 to 6; deal 1 starts at setup).
    DealStarted {
        deal: u8,
        aligneur: Seat,
        destructeur: Seat,
    },
    /// `seat` (the Destructeur) drew a token of `colour` from the bag.
    TokenDrawn { seat: Seat, colour: Colour },
    /// The drawn token went on top of `column`, at `position` (0 = bottom); `automatic` when
    /// nothing was chosen (set-up one per column, or a single column with room).
    TokenPlaced {
        seat: Seat,
        colour: Colour,
        column: u8,
        position: u8,
        automatic: bool,
    },
    /// `seat` (the Aligneur) moved a token; the tokens above its old place slid down.
    TokenMoved {
        seat: Seat,
        colour: Colour,
        from_column: u8,
        from_position: u8,
        to_column: u8,
        to_position: u8,
    },
    /// `seat` (the Aligneur) left the board as it was.
    Passed { seat: Seat },
    /// The deal is scored on its final `board` (kept here, as the next deal starts on an empty
    /// one): `rows` bottom to top, `points` their sum, `total` the Aligneur's match total with
    /// them.
    DealScored {
        deal: u8,
        seat: Seat,
        board: Board,
        rows: [u8; HEIGHT],
        points: u8,
        total: u32,
    },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The match is over; `winner` is `None` for a draw.
    GameOver {
        reason: EndReason,
        winner: Option<Seat>,
    },
}

/// A legal action with the points the board would score right after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveChoice))]
pub struct Choice {
    pub action: Action,
    /// The board's score after the action (rows as they stand; on a full board, the deal's
    /// score if the Aligneur stops there).
    pub points: u8,
}

/// What a seat or a spectator sees: everything (the game is open), with derived figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveView))]
pub struct MakeFiveView {
    pub viewer: Option<Seat>,
    pub options: Options,
    /// The deal being played, 1 to `deals`.
    pub deal: u8,
    pub deals: u8,
    pub aligneur: Seat,
    pub destructeur: Seat,
    pub phase: Phase,
    pub turn: Turn,
    /// Columns from the bottom up.
    pub board: Board,
    pub heights: [u8; COLUMNS],
    /// What each row (bottom to top) scores as it stands.
    pub row_points: [u8; HEIGHT],
    /// Their sum: the deal's score if the board stayed as it is.
    pub points: u8,
    /// Tokens of each colour (by index: red, green, blue, yellow, white) still in the bag.
    pub bag: [u8; COLOURS],
    pub bag_total: u8,
    /// The token drawn and waiting to be placed.
    pub hand: Option<Colour>,
    /// The Aligneur's move opportunities left in this deal, the current one included.
    pub aligneur_moves_left: u8,
    /// Whether the Aligneur is making the last move of the deal.
    pub final_move: bool,
    /// The Aligneur's score in each deal played (deal 1 first).
    pub deal_points: [Option<u8>; DEALS as usize],
    /// Each seat's match total.
    pub totals: [u32; SEATS],
    /// The legal actions of the seat to act, each with the score it leads to.
    pub choices: Vec<Choice>,
    /// Seats that resigned.
    pub resigned: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

/// The Aligneur of `deal` (1-based): seat 0 in odd deals, seat 1 in even ones.
pub const fn aligneur_of(deal: u8) -> Seat {
    (deal as usize + 1) % SEATS
}

impl State {
    /// The options of the match.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The deal being played, 1 to [`DEALS`].
    pub const fn deal(&self) -> u8 {
        self.deal
    }

    /// What the match is waiting for.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Tokens of each colour still in the bag, by [`Colour::index`].
    pub const fn bag(&self) -> [u8; COLOURS] {
        self.bag
    }

    /// The drawn token waiting to be placed.
    pub const fn hand(&self) -> Option<Colour> {
        self.hand
    }

    /// The Aligneur's score in each deal scored so far.
    pub const fn deal_points(&self) -> [Option<u8>; DEALS as usize] {
        self.deal_points
    }

    /// How the match ended, once over.
    pub const fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The Aligneur of the current deal.
    pub const fn aligneur(&self) -> Seat {
        aligneur_of(self.deal)
    }

    /// The Destructeur of the current deal.
    pub const fn destructeur(&self) -> Seat {
        1 - self.aligneur()
    }

    /// The match total of `seat`: its scores in the deals where it was the Aligneur.
    pub fn total(&self, seat: Seat) -> u32 {
        (1..=DEALS)
            .zip(self.deal_points)
            .filter(|(deal, _)| aligneur_of(*deal) == seat)
            .filter_map(|(_, points)| points.map(u32::from))
            .sum()
    }

    /// Tokens still in the bag.
    pub fn bag_total(&self) -> usize {
        self.bag.iter().map(|n| usize::from(*n)).sum()
    }

    /// The draw the match is waiting for (meaningful in [`Phase::Draw`]).
    fn draw(&self) -> Chance {
        let mut counts = [0; MAX_DRAW_KINDS];
        counts[..COLOURS].copy_from_slice(&self.bag);
        Chance::Draw { counts }
    }

    /// The seat that must act now, if a seat must.
    const fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Move => Some(self.aligneur()),
            Phase::Place => Some(self.destructeur()),
            Phase::Draw | Phase::Over => None,
        }
    }

    /// The checks every seat action starts with.
    fn check_seat_may_act(&self, seat: Seat) -> Result<(), ActionError> {
        if seat >= SEATS {
            return Err(ActionError::NoSuchSeat);
        }
        if self.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        if self.seat_to_act() != Some(seat) {
            return Err(ActionError::NotYourTurn);
        }
        Ok(())
    }

    /// Where a drawn token goes without a decision: the next column during a one-per-column
    /// set-up, or the only column with room.
    fn automatic_column(&self) -> Option<usize> {
        let tokens = self.board.tokens();
        if tokens < SETUP_TOKENS && self.options.setup == Setup::OnePerColumn {
            return Some(tokens);
        }
        let mut with_room = (0..COLUMNS).filter(|c| self.board.has_room(*c));
        match (with_room.next(), with_room.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }

    /// Puts the drawn `colour` on `column` (which has room) and moves on.
    fn place(&mut self, column: usize, colour: Colour, automatic: bool, events: &mut Vec<Event>) {
        if let Some(position) = self.board.put(column, colour) {
            events.push(Event::TokenPlaced {
                seat: self.destructeur(),
                colour,
                // Board indices are below 5.
                column: column as u8,
                position: position as u8,
                automatic,
            });
        }
        self.hand = None;
        // The set-up draws follow one another; after that every placement gives A a move.
        self.phase = if self.board.tokens() < SETUP_TOKENS {
            Phase::Draw
        } else {
            Phase::Move
        };
    }

    /// After the Aligneur's move or pass: the next draw, or the end of the deal (rule 4).
    fn after_aligneur(&mut self, events: &mut Vec<Event>) {
        if self.bag_total() > 0 {
            self.phase = Phase::Draw;
        } else {
            self.score_deal(events);
        }
    }

    /// Scores the full board for the Aligneur (rule 6), then ends the match (rules 7, 8) or
    /// starts the next deal with the roles swapped (rule 1).
    fn score_deal(&mut self, events: &mut Vec<Event>) {
        let seat = self.aligneur();
        let rows = self.board.row_points(self.options.require_contiguous);
        let points = rows.iter().sum();
        if let Some(slot) = self
            .deal_points
            .get_mut(usize::from(self.deal.saturating_sub(1)))
        {
            *slot = Some(points);
        }
        events.push(Event::DealScored {
            deal: self.deal,
            seat,
            board: self.board,
            rows,
            points,
            total: self.total(seat),
        });
        if self.board.is_make_five() {
            self.finish(EndReason::MakeFive, events);
        } else if self.deal >= DEALS {
            self.finish(EndReason::AllDealsPlayed, events);
        } else {
            self.deal += 1;
            self.board = Board::new();
            self.bag = [PER_COLOUR; COLOURS];
            self.phase = Phase::Draw;
            events.push(Event::DealStarted {
                deal: self.deal,
                aligneur: self.aligneur(),
                destructeur: self.destructeur(),
            });
        }
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.end = Some(reason);
        let [a, b] = [0, 1].map(|seat| self.ranking_key(seat));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        events.push(Event::GameOver { reason, winner });
    }

    /// Greater is better: still playing, then the MAKE 5 (an instant win), then the total.
    fn ranking_key(&self, seat: Seat) -> (usize, bool, u32) {
        let made_five = self.end == Some(EndReason::MakeFive) && self.aligneur() == seat;
        (
            self.resignations.standing(seat),
            made_five,
            self.total(seat),
        )
    }
}

/// Validates a move of the Aligneur on `board`, with the reason when it is refused. See
/// [`Action::Move`].
fn check_move(
    board: &Board,
    from_column: u8,
    from_position: u8,
    to_column: u8,
) -> Result<(), ActionError> {
    let (from, position, to) = (
        usize::from(from_column),
        usize::from(from_position),
        usize::from(to_column),
    );
    if from >= COLUMNS || to >= COLUMNS {
        return Err(ActionError::illegal("the columns are numbered 0 to 4"));
    }
    let Some(colour) = board.token(from, position) else {
        return Err(ActionError::illegal("there is no token at that place"));
    };
    if board.token(from, position + 1) == Some(colour) {
        return Err(ActionError::illegal(
            "the token above is the same colour and taking either gives the same board: \
             take the top token of the run",
        ));
    }
    if to == from {
        if position + 1 == board.height(from) {
            return Err(ActionError::illegal(
                "putting the top token back on its own column changes nothing: pass instead",
            ));
        }
    } else if !board.has_room(to) {
        return Err(ActionError::Illegal(Cow::Owned(format!(
            "column {to} is full"
        ))));
    }
    Ok(())
}

impl Game for MakeFive {
    const ID: GameId = GameId::MakeFive;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = MakeFiveView;
    const MIN_SEATS: usize = SEATS;
    const MAX_SEATS: usize = SEATS;

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean(
                "require_contiguous",
                "A row scores only for same-coloured tokens side by side (its longest such run, \
                 if 3 or more), not for any 3 or more of a colour anywhere in the row.",
                false,
            ),
            OptionSpec::choice(
                "setup",
                "How each deal's first five tokens are placed: one at the bottom of each column, \
                 or on columns the Destructeur chooses.",
                &["one_per_column", "destroyer_chooses"],
                "one_per_column",
            ),
        ]
    }

    fn start(_seats: usize, options: &Options) -> State {
        State {
            options: *options,
            deal: 1,
            phase: Phase::Draw,
            board: Board::new(),
            bag: [PER_COLOUR; COLOURS],
            hand: None,
            deal_points: [None; DEALS as usize],
            end: None,
            resignations: Resignations::default(),
        }
    }

    fn turn(state: &State) -> Turn {
        match state.phase {
            Phase::Over => Turn::Over,
            Phase::Draw => Turn::Chance {
                chance: state.draw(),
            },
            Phase::Move => Turn::Seat {
                seat: state.aligneur(),
            },
            Phase::Place => Turn::Seat {
                seat: state.destructeur(),
            },
        }
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        if state.seat_to_act() != Some(seat) {
            return;
        }
        match state.phase {
            Phase::Move => {
                out.push(Action::Pass);
                state
                    .board
                    .for_each_move(|from_column, from_position, to_column| {
                        out.push(Action::Move {
                            from_column,
                            from_position,
                            to_column,
                        });
                    });
            }
            Phase::Place => {
                for column in 0..COLUMNS {
                    if state.board.has_room(column) {
                        out.push(Action::Place {
                            column: column as u8,
                        });
                    }
                }
            }
            Phase::Draw | Phase::Over => {}
        }
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        state.check_seat_may_act(seat)?;
        match (state.phase, *action) {
            (Phase::Move, Action::Pass) => {
                events.push(Event::Passed { seat });
                state.after_aligneur(events);
            }
            (
                Phase::Move,
                Action::Move {
                    from_column,
                    from_position,
                    to_column,
                },
            ) => {
                check_move(&state.board, from_column, from_position, to_column)?;
                let Some((board, colour, to_position)) = state.board.after_move(
                    from_column.into(),
                    from_position.into(),
                    to_column.into(),
                ) else {
                    return Err(ActionError::illegal("there is no token at that place"));
                };
                state.board = board;
                events.push(Event::TokenMoved {
                    seat,
                    colour,
                    from_column,
                    from_position,
                    to_column,
                    // A position is below 5.
                    to_position: to_position as u8,
                });
                state.after_aligneur(events);
            }
            (Phase::Move, Action::Place { .. }) => {
                return Err(ActionError::illegal(
                    "the Aligneur moves a token or passes; placing a drawn token is the \
                     Destructeur's move",
                ));
            }
            (Phase::Place, Action::Place { column }) => {
                let to = usize::from(column);
                if to >= COLUMNS {
                    return Err(ActionError::illegal("the columns are numbered 0 to 4"));
                }
                if !state.board.has_room(to) {
                    return Err(ActionError::Illegal(Cow::Owned(format!(
                        "column {to} is full"
                    ))));
                }
                let Some(colour) = state.hand else {
                    return Err(ActionError::illegal("there is no drawn token to place"));
                };
                state.place(to, colour, false, events);
            }
            (Phase::Place, Action::Move { .. } | Action::Pass) => {
                return Err(ActionError::illegal(
                    "the Destructeur must place the drawn token on a column",
                ));
            }
            (Phase::Draw | Phase::Over, _) => return Err(ActionError::NotYourTurn),
        }
        Ok(())
    }

    fn apply_chance(
        state: &mut State,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match state.phase {
            Phase::Draw => {}
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Move | Phase::Place => return Err(ActionError::NoChanceDue),
        }
        state.draw().check(values)?;
        let Some(colour) = values
            .first()
            .and_then(|kind| Colour::from_index(usize::from(*kind)))
        else {
            return Err(ActionError::BadChance(Cow::Borrowed(
                "a draw is one colour index from 0 to 4",
            )));
        };
        let automatic = state.automatic_column();
        let left = &mut state.bag[colour.index()];
        *left = left.saturating_sub(1);
        events.push(Event::TokenDrawn {
            seat: state.destructeur(),
            colour,
        });
        match automatic {
            Some(column) => state.place(column, colour, true, events),
            None => {
                state.hand = Some(colour);
                state.phase = Phase::Place;
            }
        }
        Ok(())
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= SEATS {
            return Err(ActionError::NoSuchSeat);
        }
        if state.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        if !state.resignations.resign(seat) {
            return Err(ActionError::illegal("this seat has already resigned"));
        }
        events.push(Event::Resigned { seat });
        // Two players: the other one wins at once.
        state.finish(EndReason::Resignation, events);
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let reason = state.end?;
        let ranking = rank_by_key(
            SEATS,
            |seat| state.ranking_key(seat),
            |seat| i64::from(state.total(seat)),
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    fn view(state: &State, viewer: Option<Seat>) -> MakeFiveView {
        let contiguous = state.options.require_contiguous;
        let mut actions = Vec::new();
        if let Some(seat) = state.seat_to_act() {
            Self::legal_actions(state, seat, &mut actions);
        }
        let choices = actions
            .into_iter()
            .map(|action| {
                let after = match action {
                    Action::Move {
                        from_column,
                        from_position,
                        to_column,
                    } => state
                        .board
                        .after_move(from_column.into(), from_position.into(), to_column.into())
                        .map(|(board, _, _)| board),
                    Action::Place { column } => state.hand.and_then(|colour| {
                        let mut board = state.board;
                        board.put(column.into(), colour).map(|_| board)
                    }),
                    Action::Pass => None,
                };
                let board = after.unwrap_or(state.board);
                Choice {
                    action,
                    points: board.points(contiguous),
                }
            })
            .collect();
        let tokens = state.board.tokens();
        // After the set-up, every placement is followed by a move of the Aligneur.
        let aligneur_moves_left = match state.phase {
            Phase::Move => 1 + state.bag_total(),
            Phase::Draw | Phase::Place => TOKENS - tokens.max(SETUP_TOKENS - 1),
            Phase::Over => 0,
        };
        let row_points = state.board.row_points(contiguous);
        MakeFiveView {
            viewer,
            options: state.options,
            deal: state.deal,
            deals: DEALS,
            aligneur: state.aligneur(),
            destructeur: state.destructeur(),
            phase: state.phase,
            turn: Self::turn(state),
            board: state.board,
            // Heights and counts are at most 25.
            heights: state.board.heights().map(|h| h as u8),
            row_points,
            points: row_points.iter().sum(),
            bag: state.bag,
            bag_total: state.bag_total() as u8,
            hand: state.hand,
            aligneur_moves_left: aligneur_moves_left as u8,
            final_move: state.phase == Phase::Move && state.bag_total() == 0,
            deal_points: state.deal_points,
            totals: [0, 1].map(|seat| state.total(seat)),
            choices,
            resigned: state.resignations.seats().to_vec(),
            outcome: Self::outcome(state),
        }
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        if !(1..=DEALS).contains(&state.deal) {
            return Err(format!("deal {} is not in 1..={DEALS}", state.deal));
        }
        if let Some((column, position)) = state.board.first_gap() {
            return Err(format!("gap at column {column}, position {position}"));
        }
        // Colour conservation: every colour five times on the board, in the bag or in hand.
        let on_board = state.board.colour_counts();
        for colour in Colour::ALL {
            let i = colour.index();
            let count = u32::from(on_board[i])
                + u32::from(state.bag[i])
                + u32::from(state.hand == Some(colour));
            if count != u32::from(PER_COLOUR) {
                return Err(format!(
                    "{colour:?} appears {count} times, not {PER_COLOUR}"
                ));
            }
        }
        let over = state.phase == Phase::Over;
        if over != state.end.is_some() {
            return Err("the phase and the end reason disagree".into());
        }
        let tokens = state.board.tokens();
        if !over {
            if state.hand.is_some() != (state.phase == Phase::Place) {
                return Err("a token is in hand exactly while it waits to be placed".into());
            }
            let ok = match state.phase {
                Phase::Draw => state.bag_total() > 0,
                Phase::Place => {
                    tokens >= SETUP_TOKENS || state.options.setup == Setup::DestroyerChooses
                }
                Phase::Move => tokens >= SETUP_TOKENS,
                Phase::Over => true,
            };
            if !ok {
                return Err(format!(
                    "{:?} with {tokens} tokens on the board",
                    state.phase
                ));
            }
            if tokens < SETUP_TOKENS && state.phase == Phase::Move {
                return Err("the Aligneur moves only after the set-up".into());
            }
        }
        // Deals before the current one are scored, later ones are not; the current one is scored
        // only if it ended the match (by MAKE 5 or as the sixth deal).
        let current = usize::from(state.deal - 1);
        for (i, points) in state.deal_points.iter().enumerate() {
            let scored = match i.cmp(&current) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => matches!(
                    state.end,
                    Some(EndReason::MakeFive | EndReason::AllDealsPlayed)
                ),
                std::cmp::Ordering::Greater => false,
            };
            if points.is_some() != scored {
                return Err(format!("deal {} scored: {points:?}", i + 1));
            }
            let make_five = points.is_some_and(|p| p == 25);
            if make_five != (i == current && state.end == Some(EndReason::MakeFive)) {
                return Err(format!("deal {} scored 25 without ending the match", i + 1));
            }
            if points.is_some_and(|p| p > 25) {
                return Err(format!("deal {} scored over 25", i + 1));
            }
        }
        if state.end == Some(EndReason::AllDealsPlayed) && state.deal != DEALS {
            return Err("all deals played before the sixth".into());
        }
        let resigned = state.resignations.seats();
        if resigned.iter().any(|s| *s >= SEATS) {
            return Err("an unknown seat resigned".into());
        }
        if (state.end == Some(EndReason::Resignation)) != (resigned.len() == 1) {
            return Err("a resignation ends a two-player match, and only it".into());
        }
        Ok(())
    }
}
