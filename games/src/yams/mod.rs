//! Yams, the French Yahtzee (rules file `docs/rules/yams.md`).
//!
//! Every player fills a score sheet of 12 boxes (Un to Six, Brelan, Suite, Full, Carré, Yams,
//! Chance), one box per turn. On a turn the player throws the five dice, may throw any of them
//! again twice, then must write the dice into one empty box: their value if they meet the box's
//! condition, 0 otherwise. When every sheet is full the highest grand total (upper section +
//! bonus + lower section, over all of a player's grids) wins; equal totals share the rank.
//!
//! # How the game maps onto the contract
//!
//! - A turn opens with a forced throw of the five dice: a chance step
//!   `Chance::Dice { count: 5 }` with no seat action before it.
//! - After the first or second throw the player either throws again — [`Action::Reroll`],
//!   naming the faces it keeps, followed by a chance step for the other dice — or stops by
//!   writing the dice in a box, [`Action::Score`]. After the third throw only `Score` is legal.
//!   Stopping and scoring are a single decision, so there is no separate "stop" action.
//! - [`Dice`] are a sorted multiset and rerolls name the *kept faces*, so keeping one of two
//!   dice showing 5 is one decision, listed once.
//! - Seat 0 starts; seats play in order, one turn (one box filled) each per round. With `grids`
//!   = G the game lasts G × (boxes per grid) rounds and a player may write in any empty box of
//!   any of its grids; each grid has its own bonus.
//! - A seat that resigns ranks below every seat still playing; its turns are skipped and its
//!   sheet stays as it was. The game ends when one seat is left (or none, in a solo game).
//!
//! The options ([`Options`]) cover the variants of the rules file: the bonus rule (Y1), the
//! Brelan value (Y2), a Yams counted as a Full (Y3), split suites (Y4), and the optional
//! Double paire and Maxi/Mini boxes.

mod dice;
mod grid;
mod view;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::contract::{ActionError, Chance, Game, Outcome, Placing, Seat, Turn};
use crate::id::GameId;
use crate::options::{OptionSpec, OptionsError};
use crate::ranking::{Resignations, rank_by_key};

pub use dice::{DICE, Dice};
pub use grid::{BOX_COUNT, BoxId, Grid, Totals};
pub use view::{BoxView, GridView, PlayerView, View};

/// The game of Yams.
#[derive(Debug)]
pub struct Yams;

/// The most throws in a turn (rule 2).
pub const MAX_THROWS: u8 = 3;

/// The most simultaneous grids per player allowed by the option `grids`.
pub const MAX_GRIDS: u8 = 6;

/// How the upper-section bonus ("prime") is computed, from the upper total U (Y1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBonusRule))]
#[serde(rename_all = "snake_case")]
pub enum BonusRule {
    /// The original rules: (U − 63) + 30 once U reaches 63 (exceeds 63 with `bonus_strict`).
    #[default]
    #[serde(rename = "seed_diff_plus_30")]
    SeedDiffPlus30,
    /// A flat 35 once U ≥ 63 (sirtin.fr, yamsenligne.com).
    #[serde(rename = "flat_35_at_63")]
    Flat35At63,
    /// (U − 60) + 30 once U ≥ 60 (yamsenligne.com).
    #[serde(rename = "diff_plus_30_at_60")]
    DiffPlus30At60,
}

/// What a Brelan (three of a kind) scores (Y2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBrelanValue))]
#[serde(rename_all = "snake_case")]
pub enum BrelanValue {
    /// A flat 10, as the original rules give it.
    #[default]
    #[serde(rename = "fixed_10")]
    Fixed10,
    /// The sum of the three equal dice (sirtin.fr).
    SumOfThree,
    /// The sum of all five dice (US three of a kind).
    SumOfDice,
}

