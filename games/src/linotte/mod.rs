//! La Linotte (Saga) and Yam Master (Ferti): Yams combinations that put pawns on a 5×5 grid.
//!
//! Both games share one core, parametrised by their options type (see [`Variant`]): two
//! players, five dice, twelve pawns each, and the same printed grid (see [`LAYOUT`]). A turn is
//! up to three throws; the final dice make combinations (brelans, Full, Carré, Yam,
//! Quinte/Suite, Small/≤8, Sec), and the player may put one pawn on a free cell bearing one of
//! them. At the end, each maximal run of 3, 4 or 5 own pawns on one of the 20 lines scores 1, 2
//! or 3 points. La Linotte has the *Appel* (announce a named major combination after throw 1)
//! and ends at a five-in-a-row or at a twelfth pawn; Yam Master has the unnamed *Défi*, the
//! *Yam Predator* (remove an opponent pawn with a Yam) and wins outright with five in a row.
//! The authoritative rules are `docs/rules/linotte-yam-master.md`; rule and ambiguity numbers in
//! comments refer to it.
//!
//! # Mapping onto the contract
//!
//! - Seat 0 starts: the rules draw the first player at random, which the server does when it
//!   seats the players.
//! - The first throw of a turn is forced, so it is a chance step of five dice. Afterwards the
//!   player to act chooses among: [`Action::Reroll`] (the faces to throw again, ascending, at
//!   most twice a turn), followed by a chance step for those dice; [`Action::Appel`] (La
//!   Linotte) or [`Action::Defi`] (Yam Master) after throw 1; and the three ways of stopping:
//!   [`Action::Place`] a pawn, [`Action::Remove`] an opponent pawn (Yam Predator) or
//!   [`Action::Pass`]. Stopping and placing is one action, so each placement is one choice.
//! - The dice are kept sorted, so re-throwing one of two equal dice is one decision, spelled by
//!   its face.
//! - Every finished game ranks by alignment points (a tie is a draw), except that the winner
//!   of a Yam Master five-in-a-row and the player left after a resignation rank first. The
//!   score of each seat is its points on the final grid; a Yam Master five in a row counts 3
//!   there, as in La Linotte, though it has already won the game.
//! - The [`State`] is plain data (fixed arrays and bit masks, the grid serialized as five
//!   readable rows); reading one from JSON checks every invariant, so the rules never have to
//!   trust a stored state.

mod board;
mod dice;
mod view;

use std::borrow::Cow;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use board::{Board, CELLS, Cell, LAYOUT, LINES, Line, SIZE, Scoring};
pub use dice::{Combination, CombinationSet, DICE, Faces, Major, combinations};
pub use view::{CellView, PlacementView, PlayerView, RemovalView, View};

use crate::contract::{ActionError, Chance, Game, Outcome, Seat, Turn};
use crate::id::GameId;
use crate::options::OptionSpec;
use crate::ranking::{Resignations, rank_by_key};

/// Pawns each player starts with.
pub const PAWNS: u8 = 12;
/// Throws a turn may have.
pub const MAX_THROWS: u8 = 3;
/// Players at the table.
const SEATS: usize = 2;

/// The game type of La Linotte (`linotte`).
#[derive(Debug, Clone, Copy)]
pub struct Linotte;

/// The game type of Yam Master (`yam-master`).
#[derive(Debug, Clone, Copy)]
pub struct YamMaster;

/// The options of La Linotte (every one defaults to the reading of the rules file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteOptions))]
#[serde(default)]
pub struct Options {
    /// Ambiguity G4: count every stretch of 3, 4 or 5 aligned pawns, not only maximal runs.
    pub count_all_windows: bool,
    /// Ambiguity L2: an Appel announced after a Sec succeeds with any major combination, not
    /// only the one announced.
    pub appel_after_sec_any_major: bool,
    /// Ambiguity L3: a failed Appel still lets the player place on a cell the final dice make
    /// (but not on an Appel cell).
    pub failed_challenge_allows_normal_placement: bool,
}

/// The options of Yam Master (every one defaults to the reading of the rules file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamMasterOptions))]
#[serde(default)]
pub struct YamMasterOptions {
    /// Ambiguity G4: count every stretch of 3, 4 or 5 aligned pawns, not only maximal runs.
    pub count_all_windows: bool,
    /// Ambiguity Y2: a failed Défi still lets the player place on a cell the final dice make
    /// (but not on a Défi cell).
    pub failed_challenge_allows_normal_placement: bool,
    /// Ambiguity Y1: a Défi taken on a first-throw major must re-throw a die of it (rule 10).
    pub defi_requires_rethrow_of_combo: bool,
    /// Ambiguity Y3: a pawn removed by the Yam Predator returns to its owner's reserve.
    pub predator_returns_pawn: bool,
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Options {}
    impl Sealed for super::YamMasterOptions {}
}

