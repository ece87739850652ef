//! How a game's rules are written: the [`Rules`] each game's state implements, with the checks
//! and the bookkeeping every game does alike, and the macros that make a game's [`Game`]
//! forward to them.

#[cfg(doc)]
use crate::contract::Game;
use crate::contract::{ActionError, Outcome, Seat, Turn};
#[cfg(doc)]
use crate::options::GameOptions;
use crate::ranking::Resignations;

/// A game's rules, as methods of its state: what each game writes of its own (who acts, the
/// legal actions, what an action or a throw does, what follows a resignation, the ranking),
/// and, written once here, the checks and the bookkeeping every game does alike around them
/// ([`Rules::apply`], [`Rules::apply_chance`], [`Rules::resign`]). [`impl_game!`] makes the
/// game's [`Game`] forward to them.
pub(crate) trait Rules {
    /// A decision of a seat.
    type Action: Copy;
    /// Something that happened.
    type Event;

    /// How the game refuses a second resignation of a seat.
    const ALREADY_LEFT: &'static str = crate::ranking::ALREADY_LEFT;

    /// How many seats the match has.
    fn seats(&self) -> usize;

    /// The seats that left the game.
    fn resignations(&mut self) -> &mut Resignations;

    /// The seats that left the game, to read.
    fn left(&self) -> &Resignations;

    /// Who must act now.
    fn turn(&self) -> Turn;

    /// Appends every legal action of `seat` now to `out` (nothing when it is not its turn).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies an action of the seat whose turn it is, appending the events it produced; or
    /// refuses it, changing nothing.
    fn act(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError>;

    /// Applies `values`, a possible result of the chance step due now, appending the events
    /// they produced; or refuses them, changing nothing. A game without chance steps never
    /// has one due, so never gets here.
    fn throw(&mut self, _values: &[u8], _events: &mut Vec<Self::Event>) -> Result<(), ActionError> {
        Err(ActionError::NoChanceDue)
    }

    /// What follows once `seat` has left, its leaving recorded: the event that says so, then
    /// the end of the game or how it goes on without the seat.
    fn leave(&mut self, seat: Seat, events: &mut Vec<Self::Event>);

    /// The final ranking, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Applies an action of `seat` ([`Game::apply`]) once the checks every game starts with
    /// pass: the seat exists, the game is not over, and it is this seat's turn.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError> {
        if seat >= self.seats() {
            return Err(ActionError::NoSuchSeat);
        }
        match self.turn() {
            Turn::Over => Err(ActionError::GameOver),
            Turn::Seat { seat: due } if due == seat => self.act(*action, events),
            Turn::Seat { .. } | Turn::Chance { .. } => Err(ActionError::NotYourTurn),
        }
    }