/// The options of a Yams match; the defaults are the original rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsOptions))]
pub struct Options {
    /// How many grids each player fills at once (rule 9), 1 to [`MAX_GRIDS`].
    pub grids: u8,
    /// How the upper-section bonus is computed (Y1).
    pub bonus_rule: BonusRule,
    /// With the original French bonus rule, whether the upper total must exceed 63 rather than
    /// reach it (the French text says "dépasse", exceeds; Y1). Only valid with
    /// [`BonusRule::SeedDiffPlus30`].
    pub bonus_strict: bool,
    /// What a Brelan scores (Y2).
    pub brelan_value: BrelanValue,
    /// Whether five of a kind may be written as a Full (Y3).
    pub yams_counts_as_full: bool,
    /// Whether the Suite box is split into Petite suite (1-5, 30) and Grande suite (2-6, 40)
    /// (Y4).
    pub split_suites: bool,
    /// Whether the grid has a Double paire box.
    pub double_paire: bool,
    /// Whether Maxi and Mini boxes replace the Chance box.
    pub maxi_mini: bool,
}

/// The original rules: one grid, their bonus from 63, Brelan 10, one Suite box, Chance.
impl Default for Options {
    fn default() -> Self {
        Options {
            grids: 1,
            bonus_rule: BonusRule::default(),
            bonus_strict: false,
            brelan_value: BrelanValue::default(),
            yams_counts_as_full: false,
            split_suites: false,
            double_paire: false,
            maxi_mini: false,
        }
    }
}

impl Options {
    /// The bonus earned by an upper total of `upper` (Y1).
    pub fn bonus(&self, upper: u16) -> u16 {
        let threshold = self.bonus_threshold();
        if upper < threshold {
            return 0;
        }
        match self.bonus_rule {
            BonusRule::SeedDiffPlus30 => upper - 63 + 30,
            BonusRule::Flat35At63 => 35,
            BonusRule::DiffPlus30At60 => upper - 60 + 30,
        }
    }

    /// The smallest upper total that earns a bonus.
    pub fn bonus_threshold(&self) -> u16 {
        match self.bonus_rule {
            BonusRule::SeedDiffPlus30 if self.bonus_strict => 64,
            BonusRule::SeedDiffPlus30 | BonusRule::Flat35At63 => 63,
            BonusRule::DiffPlus30At60 => 60,
        }
    }

    /// How many turns each player plays: one per box of each of its grids (rules 5 and 9).
    pub fn turns_per_player(&self) -> u16 {
        u16::from(self.grids) * BoxId::count(self) as u16
    }

    fn grid_count(&self) -> usize {
        usize::from(self.grids)
    }
}

/// A decision of the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Keep the dice showing these faces and throw the others again (rule 2):
    /// `{"type":"reroll","keep":[5,5]}`. `keep` lists fewer than five faces, each matched by
    /// a die; `[]` throws all five again.
    Reroll { keep: Dice },
    /// Stop throwing and write the dice in an empty box (rules 3 and 4):
    /// `{"type":"score","grid":0,"box":"full"}`. `grid` may be left out with a single grid.
    Score {
        #[serde(default)]
        grid: u8,
        r#box: BoxId,
    },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Every grid of every player still playing is full (rule 7).
    GridsFilled,
    /// Resignations left one player (or none, in a solo game).
    Resignation,
}