/// The options type of one of the two games, which also says which game it is. The shared
/// core ([`State`], [`View`]) is generic over it.
pub trait Variant:
    Serialize + DeserializeOwned + Default + Clone + PartialEq + Debug + sealed::Sealed
{
    /// The game these options belong to.
    const GAME: GameId;

    /// The rules these options select.
    fn rules(&self) -> Rules;

    /// The description of every option.
    fn specs() -> Vec<OptionSpec>;
}

/// The rules that differ between the games and their options, in one flat value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Yam Master (Défi, Yam Predator, instant win) rather than La Linotte (Appel).
    pub yam_master: bool,
    /// How alignments are counted.
    pub scoring: Scoring,
    /// Whether a failed challenge still allows an ordinary placement (L3 / Y2).
    pub failed_challenge_allows_normal_placement: bool,
    /// Whether a challenge on a first-throw major must break it on throw 2 (rule 10, L5, Y1).
    pub challenge_must_break_first_throw_major: bool,
    /// Whether an Appel after a Sec succeeds with any major (L2).
    pub appel_after_sec_any_major: bool,
    /// Whether the Yam Predator gives the removed pawn back (Y3).
    pub predator_returns_pawn: bool,
}

const fn scoring(count_all_windows: bool) -> Scoring {
    if count_all_windows {
        Scoring::AllWindows
    } else {
        Scoring::MaximalRuns
    }
}

const COUNT_ALL_WINDOWS: &str = "Count every stretch of 3, 4 or 5 aligned pawns, not only \
    the longest run: a run of 4 then scores 4 points and a run of 5 scores 10.";

impl Variant for Options {
    const GAME: GameId = GameId::Linotte;

    fn rules(&self) -> Rules {
        Rules {
            yam_master: false,
            scoring: scoring(self.count_all_windows),
            failed_challenge_allows_normal_placement: self.failed_challenge_allows_normal_placement,
            // Rule 10 always holds in La Linotte.
            challenge_must_break_first_throw_major: true,
            appel_after_sec_any_major: self.appel_after_sec_any_major,
            predator_returns_pawn: false,
        }
    }

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean("count_all_windows", COUNT_ALL_WINDOWS, false),
            OptionSpec::boolean(
                "appel_after_sec_any_major",
                "An Appel announced after a Sec succeeds with any major combination, not only \
                 the one announced.",
                false,
            ),
            OptionSpec::boolean(
                "failed_challenge_allows_normal_placement",
                "A failed Appel still lets the player place a pawn on a cell the final dice \
                 make, though not on an Appel cell.",
                false,
            ),
        ]
    }
}

impl Variant for YamMasterOptions {
    const GAME: GameId = GameId::YamMaster;

    fn rules(&self) -> Rules {
        Rules {
            yam_master: true,
            scoring: scoring(self.count_all_windows),
            failed_challenge_allows_normal_placement: self.failed_challenge_allows_normal_placement,
            challenge_must_break_first_throw_major: self.defi_requires_rethrow_of_combo,
            // The Défi names nothing: any major always succeeds.
            appel_after_sec_any_major: false,
            predator_returns_pawn: self.predator_returns_pawn,
        }
    }

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean("count_all_windows", COUNT_ALL_WINDOWS, false),
            OptionSpec::boolean(
                "failed_challenge_allows_normal_placement",
                "A failed Défi still lets the player place a pawn on a cell the final dice \
                 make, though not on a Défi cell.",
                false,
            ),
            OptionSpec::boolean(
                "defi_requires_rethrow_of_combo",
                "A Défi taken with a major combination on the first throw must throw again at \
                 least one die of that combination, as in La Linotte.",
                false,
            ),
            OptionSpec::boolean(
                "predator_returns_pawn",
                "A pawn removed by the Yam Predator goes back to its owner's reserve instead \
                 of leaving the game.",
                false,
            ),
        ]
    }
}

/// A challenge taken after throw 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteChallenge))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Challenge {
    /// La Linotte: the announced major must be made with the remaining throws (rule 9).
    Appel {
        combination: Major,
        /// Whether throw 1 already held a major combination (rule 10).
        after_sec: bool,
    },
    /// Yam Master: any major must be made with the remaining throws (rule 12).
    Defi {
        /// Whether throw 1 already held a major combination (ambiguity Y1).
        after_sec: bool,
    },
}