    /// Applies the values of the pending chance step ([`Game::apply_chance`]) once
    /// [`Turn::check_chance`] finds that they fit it.
    fn apply_chance(
        &mut self,
        values: &[u8],
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError> {
        self.turn().check_chance(values)?;
        self.throw(values, events)
    }

    /// `seat` leaves the game ([`Game::resign`]): refused when there is no such seat, the
    /// game is over or the seat has already left; else recorded, then [`Rules::leave`].
    fn resign(&mut self, seat: Seat, events: &mut Vec<Self::Event>) -> Result<(), ActionError> {
        let (seats, over) = (self.seats(), self.turn() == Turn::Over);
        self.resignations()
            .leave(seat, seats, over, Self::ALREADY_LEFT)?;
        self.leave(seat, events);
        Ok(())
    }
}

/// The parts of [`Rules`] every game writes alike: its types are the game module's `Action`
/// and `Event`, and [`Rules::resignations`] and [`Rules::left`] the state's field
/// `resignations`. Used inside an `impl Rules` block.
macro_rules! rules_common {
    () => {
        type Action = Action;
        type Event = Event;

        fn resignations(&mut self) -> &mut $crate::ranking::Resignations {
            &mut self.resignations
        }

        fn left(&self) -> &$crate::ranking::Resignations {
            &self.resignations
        }
    };
}

pub(crate) use rules_common;

/// Implements the play of [`Game`] (`turn`, `legal_actions`, `apply`, `apply_chance`, `resign`
/// and `outcome`) by the [`Rules`] of the game's state, or of its field `$field`. Used inside
/// an `impl Game` block, by [`impl_game!`].
macro_rules! play_by_state {
    () => {
        $crate::rules::play_by_state!(@rules state: state, state);
    };
    ($field:ident) => {
        $crate::rules::play_by_state!(@rules state: &state.$field, &mut state.$field);
    };
    (@rules $state:ident: $rules:expr, $rules_mut:expr) => {
        fn turn($state: &Self::State) -> $crate::contract::Turn {
            $crate::rules::Rules::turn($rules)
        }

        fn legal_actions(
            $state: &Self::State,
            seat: $crate::contract::Seat,
            out: &mut Vec<Self::Action>,
        ) {
            $crate::rules::Rules::legal_actions($rules, seat, out);
        }

        fn apply(
            $state: &mut Self::State,
            seat: $crate::contract::Seat,
            action: &Self::Action,
            events: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::contract::ActionError> {
            $crate::rules::Rules::apply($rules_mut, seat, action, events)
        }

        fn apply_chance(
            $state: &mut Self::State,
            values: &[u8],
            events: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::contract::ActionError> {
            $crate::rules::Rules::apply_chance($rules_mut, values, events)
        }

        fn resign(
            $state: &mut Self::State,
            seat: $crate::contract::Seat,
            events: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::contract::ActionError> {
            $crate::rules::Rules::resign($rules_mut, seat, events)
        }

        fn outcome($state: &Self::State) -> Option<$crate::contract::Outcome> {
            $crate::rules::Rules::outcome($rules)
        }

        fn has_left($state: &Self::State, seat: $crate::contract::Seat) -> bool {
            $crate::rules::Rules::left($rules).has_resigned(seat)
        }
    };
}

pub(crate) use play_by_state;

/// Implements [`Game`] for the game type `$game` by its state's methods: `State::new(seats,
/// &options)` starts a match, `view(viewer)` builds a view, `check()` checks the invariants,
/// and the play is [`play_by_state!`], all on the state or on its field `$field` (`new` is
/// always on the state). The options' descriptions and checks are the [`GameOptions`]
/// defaults of the trait.
///
/// ```text
/// impl_game! {
///     FourTwoOne = GameId::FourTwoOne, seats: MIN_PLAYERS..=MAX_PLAYERS,
///     types: Options, State, Action, Event, TableView,
///     rules_in: table,
/// }
/// ```
///
/// The seat counts are literals or constants in scope. Without `types:`, they are the types of
/// the game's module named `Options`, `State`, `Action`, `Event` and `View`. `has_chance:
/// false,` after the types declares a game without chance steps; `rules_in: field,` delegates
/// to a field of the state.
macro_rules! impl_game {
    (
        $game:ty = $id:expr, seats: $min:tt..=$max:tt,
        types: $options:ty, $state:ty, $action:ty, $event:ty, $view:ty,
        $(has_chance: $has_chance:expr,)?
        $(rules_in: $field:ident,)?
    ) => {
        impl $crate::contract::Game for $game {
            const ID: $crate::id::GameId = $id;
            type Options = $options;
            type State = $state;
            type Action = $action;
            type Event = $event;
            type View = $view;
            const MIN_SEATS: usize = $min;
            const MAX_SEATS: usize = $max;
            $(const HAS_CHANCE: bool = $has_chance;)?

            fn start(seats: usize, options: &$options) -> $state {
                <$state>::new(seats, options)
            }

            $crate::rules::play_by_state!($($field)?);

            fn view(state: &$state, viewer: Option<$crate::contract::Seat>) -> $view {
                state$(.$field)?.view(viewer)
            }

            fn check_invariants(state: &$state) -> Result<(), String> {
                state$(.$field)?.check()
            }
        }
    };
    (
        $game:ty = $id:expr, seats: $min:tt..=$max:tt,
        $(has_chance: $has_chance:expr,)?
        $(rules_in: $field:ident,)?
    ) => {
        $crate::rules::impl_game! {
            $game = $id, seats: $min..=$max,
            types: Options, State, Action, Event, View,
            $(has_chance: $has_chance,)?
            $(rules_in: $field,)?
        }
    };
}

pub(crate) use impl_game;