impl EndReason {
    /// The reason as written in the [`Outcome`].
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::GridsFilled => "grids_filled",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Something that happened, in enough detail to write the turn log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` starts its turn of round `round` (from 1); emitted with its first throw.
    TurnStarted { seat: Seat, round: u16 },
    /// `seat` keeps these dice and throws the others again.
    DiceKept { seat: Seat, kept: Dice },
    /// Throw number `throw` (1 to 3) of `seat`: `thrown` are the dice just thrown, `dice` all
    /// five dice now (the kept ones included).
    DiceThrown {
        seat: Seat,
        throw: u8,
        thrown: Dice,
        dice: Dice,
    },
    /// `seat` wrote `points` in `box` of its grid `grid` with `dice` (0 when they did not meet
    /// the box's condition).
    Scored {
        seat: Seat,
        grid: u8,
        r#box: BoxId,
        dice: Dice,
        points: u8,
    },
    /// The upper section of this grid is full: its total and the bonus it earned.
    UpperCompleted {
        seat: Seat,
        grid: u8,
        upper: u16,
        bonus: u16,
    },
    /// This grid is full; its final totals.
    GridCompleted {
        seat: Seat,
        grid: u8,
        totals: Totals,
    },
    /// `seat` resigned or ran out of time; its turns are skipped from now on.
    Resigned { seat: Seat },
    /// The game is over: the final ranking, best first, with each seat's grand total.
    GameOver {
        reason: EndReason,
        ranking: Vec<Placing>,
    },
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    options: Options,
    seats: usize,
    /// The grids of seat `s` are `grids[s * G .. (s + 1) * G]`.
    grids: Vec<Grid>,
    /// The seat whose turn it is.
    current: Seat,
    /// Rounds completed: every seat still playing has filled this many boxes, plus one if it
    /// has already played in the current round.
    round: u16,
    /// Throws made in the current turn.
    throws: u8,
    /// The dice of the current turn, sorted. Fewer than five means a throw is due: they are
    /// the dice kept (none at the start of a turn).
    dice: Dice,
    resignations: Resignations,
    end: Option<EndReason>,
}

impl State {
    /// The options of the match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The grid `grid` of `seat`, if both exist.
    pub fn grid(&self, seat: Seat, grid: usize) -> Option<&Grid> {
        self.grids_of(seat).get(grid)
    }

    /// All the grids of `seat` (empty for a seat that does not exist).
    pub fn grids_of(&self, seat: Seat) -> &[Grid] {
        let g = self.options.grid_count();
        self.grid_index(seat, 0)
            .and_then(|first| self.grids.get(first..first.checked_add(g)?))
            .unwrap_or(&[])
    }

    /// Where grid `grid` of `seat` sits in `grids` (checked: states may come from storage).
    fn grid_index(&self, seat: Seat, grid: usize) -> Option<usize> {
        seat.checked_mul(self.options.grid_count())?
            .checked_add(grid)
    }

    /// The dice of the current turn (the kept dice while a throw is due).
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// Throws made in the current turn.
    pub fn throws(&self) -> u8 {
        self.throws
    }

    /// The seat whose turn it is, `None` once the game is over.
    pub fn current_seat(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.current)
    }

    /// The seats that resigned, first leaver first.
    pub fn resigned(&self) -> &[Seat] {
        self.resignations.seats()
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The grand total of `seat`: the totals of all its grids (rules 7 and 9).
    pub fn grand_total(&self, seat: Seat) -> u32 {
        self.grids_of(seat)
            .iter()
            .map(|g| u32::from(g.totals(&self.options).total))
            .sum()
    }

    /// Whether a throw is due (the caller must supply dice).
    fn throw_due(&self) -> bool {
        self.dice.len() < DICE
    }

    /// The first seat still playing after `seat`, in turn order (possibly `seat` itself).
    fn next_playing(&self, seat: Seat) -> Seat {
        let seats = self.seats.max(1);
        let from = seat % seats;
        (1..=seats)
            .map(|step| (from + step) % seats)
            .find(|s| !self.resignations.has_resigned(*s))
            .unwrap_or(from)
    }

    /// How many seats are still playing.
    fn playing(&self) -> usize {
        // Counted rather than subtracted, so that no stored state can underflow it.
        (0..self.seats)
            .filter(|s| !self.resignations.has_resigned(*s))
            .count()
    }

    /// Ends the current turn and hands the dice to the next seat still playing, or ends the
    /// game when that closes the last round.
    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        self.dice = Dice::EMPTY;
        self.throws = 0;
        let next = self.next_playing(self.current);
        if next <= self.current {
            // Seats play in order, so wrapping around closes a round.
            self.round = self.round.saturating_add(1);
            if self.round >= self.options.turns_per_player() {
                self.finish(EndReason::GridsFilled, events);
                return;
            }
        }
        self.current = next;
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.end = Some(reason);
        self.dice = Dice::EMPTY;
        self.throws = 0;
        events.push(Event::GameOver {
            reason,
            ranking: self.ranking(),
        });
    }

    /// Seats still playing first (later leavers above earlier ones), then by grand total.
    fn ranking(&self) -> Vec<Placing> {
        rank_by_key(
            self.seats,
            |s| (self.resignations.standing(s), self.grand_total(s)),
            |s| i64::from(self.grand_total(s)),
        )
    }

    /// Writes the dice in `which` of grid `grid` of the current seat (rules 3, 4, 5 and 9).
    fn score(
        &mut self,
        grid: u8,
        which: BoxId,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let seat = self.current;
        let g = usize::from(grid);
        let Some(mut sheet) = self.grid(seat, g).copied() else {
            return Err(ActionError::Illegal(Cow::Owned(match self.options.grids {
                1 => format!("there is no grid {grid}: this game has a single grid, number 0"),
                n => format!(
                    "there is no grid {grid}: the grids are numbered 0 to {}",
                    n - 1
                ),
            })));
        };
        if !which.in_play(&self.options) {
            return Err(ActionError::Illegal(Cow::Owned(format!(
                "box {} is not on the grid in this game",
                which.name()
            ))));
        }
        if sheet.get(which).is_some() {
            return Err(ActionError::Illegal(Cow::Owned(match self.options.grids {
                1 => format!("box {} is already filled", which.name()),
                _ => format!("box {} of grid {grid} is already filled", which.name()),
            })));
        }

        let points = sheet.points(which, &self.dice, &self.options);
        sheet.set(which, points);
        if let Some(slot) = self
            .grid_index(seat, g)
            .and_then(|index| self.grids.get_mut(index))
        {
            *slot = sheet;
        }
        events.push(Event::Scored {
            seat,
            grid,
            r#box: which,
            dice: self.dice,
            points,
        });
        let totals = sheet.totals(&self.options);
        if which.is_upper() && sheet.upper_is_full() {
            events.push(Event::UpperCompleted {
                seat,
                grid,
                upper: totals.upper,
                bonus: totals.bonus,
            });
        }
        if sheet.is_full(&self.options) {
            events.push(Event::GridCompleted { seat, grid, totals });
        }
        self.pass_turn(events);
        Ok(())
    }

    /// How many boxes `seat` has filled over all its grids.
    fn filled_by(&self, seat: Seat) -> usize {
        self.grids_of(seat).iter().map(Grid::filled).sum()
    }
}

impl Game for Yams {
    const ID: GameId = GameId::Yams;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    const MIN_SEATS: usize = 1;
    const MAX_SEATS: usize = 8;

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::integer(
                "grids",
                "How many grids each player fills at once: each turn you write in any empty box \
                 of any of your grids, and each grid earns its own bonus.",
                1,
                i64::from(MAX_GRIDS),
                1,
            ),
            OptionSpec::choice(
                "bonus_rule",
                "The upper-section bonus: (total − 63) + 30 from 63 as in the original French \
                 rules, a flat 35 from 63, or (total − 60) + 30 from 60.",
                &["seed_diff_plus_30", "flat_35_at_63", "diff_plus_30_at_60"],
                "seed_diff_plus_30",
            ),
            OptionSpec::boolean(
                "bonus_strict",
                "With the original French bonus, the upper total must exceed 63 instead of \
                 reaching it.",
                false,
            ),
            OptionSpec::choice(
                "brelan_value",
                "What a Brelan scores: a flat 10, the sum of the three equal dice, or the sum \
                 of all five dice.",
                &["fixed_10", "sum_of_three", "sum_of_dice"],
                "fixed_10",
            ),
            OptionSpec::boolean(
                "yams_counts_as_full",
                "Five of a kind may also be written as a Full.",
                false,
            ),
            OptionSpec::boolean(
                "split_suites",
                "Two straight boxes instead of one Suite worth 20: Petite suite 1-2-3-4-5 \
                 worth 30 and Grande suite 2-3-4-5-6 worth 40.",
                false,
            ),
            OptionSpec::boolean(
                "double_paire",
                "Add a Double paire box: two pairs of different faces, worth the sum of the \
                 four paired dice.",
                false,
            ),
            OptionSpec::boolean(
                "maxi_mini",
                "Maxi and Mini boxes replace Chance: both score the sum of the dice, and Maxi \
                 must be strictly greater than Mini or it scores 0 (and the other way round).",
                false,
            ),
        ]
    }

    fn validate_options(options: &Options) -> Result<(), OptionsError> {
        if !(1..=MAX_GRIDS).contains(&options.grids) {
            return Err(OptionsError::new(
                "grids",
                format!("must be an integer from 1 to {MAX_GRIDS}"),
            ));
        }
        if options.bonus_strict && options.bonus_rule != BonusRule::SeedDiffPlus30 {
            return Err(OptionsError::new(
                "bonus_strict",
                "only applies to the original bonus rule (bonus_rule = seed_diff_plus_30)",
            ));
        }
        Ok(())
    }

    fn start(seats: usize, options: &Options) -> State {
        State {
            options: options.clone(),
            seats,
            grids: vec![Grid::default(); seats * options.grid_count()],
            current: 0,
            round: 0,
            throws: 0,
            dice: Dice::EMPTY,
            resignations: Resignations::default(),
            end: None,
        }
    }

    fn turn(state: &State) -> Turn {
        if state.end.is_some() {
            Turn::Over
        } else if state.throw_due() {
            Turn::Chance {
                chance: Chance::Dice {
                    count: (DICE - state.dice.len()) as u8,
                },
            }
        } else {
            Turn::Seat {
                seat: state.current,
            }
        }
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        if state.end.is_some() || state.throw_due() || seat != state.current {
            return;
        }
        if state.throws < MAX_THROWS {
            // Keeping all five dice is stopping, which is choosing a box below.
            state
                .dice
                .for_each_proper_subset(|keep| out.push(Action::Reroll { keep }));
        }
        let mask = BoxId::mask(&state.options);
        for (g, sheet) in state.grids_of(seat).iter().enumerate() {
            for which in BoxId::ALL {
                if mask & (1 << which.index()) != 0 && sheet.get(which).is_none() {
                    out.push(Action::Score {
                        grid: g as u8,
                        r#box: which,
                    });
                }
            }
        }
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        if seat >= state.seats {
            return Err(ActionError::NoSuchSeat);
        }
        if state.end.is_some() {
            return Err(ActionError::GameOver);
        }
        if state.throw_due() || seat != state.current {
            return Err(ActionError::NotYourTurn);
        }
        match *action {
            Action::Reroll { keep } => {
                if state.throws >= MAX_THROWS {
                    return Err(ActionError::illegal(
                        "no throw left after three throws: choose a box to score",
                    ));
                }
                if keep.len() >= DICE {
                    return Err(ActionError::illegal(
                        "keeping all five dice is stopping: choose a box to score",
                    ));
                }
                if !state.dice.contains(&keep) {
                    return Err(ActionError::Illegal(Cow::Owned(format!(
                        "cannot keep {keep}: the dice show {}",
                        state.dice
                    ))));
                }
                state.dice = keep;
                events.push(Event::DiceKept { seat, kept: keep });
                Ok(())
            }
            Action::Score { grid, r#box } => state.score(grid, r#box, events),
        }
    }

    fn apply_chance(
        state: &mut State,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        if state.end.is_some() {
            return Err(ActionError::GameOver);
        }
        if !state.throw_due() {
            return Err(ActionError::NoChanceDue);
        }
        let chance = Chance::Dice {
            count: (DICE - state.dice.len()) as u8,
        };
        chance.check(values)?;
        let bad = || ActionError::BadChance(Cow::Borrowed("too many dice"));
        let thrown = Dice::new(values).ok_or_else(bad)?;
        let dice = state.dice.union(&thrown).ok_or_else(bad)?;

        let seat = state.current;
        if state.throws == 0 {
            events.push(Event::TurnStarted {
                seat,
                round: state.round.saturating_add(1),
            });
        }
        state.throws = state.throws.saturating_add(1);
        state.dice = dice;
        events.push(Event::DiceThrown {
            seat,
            throw: state.throws,
            thrown,
            dice,
        });
        Ok(())
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= state.seats {
            return Err(ActionError::NoSuchSeat);
        }
        if state.end.is_some() {
            return Err(ActionError::GameOver);
        }
        if state.resignations.has_resigned(seat) {
            return Err(ActionError::illegal("this seat has already left the game"));
        }
        state.resignations.resign(seat);
        events.push(Event::Resigned { seat });
        if state.playing() <= 1 {
            // The last seat standing wins at once; a solo game simply ends.
            state.finish(EndReason::Resignation, events);
        } else if seat == state.current {
            // Its turn (throw pending or not) passes cleanly to the next seat still playing.
            state.pass_turn(events);
        }
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let reason = state.end?;
        Some(Outcome {
            ranking: state.ranking(),
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    fn view(state: &State, viewer: Option<Seat>) -> View {
        View::new(state, viewer)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        let options = &state.options;
        Self::validate_options(options).map_err(|e| e.to_string())?;
        if !(Self::MIN_SEATS..=Self::MAX_SEATS).contains(&state.seats) {
            return Err(format!("{} seats", state.seats));
        }
        if state.grids.len() != state.seats * options.grid_count() {
            return Err(format!(
                "{} grids for {} seats of {} grids",
                state.grids.len(),
                state.seats,
                options.grids
            ));
        }
        if state.resignations.seats().iter().any(|s| *s >= state.seats) {
            return Err("a seat that does not exist resigned".into());
        }
        for grid in &state.grids {
            grid.check(options)?;
        }
        let turns = usize::from(options.turns_per_player());
        if state.round > options.turns_per_player() {
            return Err(format!("round {} of {turns}", state.round));
        }
        if state.throws > MAX_THROWS {
            return Err(format!("{} throws in a turn", state.throws));
        }
        if !state.dice.are_faces() {
            return Err(format!("dice {} are not all faces", state.dice));
        }
        // Each turn fills exactly one box, in seat order (rules 3 and 5).
        let round = usize::from(state.round);
        for seat in 0..state.seats {
            let filled = state.filled_by(seat);
            let expected = match state.end {
                Some(EndReason::GridsFilled) => turns,
                _ => round + usize::from(seat < state.current),
            };
            if state.resignations.has_resigned(seat) {
                // Frozen when it left: at most what it would have by now.
                if filled > (round + 1).min(turns) {
                    return Err(format!("resigned seat {seat} filled {filled} boxes"));
                }
            } else if filled != expected {
                return Err(format!(
                    "seat {seat} filled {filled} boxes, {expected} expected in round {round}"
                ));
            }
        }
        match state.end {
            Some(reason) => {
                if !state.dice.is_empty() || state.throws != 0 {
                    return Err("dice left on the table after the end".into());
                }
                if reason == EndReason::GridsFilled && usize::from(state.round) != turns {
                    return Err("grids filled before the last round".into());
                }
                if reason == EndReason::Resignation && state.playing() > 1 {
                    return Err("ended by resignation with several seats playing".into());
                }
            }
            None => {
                if state.current >= state.seats || state.resignations.has_resigned(state.current) {
                    return Err(format!("seat {} cannot be on turn", state.current));
                }
                if state.playing() < 2 && state.seats > 1 {
                    return Err("the game goes on with fewer than two players".into());
                }
                // Thrown dice are complete after a throw and fewer only while one is due.
                let consistent = match state.throws {
                    0 => state.dice.is_empty(),
                    MAX_THROWS => state.dice.len() == DICE,
                    _ => true,
                };
                if !consistent {
                    return Err(format!(
                        "{} dice after {} throws",
                        state.dice.len(),
                        state.throws
                    ));
                }
            }
        }
        Ok(())
    }
}