impl Challenge {
    fn after_sec(self) -> bool {
        match self {
            Challenge::Appel { after_sec, .. } | Challenge::Defi { after_sec } => after_sec,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player completed five in a row (rules 11 and 15).
    FiveInARow,
    /// A player has no pawn left in reserve (rules 11 and 15).
    NoPawnsLeft,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name used in [`Outcome::reason`].
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::FiveInARow => "five_in_a_row",
            EndReason::NoPawnsLeft => "no_pawns_left",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Phase {
    /// A chance step: `count` dice are being thrown (all five on the first throw).
    Throwing { count: u8 },
    /// The player to play decides what to do with the dice.
    Choosing,
    /// The game is over; `winner` is `None` for a draw.
    Over {
        reason: EndReason,
        winner: Option<Seat>,
    },
}

/// A decision of the player to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Throw again the dice showing these faces, in ascending order (`[2, 4, 4]`); a chance
    /// step for them follows. At most twice a turn.
    Reroll { faces: Faces },
    /// La Linotte, after throw 1: announce an Appel on a major combination (rule 9).
    Appel { combination: Major },
    /// Yam Master, after throw 1: take up the Défi (rule 12).
    Defi,
    /// Stop and place a pawn on this free cell, whose combination the turn has made.
    Place { row: u8, col: u8 },
    /// Yam Master, the final dice a Yam: stop and remove this opponent pawn instead of placing
    /// (the Yam Predator, rule 14).
    Remove { row: u8, col: u8 },
    /// Stop without placing a pawn.
    Pass,
}

/// Something that happened, with the values a turn log needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` begins a turn.
    TurnStarted { seat: Seat },
    /// Throw number `throw` of `seat` gave `values` (in die order); `dice` are all five dice
    /// now, sorted.
    DiceThrown {
        seat: Seat,
        throw: u8,
        values: Faces,
        dice: [u8; DICE],
    },
    /// `seat` throws again the dice showing `faces`.
    Rerolled { seat: Seat, faces: Faces },
    /// `seat` announces an Appel on `combination`.
    AppelAnnounced { seat: Seat, combination: Major },
    /// `seat` takes up the Défi.
    DefiDeclared { seat: Seat },
    /// `seat` stopped after a challenge, which `succeeded` or not.
    ChallengeResolved { seat: Seat, succeeded: bool },
    /// `seat` placed a pawn on the cell at `row`, `col` bearing `combination`, and now has
    /// `reserve` pawns left and `points` alignment points.
    Placed {
        seat: Seat,
        row: u8,
        col: u8,
        combination: Combination,
        reserve: u8,
        points: i64,
    },
    /// `seat` used the Yam Predator on the pawn of `owner` at `row`, `col`; the pawn went back
    /// to its owner's reserve if `returned`, else out of the game. `owner` now has
    /// `owner_points` alignment points.
    PawnRemoved {
        seat: Seat,
        owner: Seat,
        row: u8,
        col: u8,
        returned: bool,
        owner_points: i64,
    },
    /// `seat` stopped without placing a pawn.
    Passed { seat: Seat },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over; `points` are the final alignment points of seats 0 and 1 and
    /// `winner` is `None` for a draw.
    GameOver {
        reason: EndReason,
        winner: Option<Seat>,
        points: [i64; SEATS],
    },
}

/// The state of a match of either game (`State` is La Linotte's, `State<YamMasterOptions>`
/// Yam Master's).
///
/// Deserializing checks every invariant, so the rules can trust a stored state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State<O = Options> {
    options: O,
    board: Board,
    /// Pawns not yet placed.
    reserve: [u8; SEATS],
    /// Pawns taken out of the game by the Yam Predator.
    removed: [u8; SEATS],
    /// The seat whose turn it is (or was, once over).
    to_play: Seat,
    phase: Phase,
    /// The dice in ascending order; while dice are being thrown, the kept ones come first
    /// (ascending) and the ones in the air show 0.
    dice: [u8; DICE],
    /// Throws made this turn.
    throws: u8,
    challenge: Option<Challenge>,
    resignations: Resignations,
    /// The combinations the dice make, while the player chooses (empty otherwise). Derived
    /// from `dice` once per throw rather than at every question, so not stored.
    #[serde(skip)]
    made: CombinationSet,
}

impl<O: Variant> Serialize for State<O> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        State::serialize(self, serializer)
    }
}

impl<'de, O: Variant> Deserialize<'de> for State<O> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut state = State::deserialize(deserializer)?;
        if state.phase == Phase::Choosing {
            state.made = combinations(&state.dice);
        }
        state.check().map_err(serde::de::Error::custom)?;
        Ok(state)
    }
}

fn illegal(reason: &'static str) -> ActionError {
    ActionError::illegal(reason)
}

/// The other seat of a two-seat table.
const fn opponent(seat: Seat) -> Seat {
    1 - seat
}

impl<O: Variant> State<O> {
    /// A new match: empty grid, twelve pawns each, seat 0 about to throw.
    pub fn new(options: O) -> Self {
        State {
            options,
            board: Board::EMPTY,
            reserve: [PAWNS; SEATS],
            removed: [0; SEATS],
            to_play: 0,
            phase: Phase::Throwing { count: DICE as u8 },
            dice: [0; DICE],
            throws: 0,
            challenge: None,
            resignations: Resignations::default(),
            made: CombinationSet::EMPTY,
        }
    }

    /// A match in progress from a position: `board` as given, every pawn not on it in its
    /// owner's reserve, and `to_play` about to throw. For puzzles, analysis and tests.
    pub fn from_board(options: O, board: Board, to_play: Seat) -> Result<Self, String> {
        let mut state = State::new(options);
        for seat in 0..SEATS {
            state.reserve[seat] = PAWNS
                .checked_sub(board.count(seat))
                .ok_or_else(|| format!("seat {seat} has more than {PAWNS} pawns on the grid"))?;
        }
        state.board = board;
        state.to_play = to_play;
        state.check()?;
        Ok(state)
    }

    /// The options of the match.
    pub fn options(&self) -> &O {
        &self.options
    }

    /// The pawns on the grid.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pawns `seat` has left to place.
    pub fn reserve(&self, seat: Seat) -> u8 {
        self.reserve.get(seat).copied().unwrap_or(0)
    }

    /// The pawns of `seat` taken out of the game by the Yam Predator.
    pub fn removed(&self, seat: Seat) -> u8 {
        self.removed.get(seat).copied().unwrap_or(0)
    }

    /// The seat whose turn it is (or was, once the game is over).
    pub fn to_play(&self) -> Seat {
        self.to_play
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice, sorted (0 for dice being thrown).
    pub fn dice(&self) -> [u8; DICE] {
        self.dice
    }

    /// The throws made this turn.
    pub fn throws(&self) -> u8 {
        self.throws
    }

    /// The challenge taken this turn, if any.
    pub fn challenge(&self) -> Option<Challenge> {
        self.challenge
    }

    /// The alignment points of `seat` on the current grid.
    pub fn points(&self, seat: Seat) -> i64 {
        self.board.points(seat, self.rules().scoring)
    }

    fn rules(&self) -> Rules {
        self.options.rules()
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Whether the player may stop now: after a throw, except right after announcing a
    /// challenge, which must be followed by a throw (rules 9 and 12).
    fn can_stop(&self) -> bool {
        self.phase == Phase::Choosing && !(self.challenge.is_some() && self.throws == 1)
    }

    /// Whether the challenge of this turn is met by the dice, once it can be judged.
    fn challenge_met(&self) -> Option<bool> {
        if !self.can_stop() {
            return None;
        }
        let made = self.made;
        match self.challenge? {
            Challenge::Defi { .. } => Some(made.has_major()),
            Challenge::Appel {
                combination,
                after_sec,
            } => Some(
                made.contains(combination.combination())
                    || (after_sec && self.rules().appel_after_sec_any_major && made.has_major()),
            ),
        }
    }

    /// The labels a pawn may be placed on if the player stops now (rules 3 to 5, 9, 12).
    pub fn placeable(&self) -> CombinationSet {
        if !self.can_stop() {
            return CombinationSet::EMPTY;
        }
        let made = self.made;
        match self.challenge_met() {
            // Sec: a major on the first throw, stopping there (ambiguity G5).
            None if self.throws == 1 && made.has_major() => made.with(Combination::Sec),
            None => made,
            Some(true) => made.with(Combination::Challenge),
            Some(false) if self.rules().failed_challenge_allows_normal_placement => made,
            Some(false) => CombinationSet::EMPTY,
        }
    }

    /// The free cells a pawn may be placed on now, as a mask.
    fn placement_cells(&self) -> u32 {
        self.board.free() & board::cells_labelled(self.placeable().bits())
    }

    /// The opponent pawns the Yam Predator may remove now, as a mask (rule 14).
    fn predator_targets(&self) -> u32 {
        if self.rules().yam_master && self.can_stop() && self.made.contains(Combination::Yam) {
            self.board.mask(opponent(self.to_play))
        } else {
            0
        }
    }

    /// Whether the coming throw 2 must break the major of throw 1 (rule 10, L5, Y1): then the
    /// kept dice may not hold a complete major. Full, Quinte, Small and Yam need all five
    /// dice, so any re-throw breaks them; only a Carré can survive among four kept dice.
    fn must_break_first_throw_major(&self) -> bool {
        self.throws == 1
            && self.challenge.is_some_and(Challenge::after_sec)
            && self.rules().challenge_must_break_first_throw_major
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over { .. } => Turn::Over,
            Phase::Throwing { count } => Turn::Chance {
                chance: Chance::Dice { count },
            },
            Phase::Choosing => Turn::Seat { seat: self.to_play },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.phase != Phase::Choosing || seat != self.to_play {
            return;
        }
        if self.can_stop() {
            for cell in Cell::in_mask(self.placement_cells()) {
                out.push(Action::Place {
                    row: cell.row(),
                    col: cell.col(),
                });
            }
            for cell in Cell::in_mask(self.predator_targets()) {
                out.push(Action::Remove {
                    row: cell.row(),
                    col: cell.col(),
                });
            }
            out.push(Action::Pass);
        }
        if self.throws == 1 && self.challenge.is_none() {
            if self.rules().yam_master {
                out.push(Action::Defi);
            } else {
                for combination in Major::ALL {
                    out.push(Action::Appel { combination });
                }
            }
        }
        if self.throws < MAX_THROWS {
            push_rerolls(&self.dice, self.must_break_first_throw_major(), out);
        }
    }

    /// Checks that `seat` may act now.
    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if seat >= SEATS {
            return Err(ActionError::NoSuchSeat);
        }
        match self.phase {
            Phase::Over { .. } => Err(ActionError::GameOver),
            Phase::Throwing { .. } => Err(ActionError::NotYourTurn),
            Phase::Choosing if seat != self.to_play => Err(ActionError::NotYourTurn),
            Phase::Choosing => Ok(()),
        }
    }

    fn check_stop(&self) -> Result<(), ActionError> {
        if self.can_stop() {
            Ok(())
        } else if self.rules().yam_master {
            Err(illegal(
                "after taking up the Défi, throw again before stopping",
            ))
        } else {
            Err(illegal(
                "after announcing an Appel, throw again before stopping",
            ))
        }
    }

    /// The kept dice if `faces` may be thrown again now.
    fn check_reroll(&self, faces: &Faces) -> Result<[u8; DICE], ActionError> {
        if self.throws >= MAX_THROWS {
            return Err(illegal("no throw left: the third throw is the last"));
        }
        let faces = faces.as_slice();
        if faces.is_empty() {
            return Err(illegal("choose at least one die to throw again"));
        }
        if faces.iter().any(|f| !(1..=6).contains(f)) {
            return Err(illegal("a die shows a face from 1 to 6"));
        }
        if faces.windows(2).any(|pair| pair[0] > pair[1]) {
            return Err(illegal("list the faces to throw again in ascending order"));
        }
        let kept = kept_dice(&self.dice, faces)
            .ok_or_else(|| illegal("the dice do not show these faces"))?;
        if self.must_break_first_throw_major() && dice::holds_four_of_a_kind(&kept) {
            return Err(illegal(
                "this challenge follows a major on the first throw: throw again at least one \
                 die of the Carré",
            ));
        }
        Ok(kept)
    }

    fn check_challenge(&self, yam_master: bool) -> Result<(), ActionError> {
        match (self.rules().yam_master, yam_master) {
            (true, false) => return Err(illegal("Yam Master has no Appel: take up the Défi")),
            (false, true) => return Err(illegal("La Linotte has no Défi: announce an Appel")),
            _ => {}
        }
        if self.challenge.is_some() {
            return Err(illegal("a single challenge per turn"));
        }
        if self.throws != 1 {
            return Err(illegal(
                "a challenge is taken after the first throw, before the second",
            ));
        }
        Ok(())
    }

    fn check_place(&self, row: u8, col: u8) -> Result<Cell, ActionError> {
        self.check_stop()?;
        let cell = Cell::at(row, col)
            .ok_or_else(|| illegal("no such cell: rows and columns go from 0 to 4"))?;
        if self.board.owner(cell).is_some() {
            return Err(illegal("this cell is already taken"));
        }
        if self.placeable().contains(cell.label()) {
            return Ok(cell);
        }
        let yam_master = self.rules().yam_master;
        Err(illegal(match (self.challenge_met(), cell.label()) {
            (Some(false), _) if !self.rules().failed_challenge_allows_normal_placement => {
                "the challenge failed: no pawn may be placed this turn"
            }
            (_, Combination::Sec) => {
                "a Sec cell needs a major combination on the first throw, stopping there"
            }
            (_, Combination::Challenge) if yam_master => "a Défi cell needs a successful Défi",
            (_, Combination::Challenge) => "an Appel cell needs a successful Appel",
            _ => "the dice do not make this cell's combination",
        }))
    }

    fn check_remove(&self, row: u8, col: u8) -> Result<Cell, ActionError> {
        if !self.rules().yam_master {
            return Err(illegal("La Linotte has no Yam Predator"));
        }
        self.check_stop()?;
        if !self.made.contains(Combination::Yam) {
            return Err(illegal("the Yam Predator needs a Yam"));
        }
        let cell = Cell::at(row, col)
            .ok_or_else(|| illegal("no such cell: rows and columns go from 0 to 4"))?;
        if self.board.owner(cell) != Some(opponent(self.to_play)) {
            return Err(illegal(
                "the Yam Predator removes an opponent pawn: there is none here",
            ));
        }
        Ok(cell)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        self.check_turn(seat)?;
        match *action {
            Action::Reroll { faces } => {
                let kept = self.check_reroll(&faces)?;
                self.dice = kept;
                self.made = CombinationSet::EMPTY;
                // At most five faces: the cast cannot truncate.
                self.phase = Phase::Throwing {
                    count: faces.len() as u8,
                };
                events.push(Event::Rerolled { seat, faces });
            }
            Action::Appel { combination } => {
                self.check_challenge(false)?;
                let after_sec = self.made.has_major();
                self.challenge = Some(Challenge::Appel {
                    combination,
                    after_sec,
                });
                events.push(Event::AppelAnnounced { seat, combination });
            }
            Action::Defi => {
                self.check_challenge(true)?;
                let after_sec = self.made.has_major();
                self.challenge = Some(Challenge::Defi { after_sec });
                events.push(Event::DefiDeclared { seat });
            }
            Action::Place { row, col } => {
                let cell = self.check_place(row, col)?;
                self.resolve_challenge(events);
                self.place(cell, events);
            }
            Action::Remove { row, col } => {
                let cell = self.check_remove(row, col)?;
                self.resolve_challenge(events);
                self.remove(cell, events);
            }
            Action::Pass => {
                self.check_stop()?;
                self.resolve_challenge(events);
                events.push(Event::Passed { seat });
                self.end_turn(events);
            }
        }
        Ok(())
    }

    /// Reports how the challenge of the turn ended, when the player stops.
    fn resolve_challenge(&self, events: &mut Vec<Event>) {
        if let Some(succeeded) = self.challenge_met() {
            events.push(Event::ChallengeResolved {
                seat: self.to_play,
                succeeded,
            });
        }
    }

    fn place(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let seat = self.to_play;
        self.board.place(seat, cell);
        let reserve = &mut self.reserve[seat];
        *reserve = reserve.saturating_sub(1);
        events.push(Event::Placed {
            seat,
            row: cell.row(),
            col: cell.col(),
            combination: cell.label(),
            reserve: *reserve,
            points: self.points(seat),
        });
        if self.board.has_five(seat) {
            // Yam Master: five in a row wins outright (rule 15). La Linotte: it only ends the
            // game, which the points then decide (rule 11).
            let winner = self.rules().yam_master.then_some(seat);
            self.finish(EndReason::FiveInARow, winner, events);
        } else if self.reserve[seat] == 0 {
            self.finish(EndReason::NoPawnsLeft, None, events);
        } else {
            self.end_turn(events);
        }
    }

    fn remove(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let owner = opponent(self.to_play);
        self.board.clear(cell);
        let returned = self.rules().predator_returns_pawn;
        if returned {
            self.reserve[owner] += 1;
        } else {
            self.removed[owner] += 1;
        }
        events.push(Event::PawnRemoved {
            seat: self.to_play,
            owner,
            row: cell.row(),
            col: cell.col(),
            returned,
            owner_points: self.points(owner),
        });
        // A removal never ends the game: it adds no pawn and empties no reserve (Y4).
        self.end_turn(events);
    }

    /// Passes the turn to the other player. (With two seats, a resignation ends the game, so
    /// the next seat is always still playing.)
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.to_play = opponent(self.to_play);
        self.phase = Phase::Throwing { count: DICE as u8 };
        self.dice = [0; DICE];
        self.made = CombinationSet::EMPTY;
        self.throws = 0;
        self.challenge = None;
        events.push(Event::TurnStarted { seat: self.to_play });
    }

    /// Ends the game: `winner` decided by the rules (five in a row, resignation), or else by
    /// the points (rule 8, a tie being a draw).
    fn finish(&mut self, reason: EndReason, winner: Option<Seat>, events: &mut Vec<Event>) {
        let points = [self.points(0), self.points(1)];
        let winner = winner.or(match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        });
        self.phase = Phase::Over { reason, winner };
        self.made = CombinationSet::EMPTY;
        events.push(Event::GameOver {
            reason,
            winner,
            points,
        });
    }

    fn apply_chance(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        let count = match self.phase {
            Phase::Over { .. } => return Err(ActionError::GameOver),
            Phase::Choosing => return Err(ActionError::NoChanceDue),
            Phase::Throwing { count } => count,
        };
        Chance::Dice { count }.check(values)?;
        let thrown = Faces::from_slice(values)
            .ok_or(ActionError::BadChance(Cow::Borrowed("at most five dice")))?;
        // The dice in the air are the last `count` ones (they show 0).
        let kept = DICE.saturating_sub(usize::from(count));
        for (die, value) in self.dice.iter_mut().skip(kept).zip(values) {
            *die = *value;
        }
        self.dice.sort_unstable();
        self.made = combinations(&self.dice);
        self.throws += 1;
        self.phase = Phase::Choosing;
        events.push(Event::DiceThrown {
            seat: self.to_play,
            throw: self.throws,
            values: thrown,
            dice: self.dice,
        });
        Ok(())
    }

    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= SEATS {
            return Err(ActionError::NoSuchSeat);
        }
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if self.resignations.has_resigned(seat) {
            return Err(illegal("this seat has already left the game"));
        }
        self.resignations.resign(seat);
        events.push(Event::Resigned { seat });
        // Two seats: the other one is left, and wins at once (rules README §5).
        let winner = self.resignations.last_one_standing(SEATS);
        self.finish(EndReason::Resignation, winner, events);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { reason, winner } = self.phase else {
            return None;
        };
        let points = [self.points(0), self.points(1)];
        let ranking = rank_by_key(
            SEATS,
            |seat| {
                (
                    self.resignations.standing(seat),
                    winner == Some(seat),
                    points[seat],
                )
            },
            |seat| points[seat],
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    /// Checks every invariant: the pawn counts, one pawn per cell, the dice and the phase.
    fn check(&self) -> Result<(), String> {
        let rules = self.rules();
        if self.to_play >= SEATS {
            return Err(format!("seat {} does not exist", self.to_play));
        }
        if self.board.mask(0) & self.board.mask(1) != 0 {
            return Err("two pawns share a cell".into());
        }
        for seat in 0..SEATS {
            let total = u16::from(self.reserve[seat])
                + u16::from(self.board.count(seat))
                + u16::from(self.removed[seat]);
            if total != u16::from(PAWNS) {
                return Err(format!(
                    "seat {seat}: reserve + on the grid + removed = {total}, not {PAWNS}"
                ));
            }
            if !rules.yam_master && self.removed[seat] != 0 {
                return Err("La Linotte removes no pawn".into());
            }
        }
        if self.throws > MAX_THROWS {
            return Err(format!("{} throws in a turn", self.throws));
        }
        if self.resignations.seats().iter().any(|s| *s >= SEATS) {
            return Err("a resigned seat does not exist".into());
        }
        match self.challenge {
            Some(Challenge::Appel { .. }) if rules.yam_master => {
                return Err("an Appel in Yam Master".into());
            }
            Some(Challenge::Defi { .. }) if !rules.yam_master => {
                return Err("a Défi in La Linotte".into());
            }
            Some(_) if self.throws == 0 => return Err("a challenge before the first throw".into()),
            _ => {}
        }
        match self.phase {
            Phase::Throwing { count } => {
                if !(1..=DICE as u8).contains(&count) || self.throws >= MAX_THROWS {
                    return Err(format!("{count} dice thrown after {} throws", self.throws));
                }
                if self.throws == 0 && count != DICE as u8 {
                    return Err("the first throw uses all five dice".into());
                }
                let (kept, flying) = self.dice.split_at(DICE - usize::from(count));
                check_sorted_faces(kept)?;
                if flying.iter().any(|d| *d != 0) {
                    return Err("a die in the air shows a face".into());
                }
            }
            Phase::Choosing => {
                if self.throws == 0 {
                    return Err("choosing before the first throw".into());
                }
                check_sorted_faces(&self.dice)?;
            }
            Phase::Over { reason, winner } => {
                if winner.is_some_and(|w| w >= SEATS) {
                    return Err("the winner does not exist".into());
                }
                let ended = match reason {
                    EndReason::FiveInARow => (0..SEATS).any(|s| self.board.has_five(s)),
                    EndReason::NoPawnsLeft => self.reserve.contains(&0),
                    EndReason::Resignation => !self.resignations.seats().is_empty(),
                };
                if !ended {
                    return Err(format!("the game cannot have ended by {}", reason.as_str()));
                }
                if self.dice.iter().any(|d| *d > 6) {
                    return Err("a die shows more than 6".into());
                }
            }
        }
        let made = match self.phase {
            Phase::Choosing => combinations(&self.dice),
            _ => CombinationSet::EMPTY,
        };
        if self.made != made {
            return Err(format!(
                "the dice {:?} make {made:?}, not {:?}",
                self.dice, self.made
            ));
        }
        if !self.is_over() {
            if (0..SEATS).any(|s| self.board.has_five(s)) {
                return Err("five in a row, yet the game goes on".into());
            }
            if self.reserve.contains(&0) {
                return Err("a reserve is empty, yet the game goes on".into());
            }
            if !self.resignations.seats().is_empty() {
                return Err("a seat resigned, yet the game goes on".into());
            }
        }
        Ok(())
    }
}

/// Checks that `dice` are faces from 1 to 6 in ascending order.
fn check_sorted_faces(dice: &[u8]) -> Result<(), String> {
    if dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err(format!("dice {dice:?} are not all faces from 1 to 6"));
    }
    if dice.windows(2).any(|pair| pair[0] > pair[1]) {
        return Err(format!("dice {dice:?} are not sorted"));
    }
    Ok(())
}

/// The dice kept when those showing `faces` are thrown again: the rest of `dice`, ascending,
/// then zeros for the dice in the air. `None` if `faces` is not part of `dice`. Both are
/// ascending, so one merge pass matches them.
fn kept_dice(dice: &[u8; DICE], faces: &[u8]) -> Option<[u8; DICE]> {
    let mut kept = [0u8; DICE];
    let mut slots = kept.iter_mut();
    let mut faces = faces.iter().peekable();
    for die in dice {
        if faces.peek() == Some(&die) {
            faces.next();
        } else if let Some(slot) = slots.next() {
            *slot = *die;
        }
    }
    faces.next().is_none().then_some(kept)
}

/// Lists every distinct re-throw of the sorted `dice`, each set of dice as a bit mask (bit `i`
/// for die `i`). Of several dice showing the same face, only the first ones may be thrown, so
/// that each multiset of faces is listed once. With `must_break`, the kept dice may not hold
/// four of a kind (rule 10, L5).
fn push_rerolls(dice: &[u8; DICE], must_break: bool, out: &mut Vec<Action>) {
    const ALL_DICE: u32 = (1 << DICE) - 1;
    // Bit i: die i shows the same face as die i - 1.
    let mut repeats = 0u32;
    for (i, pair) in (1..).zip(dice.windows(2)) {
        if pair[0] == pair[1] {
            repeats |= 1 << i;
        }
    }
    // The dice of a face shown four times or more, which the kept dice may not all hold.
    let mut four_of_a_kind = 0u32;
    if must_break {
        for (i, die) in dice.iter().enumerate() {
            if dice.iter().filter(|other| *other == die).count() >= 4 {
                four_of_a_kind |= 1 << i;
            }
        }
    }
    for thrown in 1..=ALL_DICE {
        // Die i thrown without die i - 1 showing the same face: listed as its twin.
        if thrown & repeats & !(thrown << 1) != 0 {
            continue;
        }
        let kept = !thrown & ALL_DICE;
        if four_of_a_kind != 0 && (kept & four_of_a_kind).count_ones() >= 4 {
            continue;
        }
        out.push(Action::Reroll {
            faces: Faces::select(dice, thrown),
        });
    }
}

/// Implements [`Game`] for one of the two games by delegating to the shared core.
macro_rules! impl_game {
    ($game:ty, $options:ty) => {
        impl Game for $game {
            const ID: GameId = <$options as Variant>::GAME;
            type Options = $options;
            type State = State<$options>;
            type Action = Action;
            type Event = Event;
            type View = View<$options>;
            const MIN_SEATS: usize = SEATS;
            const MAX_SEATS: usize = SEATS;

            fn option_specs() -> Vec<OptionSpec> {
                <$options as Variant>::specs()
            }

            fn start(_seats: usize, options: &$options) -> Self::State {
                State::new(options.clone())
            }

            fn turn(state: &Self::State) -> Turn {
                state.turn()
            }

            fn legal_actions(state: &Self::State, seat: Seat, out: &mut Vec<Action>) {
                state.legal_actions(seat, out);
            }

            fn apply(
                state: &mut Self::State,
                seat: Seat,
                action: &Action,
                events: &mut Vec<Event>,
            ) -> Result<(), ActionError> {
                state.apply(seat, action, events)
            }

            fn apply_chance(
                state: &mut Self::State,
                values: &[u8],
                events: &mut Vec<Event>,
            ) -> Result<(), ActionError> {
                state.apply_chance(values, events)
            }

            fn resign(
                state: &mut Self::State,
                seat: Seat,
                events: &mut Vec<Event>,
            ) -> Result<(), ActionError> {
                state.resign(seat, events)
            }

            fn outcome(state: &Self::State) -> Option<Outcome> {
                state.outcome()
            }

            fn view(state: &Self::State, viewer: Option<Seat>) -> Self::View {
                View::of(state, viewer)
            }

            fn check_invariants(state: &Self::State) -> Result<(), String> {
                state.check()
            }
        }
    };
}

impl_game!(Linotte, Options);
impl_game!(YamMaster, YamMasterOptions);

#[cfg(test)]
mod tests {
    use super::*;

    fn rerolls(dice: [u8; DICE], must_break: bool) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        push_rerolls(&dice, must_break, &mut out);
        out.iter()
            .map(|a| match a {
                Action::Reroll { faces } => faces.as_slice().to_vec(),
                other => panic!("not a re-throw: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn rerolls_name_each_multiset_of_faces_once() {
        let listed = rerolls([2, 4, 4, 5, 6], false);
        // (1 + 1)(2 + 1)(1 + 1)(1 + 1) - 1 choices.
        assert_eq!(listed.len(), 23);
        for faces in &listed {
            assert!(faces.windows(2).all(|p| p[0] <= p[1]), "{faces:?}");
        }
        let mut unique = listed.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), listed.len());
        assert!(listed.contains(&vec![4]) && listed.contains(&vec![2, 4, 4, 5, 6]));
        let all_threes: Vec<Vec<u8>> = (1..=5).map(|n| vec![3; n]).collect();
        assert_eq!(rerolls([3; 5], false), all_threes);
    }

    #[test]
    fn must_break_keeps_no_four_of_a_kind() {
        assert_eq!(rerolls([1, 1, 1, 1, 3], true).len(), 4 * 2);
        assert!(!rerolls([1, 1, 1, 1, 3], true).contains(&vec![3]));
        assert_eq!(
            rerolls([5; 5], true),
            [vec![5, 5], vec![5, 5, 5], vec![5; 4], vec![5; 5]]
        );
    }

    #[test]
    fn kept_dice_is_the_multiset_difference() {
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[2, 5]), Some([1, 2, 6, 0, 0]));
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[3]), None);
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[2, 2, 2]), None);
        assert_eq!(kept_dice(&[4; 5], &[4; 5]), Some([0; 5]));
    }
}
