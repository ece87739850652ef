//! The rules of Linja, one test per numbered rule and per ambiguity of
//! `docs/rules/linja.md`, plus the facts of its §4, every option, resignation, error handling
//! and the wire format.
//!
//! Positions are set up with `State::from_position`; rows are board rows 0..=7 (row 0 = A's
//! start line, row 7 = B's start line), A is seat 0 and moves up, B is seat 1 and moves down.
//! Boards are written `[A counts by row], [B counts by row]`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use serde_json::{Value, json};
use tapis_games::linja::{
    Action, Board, Edition, EndReason, Event, Linja, Next, NoFollowingCause, Options, Phase,
    Position, Stage, State,
};
use tapis_games::read_options::parse_options;
use tapis_games::{ActionError, AnyState, Game, GameId, Placing, Turn};

const A: usize = 0;
const B: usize = 1;

fn options(json: Value) -> Options {
    parse_options::<Linja>(&json).unwrap()
}

fn edition_2010() -> Options {
    options(json!({"edition": "steffen2010"}))
}

fn at_with(options: Options, a: [u8; 8], b: [u8; 8], to_move: usize, phase: Phase) -> State {
    State::from_position(
        options,
        Position {
            board: Board::new([a, b]),
            to_move,
            phase,
            extra_turn: false,
        },
    )
    .unwrap()
}

/// A seed-edition position with the default options.
fn at(a: [u8; 8], b: [u8; 8], to_move: usize, phase: Phase) -> State {
    at_with(Options::default(), a, b, to_move, phase)
}

fn start(options: Options) -> State {
    Linja::setup(2, &options).unwrap()
}

fn following(rows: u8) -> Phase {
    Phase::Following { rows }
}

fn init(from: u8, to: u8) -> Action {
    Action::InitialMove { from, to }
}

fn follow(from: u8, to: u8) -> Action {
    Action::FollowingMove { from, to }
}

fn bonus(owner: usize, from: u8, to: u8) -> Action {
    Action::BonusMove { owner, from, to }
}

fn moved(seat: usize, stage: Stage, from: u8, to: u8) -> Event {
    Event::PieceMoved {
        seat,
        stage,
        owner: seat,
        from,
        to,
    }
}

fn turn_to(seat: usize) -> Event {
    Event::TurnStarted {
        seat,
        extra_turn: false,
    }
}

/// The legal actions of the seat to move, as listed.
fn legal(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    Linja::legal_actions(state, state.to_move(), &mut out);
    out
}

/// Asserts the exact set of legal actions (each listed once; order free).
fn assert_legal(state: &State, expected: &[Action]) {
    let mut listed: Vec<String> = legal(state)
        .iter()
        .map(|a| serde_json::to_string(a).unwrap())
        .collect();
    let mut wanted: Vec<String> = expected
        .iter()
        .map(|a| serde_json::to_string(a).unwrap())
        .collect();
    listed.sort();
    wanted.sort();
    assert_eq!(listed, wanted);
}

/// Plays an action of the seat to move and returns its events.
fn play(state: &mut State, action: Action) -> Vec<Event> {
    let seat = state.to_move();
    let mut events = Vec::new();
    Linja::apply(state, seat, &action, &mut events)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    Linja::check_invariants(state).unwrap();
    events
}

/// Asserts that `seat` playing `action` is refused without any change; returns the error.
fn refuse(state: &State, seat: usize, action: Action) -> ActionError {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let error = Linja::apply(&mut copy, seat, &action, &mut events).unwrap_err();
    assert_eq!(&copy, state, "a refused action changed the state");
    assert!(events.is_empty(), "a refused action produced events");
    error
}

/// The reason of an `Illegal` refusal of an action of the seat to move.
fn illegal(state: &State, action: Action) -> String {
    match refuse(state, state.to_move(), action) {
        ActionError::Illegal(reason) => reason.into_owned(),
        other => panic!("expected Illegal, got {other:?}"),
    }
}

fn placings(state: &State) -> Vec<(usize, usize, i64)> {
    let outcome = Linja::outcome(state).expect("the game is over");
    outcome
        .ranking
        .iter()
        .map(|Placing { seat, rank, score }| (*seat, *rank, *score))
        .collect()
}

fn game_over(reason: EndReason, scores: [i64; 2], winner: Option<usize>) -> Event {
    Event::GameOver {
        reason,
        scores,
        winner,
    }
}

// ---------------------------------------------------------------------------------------------
// §1 Components and geometry
// ---------------------------------------------------------------------------------------------

#[test]
fn component_1_eight_rows_two_start_lines_six_inner_rows() {
    assert_eq!(tapis_games::linja::ROWS, 8);
    let inner: Vec<usize> = (0..8)
        .filter(|r| tapis_games::linja::is_inner(*r))
        .collect();
    assert_eq!(inner, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(tapis_games::linja::start_line(A), 0);
    assert_eq!(tapis_games::linja::goal_line(A), 7);
    assert_eq!(tapis_games::linja::start_line(B), 7);
    assert_eq!(tapis_games::linja::goal_line(B), 0);
}

#[test]
fn component_2_and_3_start_position_twelve_pieces_each() {
    let state = start(Options::default());
    assert_eq!(
        state.board().counts(),
        &[[6, 1, 1, 1, 1, 1, 1, 0], [0, 1, 1, 1, 1, 1, 1, 6]]
    );
    for seat in [A, B] {
        let pieces: u8 = state.board().counts()[seat].iter().sum();
        assert_eq!(pieces, 12);
    }
    assert_eq!(state.phase(), Phase::Initial);
    Linja::check_invariants(&state).unwrap();
}

#[test]
fn component_4_inner_rows_hold_six_pieces_start_lines_are_unlimited() {
    // Row 2 holds 6 B pieces: A may not enter it.
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 6, 0, 0, 0, 0, 6],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(0, 1)]);
    // B's start line already holds 11 A pieces and 1 B piece... and takes one more.
    let mut state = at(
        [0, 0, 0, 0, 0, 0, 1, 11],
        [11, 0, 0, 0, 0, 0, 1, 0],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(6, 7)]);
    play(&mut state, init(6, 7));
    assert_eq!(state.board().count(A, 7), 12);
    // A board with 7 pieces on an inner row is refused.
    let crowded = State::from_position(
        Options::default(),
        Position {
            board: Board::new([[5, 1, 0, 0, 0, 0, 0, 6], [0, 6, 0, 0, 0, 0, 0, 6]]),
            to_move: A,
            phase: Phase::Initial,
            extra_turn: false,
        },
    );
    assert!(crowded.unwrap_err().contains("more than 6"));
}

// ---------------------------------------------------------------------------------------------
// §2.1 Turn order
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_01_seat_0_plays_first() {
    let state = start(Options::default());
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: A });
    assert_eq!(refuse(&state, B, init(7, 6)), ActionError::NotYourTurn);
    let mut out = Vec::new();
    Linja::legal_actions(&state, B, &mut out);
    assert!(out.is_empty());
}

#[test]
fn rule_02_a_turn_is_initial_following_bonus_then_the_players_alternate() {
    let mut state = start(Options::default());
    assert_eq!(
        play(&mut state, init(4, 5)),
        vec![
            moved(A, Stage::Initial, 4, 5),
            Event::FollowingMoveDue { seat: A, rows: 2 }
        ]
    );
    assert_eq!(
        play(&mut state, follow(5, 7)),
        vec![
            moved(A, Stage::Following, 5, 7),
            Event::BonusEarned { seat: A }
        ]
    );
    assert_eq!(state.phase(), Phase::Bonus);
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: A });
    assert_eq!(
        play(&mut state, bonus(A, 3, 4)),
        vec![
            Event::PieceMoved {
                seat: A,
                stage: Stage::Bonus,
                owner: A,
                from: 3,
                to: 4
            },
            turn_to(B)
        ]
    );
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: B });
    assert_eq!(
        state.board().counts(),
        &[[6, 1, 1, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 6]]
    );
    // B's turn starts with an initial move of B's own.
    assert_eq!(legal(&state).len(), 7);
    assert_eq!(refuse(&state, A, init(0, 1)), ActionError::NotYourTurn);
}

// ---------------------------------------------------------------------------------------------
// §2.2 Initial move
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_03_the_initial_move_is_one_own_piece_exactly_one_row_forward() {
    let state = start(Options::default());
    assert_legal(
        &state,
        &[
            init(0, 1),
            init(1, 2),
            init(2, 3),
            init(3, 4),
            init(4, 5),
            init(5, 6),
            init(6, 7),
        ],
    );
    assert_eq!(
        illegal(&state, init(0, 2)),
        "an initial move goes exactly one row forward"
    );
    assert_eq!(
        illegal(&state, init(3, 2)),
        "an initial move goes exactly one row forward"
    );
    assert_eq!(illegal(&state, init(7, 6)), "you have no piece on that row");
    // A piece on its goal line does not move any more.
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 1, 0, 0, 0, 0, 11],
        A,
        Phase::Initial,
    );
    assert_eq!(
        illegal(&state, init(7, 8)),
        "a piece on its goal line cannot move forward"
    );
}

#[test]
fn rule_04_the_destination_is_the_goal_line_or_an_inner_row_with_room() {
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 6, 0, 0, 0, 0, 6],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(0, 1)]);
    assert_eq!(
        illegal(&state, init(1, 2)),
        "the row in front of that piece is full (6 pieces)"
    );
    // Five pieces still leave room for a sixth.
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 5, 0, 0, 0, 0, 7],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(0, 1), init(1, 2)]);
}

#[test]
fn rule_05_the_distance_counts_both_colours_already_on_the_destination_row() {
    // Row 3 holds 2 A pieces and 1 B piece: the arriving piece makes 4, the distance is 3.
    let mut state = at(
        [6, 0, 1, 2, 0, 0, 0, 3],
        [0, 0, 0, 1, 0, 0, 1, 10],
        A,
        Phase::Initial,
    );
    assert_eq!(
        play(&mut state, init(2, 3)),
        vec![
            moved(A, Stage::Initial, 2, 3),
            Event::FollowingMoveDue { seat: A, rows: 3 }
        ]
    );
    assert_eq!(state.phase(), following(3));
}

#[test]
fn rule_06_no_following_move_after_an_initial_move_onto_an_empty_row_or_the_goal() {
    let position = at(
        [6, 1, 0, 1, 1, 1, 1, 1],
        [0, 0, 0, 1, 1, 1, 2, 7],
        A,
        Phase::Initial,
    );

    let mut state = position.clone();
    assert_eq!(
        play(&mut state, init(1, 2)),
        vec![
            moved(A, Stage::Initial, 1, 2),
            Event::NoFollowingMove {
                seat: A,
                cause: NoFollowingCause::EmptyRow
            },
            turn_to(B)
        ]
    );

    let mut state = position;
    assert_eq!(
        play(&mut state, init(6, 7)),
        vec![
            moved(A, Stage::Initial, 6, 7),
            Event::NoFollowingMove {
                seat: A,
                cause: NoFollowingCause::GoalLine
            },
            turn_to(B)
        ]
    );
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: B });
}

#[test]
fn rule_07_a_player_without_any_initial_move_passes() {
    // A's six inner pieces face a row full of B pieces; the rest are home.
    let mut state = at(
        [0, 0, 0, 6, 0, 0, 0, 6],
        [5, 0, 0, 0, 6, 0, 1, 0],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[Action::Pass]);
    let board = *state.board();
    assert_eq!(
        play(&mut state, Action::Pass),
        vec![Event::Passed { seat: A }, turn_to(B)]
    );
    assert_eq!(state.board(), &board);
    // B is blocked on row 4 too, but its piece on row 6 can go on.
    assert_legal(&state, &[init(6, 5)]);
    // Passing is refused whenever an initial move exists.
    assert_eq!(
        illegal(&start(Options::default()), Action::Pass),
        "you can make an initial move, so you may not pass"
    );
}

// ---------------------------------------------------------------------------------------------
// §2.3 Following move
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_08_the_following_move_is_one_own_piece_even_the_one_just_moved() {
    let mut state = at(
        [6, 0, 0, 1, 0, 0, 0, 5],
        [0, 0, 0, 0, 2, 0, 0, 10],
        A,
        Phase::Initial,
    );
    play(&mut state, init(3, 4));
    assert_eq!(state.phase(), following(2));
    assert_legal(&state, &[follow(0, 2), follow(4, 6)]);
    assert_eq!(
        play(&mut state, follow(4, 6)),
        vec![moved(A, Stage::Following, 4, 6), turn_to(B)]
    );
    assert_eq!(
        state.board().counts()[A],
        [6, 0, 0, 0, 0, 0, 1, 5],
        "the same piece moved twice"
    );
}

#[test]
fn rule_09_full_rows_are_jumped_and_count_as_distance() {
    // Row 3 is full of B pieces; row 2 holds 1 A and 2 B.
    let mut state = at(
        [6, 1, 1, 0, 0, 0, 0, 4],
        [0, 0, 2, 6, 0, 0, 0, 4],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(0, 1), init(1, 2)]);
    play(&mut state, init(1, 2));
    assert_eq!(state.phase(), following(3));
    // 2 -> 5 crosses row 3 (full) and row 4, three rows in all.
    assert_legal(&state, &[follow(2, 5)]);
    play(&mut state, follow(2, 5));
    assert_eq!(state.board().counts()[A], [6, 0, 1, 0, 0, 1, 0, 4]);
}

#[test]
fn rule_10_a_following_move_may_not_land_on_a_full_row() {
    let state = at(
        [6, 0, 2, 0, 0, 0, 0, 4],
        [0, 0, 2, 6, 0, 0, 0, 4],
        A,
        following(3),
    );
    assert_eq!(
        illegal(&state, follow(0, 3)),
        "the following move would land on a full row (6 pieces)"
    );
    assert_legal(&state, &[follow(2, 5)]);
}

#[test]
fn rule_11_overshoot_stops_on_the_goal_line_and_loses_the_rest() {
    let mut state = start(Options::default());
    play(&mut state, init(3, 4));
    assert_eq!(
        play(&mut state, follow(6, 7)),
        vec![
            moved(A, Stage::Following, 6, 7),
            Event::StepsLost { seat: A, count: 1 },
            turn_to(B)
        ],
        "an overshooting move earns no bonus"
    );
    assert_eq!(state.board().count(A, 7), 1);
}

#[test]
fn rule_12_an_impossible_following_move_is_forfeited() {
    // A's piece on row 5 would land on row 6, full of B pieces.
    let mut state = at(
        [0, 0, 0, 0, 1, 0, 0, 11],
        [5, 0, 0, 0, 0, 1, 6, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(4, 5));
    assert_eq!(state.phase(), following(1));
    assert_legal(&state, &[Action::ForfeitFollowing]);
    assert_eq!(
        play(&mut state, Action::ForfeitFollowing),
        vec![Event::FollowingForfeited { seat: A, rows: 1 }, turn_to(B)]
    );
    // It cannot be forfeited while a move exists.
    let mut state = start(Options::default());
    play(&mut state, init(0, 1));
    assert_eq!(
        illegal(&state, Action::ForfeitFollowing),
        "a following move is possible, so it cannot be forfeited"
    );
}

#[test]
fn rule_13_the_following_move_is_compulsory_by_default() {
    let mut state = start(Options::default());
    play(&mut state, init(0, 1));
    assert!(!legal(&state).contains(&Action::DeclineFollowing));
    assert_eq!(
        illegal(&state, Action::DeclineFollowing),
        "the following move is compulsory when one is possible"
    );
    assert_eq!(illegal(&state, init(1, 2)), "a following move is due");
    assert_eq!(illegal(&state, Action::Pass), "a following move is due");
}

// ---------------------------------------------------------------------------------------------
// §2.4 Bonus
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_14_exact_arrival_earns_an_optional_bonus_of_one_own_piece_one_row() {
    let mut state = start(Options::default());
    play(&mut state, init(4, 5));
    play(&mut state, follow(5, 7));
    assert_eq!(
        state.board().counts(),
        &[[6, 1, 1, 1, 0, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 6]]
    );
    // Every own piece one row forward or back (row 4 has no A piece; the start line has no
    // row behind it; the goal line none in front), and declining.
    assert_legal(
        &state,
        &[
            bonus(A, 0, 1),
            bonus(A, 1, 2),
            bonus(A, 1, 0),
            bonus(A, 2, 3),
            bonus(A, 2, 1),
            bonus(A, 3, 4),
            bonus(A, 3, 2),
            bonus(A, 5, 6),
            bonus(A, 5, 4),
            bonus(A, 6, 7),
            bonus(A, 6, 5),
            bonus(A, 7, 6),
            Action::DeclineBonus,
        ],
    );
    assert_eq!(
        illegal(&state, bonus(A, 3, 5)),
        "a bonus move goes one row forward or one row backward"
    );
    assert_eq!(
        illegal(&state, bonus(B, 3, 2)),
        "the bonus moves one of your own pieces"
    );
    assert_eq!(
        illegal(&state, bonus(A, 4, 5)),
        "there is no such piece on that row"
    );
    assert_eq!(
        illegal(&state, init(0, 1)),
        "play or decline the bonus move"
    );
    assert_eq!(
        play(&mut state, Action::DeclineBonus),
        vec![Event::BonusDeclined { seat: A }, turn_to(B)]
    );
}

#[test]
fn rule_15_a_bonus_never_chains_even_when_it_reaches_the_goal() {
    let mut state = start(Options::default());
    play(&mut state, init(4, 5));
    play(&mut state, follow(5, 7));
    assert_eq!(
        play(&mut state, bonus(A, 6, 7)),
        vec![
            Event::PieceMoved {
                seat: A,
                stage: Stage::Bonus,
                owner: A,
                from: 6,
                to: 7
            },
            turn_to(B)
        ]
    );
    assert_eq!(state.phase(), Phase::Initial);
    assert_eq!(state.to_move(), B);
}

#[test]
fn rule_16_nasty_bonus_may_move_an_opponent_piece_but_not_back_off_its_goal() {
    let nasty = options(json!({"nasty_bonus": true}));
    let a = [5, 1, 0, 0, 0, 0, 0, 6];
    let b = [2, 0, 1, 0, 0, 0, 0, 9];
    let mut state = at_with(nasty, a, b, A, Phase::Bonus);
    assert_legal(
        &state,
        &[
            bonus(A, 0, 1),
            bonus(A, 1, 2),
            bonus(A, 1, 0),
            bonus(A, 7, 6),
            // B's pieces move in B's direction: forward is towards row 0.
            bonus(B, 2, 1),
            bonus(B, 2, 3),
            bonus(B, 7, 6),
            Action::DeclineBonus,
        ],
    );
    assert_eq!(
        illegal(&state, bonus(B, 0, 1)),
        "an opponent's piece on its goal line may not be moved back"
    );
    assert_eq!(
        play(&mut state, bonus(B, 2, 3)),
        vec![
            Event::PieceMoved {
                seat: A,
                stage: Stage::Bonus,
                owner: B,
                from: 2,
                to: 3
            },
            turn_to(B)
        ]
    );
    assert_eq!(state.board().counts()[B], [2, 0, 0, 1, 0, 0, 0, 9]);

    // Without the option, only own pieces move.
    let state = at(a, b, A, Phase::Bonus);
    assert_legal(
        &state,
        &[
            bonus(A, 0, 1),
            bonus(A, 1, 2),
            bonus(A, 1, 0),
            bonus(A, 7, 6),
            Action::DeclineBonus,
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// §2.5 End of game
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_17_the_game_ends_when_the_armies_have_passed_each_other() {
    let passed = |a, b| Board::new([a, b]).armies_passed();
    assert!(passed([0, 0, 0, 0, 6, 0, 0, 6], [6, 0, 0, 6, 0, 0, 0, 0]));
    // Sharing a row is not passing.
    assert!(!passed([0, 0, 0, 1, 5, 0, 0, 6], [6, 0, 0, 5, 0, 0, 0, 1]));
    assert!(!passed([0, 0, 0, 1, 5, 0, 0, 6], [7, 0, 0, 5, 0, 0, 0, 0]));
    // A B piece that never left its start line blocks the end.
    assert!(!passed([0, 0, 0, 0, 0, 0, 6, 6], [11, 0, 0, 0, 0, 0, 0, 1]));
    // So does an A piece still at home.
    assert!(!passed(
        [1, 0, 0, 0, 0, 0, 0, 11],
        [11, 0, 0, 0, 0, 0, 1, 0]
    ));

    // Played: A's rearmost piece jumps beyond B's army; the game ends with this turn.
    let mut state = at(
        [0, 0, 1, 0, 5, 0, 0, 6],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(2, 3));
    assert_eq!(state.phase(), following(5));
    assert_eq!(
        play(&mut state, follow(3, 7)),
        vec![
            moved(A, Stage::Following, 3, 7),
            Event::StepsLost { seat: A, count: 1 },
            game_over(EndReason::ArmiesPassed, [40, 40], None)
        ]
    );
    assert_eq!(Linja::turn(&state), Turn::Over);
    assert_eq!(
        state.phase(),
        Phase::Over {
            reason: EndReason::ArmiesPassed
        }
    );
}

#[test]
fn rule_18_the_end_is_checked_only_after_the_whole_turn() {
    // Row 3 holds A's last piece among 5 B pieces; row 4 holds 3 A pieces.
    let position = at(
        [0, 0, 0, 1, 3, 0, 0, 8],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    let mut state = position.clone();
    play(&mut state, init(3, 4));
    // The armies have passed, but the turn goes on: following move, then bonus.
    assert!(state.board().armies_passed());
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: A });
    assert_legal(&state, &[follow(4, 7)]);
    assert_eq!(
        play(&mut state, follow(4, 7)),
        vec![
            moved(A, Stage::Following, 4, 7),
            Event::BonusEarned { seat: A }
        ]
    );
    assert!(Linja::outcome(&state).is_none());

    // A bonus step back into B's row undoes the passing: the game goes on.
    let mut back = state.clone();
    assert_eq!(
        play(&mut back, bonus(A, 4, 3)),
        vec![
            Event::PieceMoved {
                seat: A,
                stage: Stage::Bonus,
                owner: A,
                from: 4,
                to: 3
            },
            turn_to(B)
        ]
    );
    assert!(!back.board().armies_passed());

    // Declining it ends the game: A 3x1 + 9x5 = 48, B 7x5 + 5x1 = 40.
    assert_eq!(
        play(&mut state, Action::DeclineBonus),
        vec![
            Event::BonusDeclined { seat: A },
            game_over(EndReason::ArmiesPassed, [48, 40], Some(A))
        ]
    );
    assert_eq!(placings(&state), vec![(A, 1, 48), (B, 2, 40)]);
}

// ---------------------------------------------------------------------------------------------
// §2.6 Scoring
// ---------------------------------------------------------------------------------------------

/// The score of a lone piece of `seat` on `row` (boards for the scoring function only).
fn lone_piece(seat: usize, row: usize, deduct: bool) -> i64 {
    let mut counts = [[0u8; 8]; 2];
    counts[seat][row] = 1;
    Board::new(counts).score(seat, deduct)
}

#[test]
fn rule_19_pieces_score_by_row_from_their_owners_side() {
    let a: Vec<i64> = (0..8).map(|row| lone_piece(A, row, false)).collect();
    assert_eq!(a, vec![0, 0, 0, 0, 1, 2, 3, 5]);
    let b: Vec<i64> = (0..8).map(|row| lone_piece(B, row, false)).collect();
    assert_eq!(b, vec![5, 3, 2, 1, 0, 0, 0, 0]);
}

#[test]
fn rule_20_the_seed_deducts_pieces_left_in_their_own_half_unless_switched_off() {
    let a: Vec<i64> = (0..8).map(|row| lone_piece(A, row, true)).collect();
    assert_eq!(a, vec![-5, -3, -2, -1, 1, 2, 3, 5]);
    let b: Vec<i64> = (0..8).map(|row| lone_piece(B, row, true)).collect();
    assert_eq!(b, vec![5, 3, 2, 1, -1, -2, -3, -5]);

    assert_eq!(start(Options::default()).scores(), [-30, -30]);
    let no_deduction = options(json!({"deduct_own_half": false}));
    assert_eq!(start(no_deduction).scores(), [6, 6]);
}

#[test]
fn rule_21_the_higher_total_wins() {
    let mut state = at(
        [0, 0, 0, 1, 3, 0, 0, 8],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(3, 4));
    play(&mut state, follow(4, 7));
    play(&mut state, Action::DeclineBonus);
    let outcome = Linja::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "armies_passed");
    assert_eq!(placings(&state), vec![(A, 1, 48), (B, 2, 40)]);
}

// ---------------------------------------------------------------------------------------------
// §2.7 The 2010 edition
// ---------------------------------------------------------------------------------------------

#[test]
fn edition_2010_an_initial_move_onto_the_goal_gives_a_one_row_following_move() {
    let mut state = start(edition_2010());
    assert_eq!(
        play(&mut state, init(6, 7)),
        vec![
            moved(A, Stage::Initial, 6, 7),
            Event::FollowingMoveDue { seat: A, rows: 1 }
        ]
    );
    assert_legal(
        &state,
        &[
            follow(0, 1),
            follow(1, 2),
            follow(2, 3),
            follow(3, 4),
            follow(4, 5),
            follow(5, 6),
        ],
    );
    // Row 6 still holds B's piece: not an empty row, no extra turn.
    assert_eq!(
        play(&mut state, follow(5, 6)),
        vec![moved(A, Stage::Following, 5, 6), turn_to(B)]
    );
}

#[test]
fn edition_2010_a_following_move_onto_an_empty_row_earns_one_extra_turn() {
    let a = [6, 1, 0, 1, 1, 1, 1, 1];
    let b = [0, 1, 0, 1, 1, 1, 1, 7];
    let mut state = at_with(edition_2010(), a, b, A, Phase::Initial);
    play(&mut state, init(3, 4));
    assert_eq!(state.phase(), following(2));
    assert_eq!(
        play(&mut state, follow(0, 2)),
        vec![
            moved(A, Stage::Following, 0, 2),
            Event::TurnStarted {
                seat: A,
                extra_turn: true
            }
        ]
    );
    assert_eq!(Linja::turn(&state), Turn::Seat { seat: A });
    assert!(state.is_extra_turn());
    assert_eq!(state.phase(), Phase::Initial);
}

#[test]
fn edition_2010_the_extra_turn_does_not_chain() {
    let a = [6, 1, 0, 1, 1, 1, 1, 1];
    let b = [0, 1, 0, 1, 1, 1, 1, 7];
    let mut state = State::from_position(
        edition_2010(),
        Position {
            board: Board::new([a, b]),
            to_move: A,
            phase: Phase::Initial,
            extra_turn: true,
        },
    )
    .unwrap();
    play(&mut state, init(3, 4));
    assert_eq!(
        play(&mut state, follow(0, 2)),
        vec![moved(A, Stage::Following, 0, 2), turn_to(B)]
    );
    assert!(!state.is_extra_turn());
}

#[test]
fn edition_2010_has_no_exact_arrival_bonus() {
    let mut state = start(edition_2010());
    play(&mut state, init(4, 5));
    assert_eq!(
        play(&mut state, follow(5, 7)),
        vec![moved(A, Stage::Following, 5, 7), turn_to(B)]
    );
}

#[test]
fn edition_2010_has_no_deduction_whatever_deduct_own_half_says() {
    assert_eq!(start(edition_2010()).scores(), [6, 6]);
    let explicit = options(json!({"edition": "steffen2010", "deduct_own_half": true}));
    assert_eq!(start(explicit).scores(), [6, 6]);
    assert!(!explicit.deducts());
}

#[test]
fn edition_2010_refuses_the_bonus_options() {
    for bad in [
        json!({"edition": "steffen2010", "nasty_bonus": true}),
        json!({"edition": "steffen2010", "bonus_may_leave_goal": false}),
    ] {
        let error = parse_options::<Linja>(&bad).unwrap_err();
        let name = bad.as_object().unwrap().keys().find(|k| *k != "edition");
        assert_eq!(error.option.as_deref(), name.map(String::as_str));
        assert!(error.message.contains("no bonus"));
    }
    let error = Linja::setup(
        2,
        &Options {
            edition: Edition::Steffen2010,
            nasty_bonus: true,
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(error.to_string().contains("nasty_bonus"));
}

// ---------------------------------------------------------------------------------------------
// §3 Ambiguities
// ---------------------------------------------------------------------------------------------

#[test]
fn ambiguity_a1_six_on_each_start_line_one_of_each_colour_per_inner_row() {
    let state = start(Options::default());
    let totals: Vec<u8> = (0..8).map(|row| state.board().total(row)).collect();
    assert_eq!(totals, vec![6, 2, 2, 2, 2, 2, 2, 6]);
    for row in 1..=6 {
        assert_eq!(state.board().count(A, row), 1);
        assert_eq!(state.board().count(B, row), 1);
    }
}

#[test]
fn ambiguity_a2_the_moved_piece_is_not_counted_opponent_pieces_are() {
    // Row 5 holds only B pieces (2): the distance is 2, not 0 and not 3.
    let mut state = at(
        [6, 0, 0, 0, 1, 0, 0, 5],
        [0, 0, 0, 0, 0, 2, 0, 10],
        A,
        Phase::Initial,
    );
    play(&mut state, init(4, 5));
    assert_eq!(state.phase(), following(2));
}

#[test]
fn ambiguity_a3_weights_are_1_2_3_for_the_opponents_inner_half_and_5_for_its_start_line() {
    // A on B's side: rows 4, 5, 6 (nearest the centre first) then row 7.
    let a = Board::new([[0, 0, 0, 0, 1, 2, 3, 6], [12, 0, 0, 0, 0, 0, 0, 0]]);
    assert_eq!(a.score(A, false), 1 + 2 * 2 + 3 * 3 + 6 * 5);
    assert_eq!(a.score(B, false), 12 * 5);
}

#[test]
fn ambiguity_a4_strict_separation_start_lines_included_checked_at_end_of_turn() {
    // A's last piece leaves B's row but B still has a piece on row 7: the game goes on.
    let mut state = at(
        [0, 0, 0, 1, 0, 0, 0, 11],
        [10, 0, 0, 1, 0, 0, 0, 1],
        A,
        Phase::Initial,
    );
    play(&mut state, init(3, 4));
    assert_eq!(state.phase(), Phase::Initial);
    assert_eq!(state.to_move(), B);
    assert!(Linja::outcome(&state).is_none());
}

#[test]
fn ambiguity_a5_the_deduction_gives_the_worked_example_46_to_39_and_46_to_41() {
    // The scoring diagram is missing; this position gives the example's totals: A ends with
    // 2, 4, 6 pieces on rows 5, 6, 7 (4 + 12 + 30 = 46); B with 6, 3, 1 pieces on rows 0, 1, 2
    // (30 + 9 + 2 = 41) and two pieces on row 4, the first row of its own half (-1 each).
    let a = [0, 0, 0, 0, 1, 3, 2, 6];
    let b = [6, 3, 1, 0, 2, 0, 0, 0];
    for (options, b_score) in [
        (Options::default(), 39),
        (options(json!({"deduct_own_half": false})), 41),
        (edition_2010(), 41),
    ] {
        let mut state = at_with(options, a, b, A, Phase::Initial);
        assert_eq!(
            play(&mut state, init(5, 6)),
            vec![
                moved(A, Stage::Initial, 5, 6),
                Event::FollowingMoveDue { seat: A, rows: 2 }
            ]
        );
        assert_eq!(
            play(&mut state, follow(4, 6)),
            vec![
                moved(A, Stage::Following, 4, 6),
                game_over(EndReason::ArmiesPassed, [46, b_score], Some(A))
            ]
        );
        assert_eq!(
            state.board().counts(),
            &[[0, 0, 0, 0, 0, 2, 4, 6], [6, 3, 1, 0, 2, 0, 0, 0]]
        );
        assert_eq!(placings(&state), vec![(A, 1, 46), (B, 2, b_score)]);
    }
}

#[test]
fn ambiguity_a6_a_full_row_is_crossed_but_never_entered_not_even_by_a_bonus() {
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 6, 0, 0, 0, 0, 6],
        A,
        Phase::Bonus,
    );
    assert_legal(
        &state,
        &[
            bonus(A, 0, 1),
            bonus(A, 1, 0),
            bonus(A, 7, 6),
            Action::DeclineBonus,
        ],
    );
    assert_eq!(
        illegal(&state, bonus(A, 1, 2)),
        "that row is full (6 pieces)"
    );
    // Crossing the same row with a following move is fine.
    let state = at(
        [5, 1, 0, 0, 0, 0, 0, 6],
        [0, 0, 6, 0, 0, 0, 0, 6],
        A,
        following(2),
    );
    assert_legal(&state, &[follow(1, 3)]);
}

#[test]
fn ambiguity_a7_overshoot_only_past_the_goal_inside_the_board_the_distance_is_exact() {
    let mut state = start(Options::default());
    play(&mut state, init(0, 1));
    let reason = illegal(&state, follow(0, 1));
    assert!(
        reason.starts_with("a following move goes exactly"),
        "{reason}"
    );
    assert_eq!(
        illegal(&state, follow(0, 3)),
        reason,
        "no going further than the distance either"
    );
    assert!(legal(&state).contains(&follow(5, 7)), "exact arrival");
    assert!(legal(&state).contains(&follow(6, 7)), "overshoot");
    assert!(!legal(&state).contains(&follow(6, 8)));
}

#[test]
fn ambiguity_a8_only_a_following_move_earns_the_bonus() {
    // An initial move onto the goal line ends the turn at once, bonus-free.
    let mut state = start(Options::default());
    let events = play(&mut state, init(6, 7));
    assert!(!events.contains(&Event::BonusEarned { seat: A }));
    assert_eq!(state.to_move(), B);
}

#[test]
fn ambiguity_a9_an_own_piece_may_step_back_off_the_goal_unless_switched_off() {
    let a = [5, 1, 0, 0, 0, 0, 0, 6];
    let b = [2, 0, 1, 0, 0, 0, 0, 9];
    let mut state = at(a, b, A, Phase::Bonus);
    assert!(legal(&state).contains(&bonus(A, 7, 6)));
    play(&mut state, bonus(A, 7, 6));
    assert_eq!(state.board().counts()[A], [5, 1, 0, 0, 0, 0, 1, 5]);

    let strict = options(json!({"bonus_may_leave_goal": false}));
    let state = at_with(strict, a, b, A, Phase::Bonus);
    assert_legal(
        &state,
        &[
            bonus(A, 0, 1),
            bonus(A, 1, 2),
            bonus(A, 1, 0),
            Action::DeclineBonus,
        ],
    );
    assert_eq!(
        illegal(&state, bonus(A, 7, 6)),
        "a piece on its goal line may not step back"
    );
}

#[test]
fn ambiguity_a10_the_following_move_may_be_declined_only_with_follow_up_optional() {
    let optional = options(json!({"follow_up_optional": true}));
    let mut state = start(optional);
    play(&mut state, init(0, 1));
    assert_legal(
        &state,
        &[
            follow(0, 2),
            follow(1, 3),
            follow(2, 4),
            follow(3, 5),
            follow(4, 6),
            follow(5, 7),
            follow(6, 7),
            Action::DeclineFollowing,
        ],
    );
    assert_eq!(
        play(&mut state, Action::DeclineFollowing),
        vec![Event::FollowingDeclined { seat: A, rows: 2 }, turn_to(B)]
    );
    // When no move is possible the only choice is still to forfeit it.
    let mut state = at_with(
        optional,
        [0, 0, 0, 0, 1, 0, 0, 11],
        [5, 0, 0, 0, 0, 1, 6, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(4, 5));
    assert_legal(&state, &[Action::ForfeitFollowing]);
    assert_eq!(
        illegal(&state, Action::DeclineFollowing),
        "no following move is possible: forfeit it instead"
    );
}

#[test]
fn ambiguity_a11_no_initial_move_passes_no_following_move_forfeits() {
    let state = at(
        [0, 0, 0, 6, 0, 0, 0, 6],
        [5, 0, 0, 0, 6, 0, 1, 0],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[Action::Pass]);
    let state = at(
        [0, 0, 0, 0, 2, 0, 0, 10],
        [5, 0, 0, 0, 0, 1, 6, 0],
        A,
        following(2),
    );
    // 4 -> 6 is full; nothing else can move.
    assert_legal(&state, &[Action::ForfeitFollowing]);
}

#[test]
fn ambiguity_a12_equal_totals_are_a_draw() {
    let mut state = at(
        [0, 0, 1, 0, 5, 0, 0, 6],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(2, 3));
    let events = play(&mut state, follow(3, 7));
    assert_eq!(
        events.last(),
        Some(&game_over(EndReason::ArmiesPassed, [40, 40], None))
    );
    assert_eq!(placings(&state), vec![(A, 1, 40), (B, 1, 40)]);
}

// ---------------------------------------------------------------------------------------------
// Interpretations beyond the rules file
// ---------------------------------------------------------------------------------------------

#[test]
fn interpretation_a_position_where_nobody_can_move_ends_the_game() {
    // After A's last piece reaches the goal, A's row 3 faces B's full row 4 and vice versa:
    // both would pass for ever, so the game ends and is scored as it stands.
    let mut state = at(
        [0, 0, 0, 6, 0, 0, 1, 5],
        [6, 0, 0, 0, 6, 0, 0, 0],
        A,
        Phase::Initial,
    );
    assert_legal(&state, &[init(6, 7)]);
    assert_eq!(
        play(&mut state, init(6, 7)),
        vec![
            moved(A, Stage::Initial, 6, 7),
            Event::NoFollowingMove {
                seat: A,
                cause: NoFollowingCause::GoalLine
            },
            game_over(EndReason::Blocked, [24, 24], None)
        ]
    );
    let outcome = Linja::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "blocked");
    assert_eq!(placings(&state), vec![(A, 1, 24), (B, 1, 24)]);
}

#[test]
fn interpretation_2010_only_inner_rows_are_empty_rows_for_the_extra_turn() {
    // B has left its start line: A's goal line is empty, yet reaching it earns nothing.
    let a = [6, 1, 1, 1, 1, 1, 1, 0];
    let b = [5, 2, 1, 1, 1, 1, 1, 0];
    let mut state = at_with(edition_2010(), a, b, A, Phase::Initial);
    play(&mut state, init(3, 4));
    assert_eq!(
        play(&mut state, follow(5, 7)),
        vec![moved(A, Stage::Following, 5, 7), turn_to(B)]
    );
}

#[test]
fn interpretation_2010_the_game_ends_before_an_extra_turn_once_the_armies_passed() {
    let a = [0, 1, 0, 0, 0, 0, 0, 11];
    let b = [10, 1, 1, 0, 0, 0, 0, 0];
    let mut state = at_with(edition_2010(), a, b, A, Phase::Initial);
    play(&mut state, init(1, 2));
    assert_legal(&state, &[follow(2, 3)]);
    // Row 3 is empty (an extra turn), but the armies have passed: A 55 = B 10x5 + 3 + 2.
    assert_eq!(
        play(&mut state, follow(2, 3)),
        vec![
            moved(A, Stage::Following, 2, 3),
            game_over(EndReason::ArmiesPassed, [55, 55], None)
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// §4 Facts about the start position
// ---------------------------------------------------------------------------------------------

#[test]
fn fact_every_initial_move_from_the_start_gives_2_rows_except_onto_the_goal() {
    for from in 0..7u8 {
        let mut state = start(Options::default());
        let events = play(&mut state, init(from, from + 1));
        if from == 6 {
            assert_eq!(state.to_move(), B, "6 -> 7 reaches the goal");
        } else {
            assert_eq!(events[1], Event::FollowingMoveDue { seat: A, rows: 2 });
        }
    }
    // B's first moves mirror A's.
    let mut state = start(Options::default());
    play(&mut state, init(6, 7));
    assert_legal(
        &state,
        &[
            init(7, 6),
            init(6, 5),
            init(5, 4),
            init(4, 3),
            init(3, 2),
            init(2, 1),
            init(1, 0),
        ],
    );
}

#[test]
fn fact_start_scores_are_6_without_deduction_and_minus_30_with_it() {
    assert_eq!(Board::START.score(A, false), 6);
    assert_eq!(Board::START.score(B, false), 6);
    assert_eq!(Board::START.score(A, true), 6 - 3 - 2 - 1 - 6 * 5);
    assert_eq!(Board::START.score(B, true), -30);
}

/// Every way to put 12 pieces of one colour on the 8 rows (capacity ignored).
fn distributions(rows: usize, pieces: u8, prefix: &mut Vec<u8>, out: &mut Vec<[u8; 8]>) {
    if prefix.len() == rows - 1 {
        let mut counts = [0u8; 8];
        counts[..rows - 1].copy_from_slice(prefix);
        counts[rows - 1] = pieces;
        out.push(counts);
        return;
    }
    for n in 0..=pieces {
        prefix.push(n);
        distributions(rows, pieces - n, prefix, out);
        prefix.pop();
    }
}

/// The scoring rule written independently: a piece `progress` rows from its start line gains
/// 1, 2, 3, 5 on the last four rows; the deduction is what the opponent would score there,
/// i.e. the gain of the mirror row.
fn expected_score(own: [u8; 8], seat: usize, deduct: bool) -> i64 {
    let gain = |progress: usize| match progress {
        4 => 1,
        5 => 2,
        6 => 3,
        7 => 5,
        _ => 0,
    };
    (0..8)
        .map(|row| {
            let progress = if seat == A { row } else { 7 - row };
            let value = gain(progress) - if deduct { gain(7 - progress) } else { 0 };
            i64::from(own[row]) * value
        })
        .sum()
}

#[test]
fn fact_exhaustive_scores_maximum_60_only_with_every_piece_home() {
    let mut all = Vec::new();
    distributions(8, 12, &mut Vec::new(), &mut all);
    assert_eq!(all.len(), 50_388, "C(19, 7) distributions");
    let mut best = [i64::MIN; 2];
    let mut worst = [i64::MAX; 2];
    for counts in &all {
        for deduct in [false, true] {
            for seat in [A, B] {
                let mut board = [[0u8; 8]; 2];
                board[seat] = *counts;
                let score = Board::new(board).score(seat, deduct);
                assert_eq!(score, expected_score(*counts, seat, deduct), "{counts:?}");
                if deduct {
                    best[seat] = best[seat].max(score);
                    worst[seat] = worst[seat].min(score);
                }
                let home = if seat == A { counts[7] } else { counts[0] };
                assert_eq!(score == 60, home == 12);
            }
        }
    }
    assert_eq!(best, [60, 60]);
    assert_eq!(worst, [-60, -60]);
}

// ---------------------------------------------------------------------------------------------
// Resignation
// ---------------------------------------------------------------------------------------------

#[test]
fn resignation_on_ones_own_turn_the_other_player_wins() {
    let mut state = start(Options::default());
    let mut events = Vec::new();
    Linja::resign(&mut state, A, &mut events).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Resigned { seat: A },
            game_over(EndReason::Resignation, [-30, -30], Some(B))
        ]
    );
    assert_eq!(Linja::turn(&state), Turn::Over);
    let outcome = Linja::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "resignation");
    assert_eq!(placings(&state), vec![(B, 1, -30), (A, 2, -30)]);
    Linja::check_invariants(&state).unwrap();
}

#[test]
fn resignation_out_of_turn_mid_turn_even_when_ahead() {
    // A leads 48 to 40 and is in the middle of its turn when B resigns... then A does.
    let mut state = at(
        [0, 0, 0, 1, 3, 0, 0, 8],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(3, 4));
    let mut leader_leaves = state.clone();
    let mut events = Vec::new();
    Linja::resign(&mut leader_leaves, A, &mut events).unwrap();
    assert_eq!(placings(&leader_leaves).first(), Some(&(B, 1, 40)));

    let mut events = Vec::new();
    Linja::resign(&mut state, B, &mut events).unwrap();
    assert_eq!(events.first(), Some(&Event::Resigned { seat: B }));
    assert_eq!(placings(&state)[0].0, A);
}

#[test]
fn resignation_is_refused_after_the_end_and_for_unknown_seats() {
    let mut state = start(Options::default());
    let mut events = Vec::new();
    assert_eq!(
        Linja::resign(&mut state, 2, &mut events),
        Err(ActionError::NoSuchSeat)
    );
    Linja::resign(&mut state, B, &mut events).unwrap();
    let over = state.clone();
    events.clear();
    assert_eq!(
        Linja::resign(&mut state, A, &mut events),
        Err(ActionError::GameOver)
    );
    assert_eq!(
        Linja::resign(&mut state, B, &mut events),
        Err(ActionError::GameOver)
    );
    assert_eq!(state, over);
    assert!(events.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Errors, wire format, view
// ---------------------------------------------------------------------------------------------

#[test]
fn errors_name_the_problem_and_change_nothing() {
    let state = start(Options::default());
    assert_eq!(refuse(&state, 2, init(0, 1)), ActionError::NoSuchSeat);
    assert_eq!(refuse(&state, B, init(7, 6)), ActionError::NotYourTurn);
    assert_eq!(illegal(&state, init(200, 201)), "rows are numbered 0 to 7");
    assert_eq!(
        illegal(&state, init(u8::MAX, 0)),
        "rows are numbered 0 to 7"
    );
    for action in [
        follow(0, 2),
        bonus(A, 0, 1),
        Action::DeclineBonus,
        Action::ForfeitFollowing,
        Action::DeclineFollowing,
    ] {
        assert_eq!(
            illegal(&state, action),
            "the turn starts with an initial move (or a pass when none is possible)"
        );
    }
    let mut copy = state.clone();
    let mut events = Vec::new();
    assert_eq!(
        Linja::apply_chance(&mut copy, &[3], &mut events),
        Err(ActionError::NoChanceDue)
    );
    assert_eq!(copy, state);

    // In a bonus: owners and rows out of range.
    let nasty = options(json!({"nasty_bonus": true}));
    let state = at_with(
        nasty,
        [5, 1, 0, 0, 0, 0, 0, 6],
        [2, 0, 1, 0, 0, 0, 0, 9],
        A,
        Phase::Bonus,
    );
    assert_eq!(
        illegal(&state, bonus(7, 1, 2)),
        "the owner of a piece is seat 0 or seat 1"
    );
    assert_eq!(
        illegal(&state, bonus(usize::MAX, 1, 2)),
        "the owner of a piece is seat 0 or seat 1"
    );
    assert_eq!(illegal(&state, bonus(A, 7, 8)), "rows are numbered 0 to 7");
    assert_eq!(illegal(&state, bonus(B, 9, 8)), "rows are numbered 0 to 7");

    // After the end everything is refused with GameOver.
    let mut over = start(Options::default());
    Linja::resign(&mut over, A, &mut Vec::new()).unwrap();
    assert_eq!(refuse(&over, B, init(7, 6)), ActionError::GameOver);
    let mut copy = over.clone();
    assert_eq!(
        Linja::apply_chance(&mut copy, &[1], &mut Vec::new()),
        Err(ActionError::GameOver)
    );
    let mut out = Vec::new();
    Linja::legal_actions(&over, B, &mut out);
    assert!(out.is_empty());
}

#[test]
fn wire_format_of_actions_events_and_state() {
    assert_eq!(
        serde_json::to_value(init(0, 1)).unwrap(),
        json!({"type": "initial_move", "from": 0, "to": 1})
    );
    assert_eq!(
        serde_json::to_value(bonus(B, 2, 3)).unwrap(),
        json!({"type": "bonus_move", "owner": 1, "from": 2, "to": 3})
    );
    assert_eq!(
        serde_json::to_value(Action::DeclineFollowing).unwrap(),
        json!({"type": "decline_following"})
    );
    assert_eq!(
        serde_json::to_value(moved(A, Stage::Following, 5, 7)).unwrap(),
        json!({"type": "piece_moved", "seat": 0, "stage": "following", "owner": 0, "from": 5, "to": 7})
    );
    assert_eq!(
        serde_json::to_value(game_over(EndReason::ArmiesPassed, [46, 39], Some(A))).unwrap(),
        json!({"type": "game_over", "reason": "armies_passed", "scores": [46, 39], "winner": 0})
    );

    // Through the server's dispatch: listed actions post back as they are.
    let mut any = AnyState::setup(GameId::Linja, 2, &json!({})).unwrap();
    let actions = any.legal_json(0);
    assert_eq!(
        actions[0],
        json!({"type": "initial_move", "from": 0, "to": 1})
    );
    let events = any.act_json(0, &actions[0]).unwrap();
    assert_eq!(
        events[1],
        json!({"type": "following_move_due", "seat": 0, "rows": 2})
    );
    let stored = any.to_json();
    assert_eq!(stored["phase"], json!({"stage": "following", "rows": 2}));
    assert_eq!(stored["board"][0], json!([5, 2, 1, 1, 1, 1, 1, 0]));
    assert_eq!(AnyState::from_json(GameId::Linja, &stored).unwrap(), any);
    // Malformed and out-of-range actions are refused without a panic.
    assert!(matches!(
        any.act_json(0, &json!({"type": "following_move", "from": 300, "to": 2})),
        Err(ActionError::Malformed(_))
    ));
    assert!(matches!(
        any.act_json(0, &json!({"type": "following_move", "from": -1, "to": 2})),
        Err(ActionError::Malformed(_))
    ));
    assert!(matches!(
        any.act_json(0, &json!({"type": "following_move", "from": 9, "to": 11})),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(any.to_json(), stored);
}

#[test]
fn the_view_shows_each_choice_with_what_it_leads_to() {
    let state = start(Options::default());
    let view = Linja::view(&state, Some(B));
    assert_eq!(view.viewer, Some(B));
    assert_eq!(view.to_move, Some(A));
    assert_eq!(view.row_totals, [6, 2, 2, 2, 2, 2, 2, 6]);
    assert_eq!(view.piece_values[A], [-5, -3, -2, -1, 1, 2, 3, 5]);
    assert_eq!(view.piece_values[B], [5, 3, 2, 1, -1, -2, -3, -5]);
    assert_eq!(view.scores, [-30, -30]);
    assert!(!view.armies_passed);
    assert_eq!(view.choices.len(), 7);
    let first = &view.choices[0];
    assert_eq!(first.action, init(0, 1));
    assert_eq!(first.next, Next::FollowingMove { rows: 2 });
    assert_eq!(first.scores_after, [-28, -30]);
    let last = &view.choices[6];
    assert_eq!(last.action, init(6, 7));
    assert_eq!(last.next, Next::OpponentTurn);

    // A bonus and the end of the game, seen in advance.
    let mut state = at(
        [0, 0, 0, 1, 3, 0, 0, 8],
        [7, 0, 0, 5, 0, 0, 0, 0],
        A,
        Phase::Initial,
    );
    play(&mut state, init(3, 4));
    let view = Linja::view(&state, None);
    assert_eq!(view.choices[0].next, Next::Bonus);
    play(&mut state, follow(4, 7));
    let view = Linja::view(&state, None);
    let decline = view
        .choices
        .iter()
        .find(|c| c.action == Action::DeclineBonus)
        .unwrap();
    assert_eq!(decline.next, Next::GameOver { winner: Some(A) });
    assert_eq!(decline.scores_after, [48, 40]);

    // An extra turn (2010).
    let state = at_with(
        edition_2010(),
        [6, 1, 0, 1, 1, 1, 1, 1],
        [0, 1, 0, 1, 1, 1, 1, 7],
        A,
        following(2),
    );
    let view = Linja::view(&state, Some(A));
    let extra = view
        .choices
        .iter()
        .find(|c| c.action == follow(0, 2))
        .unwrap();
    assert_eq!(extra.next, Next::ExtraTurn);

    // Once over: no one to move, no choices, the outcome.
    let mut over = start(Options::default());
    Linja::resign(&mut over, B, &mut Vec::new()).unwrap();
    let view = Linja::view(&over, None);
    assert_eq!(view.to_move, None);
    assert!(view.choices.is_empty());
    assert_eq!(view.resigned, vec![B]);
    assert_eq!(view.outcome, Linja::outcome(&over));
}

#[test]
fn options_are_named_after_the_rules_file_with_the_seed_defaults() {
    let names: Vec<&str> = Linja::option_specs().iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        vec![
            "edition",
            "deduct_own_half",
            "follow_up_optional",
            "nasty_bonus",
            "bonus_may_leave_goal"
        ]
    );
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({
            "edition": "seed",
            "deduct_own_half": true,
            "follow_up_optional": false,
            "nasty_bonus": false,
            "bonus_may_leave_goal": true
        })
    );
    assert!(parse_options::<Linja>(&json!({"edition": "2010"})).is_err());
    assert!(Linja::setup(3, &Options::default()).is_err());
    assert!(Linja::setup(1, &Options::default()).is_err());
}

#[test]
fn positions_that_cannot_be_played_from_are_refused() {
    let make = |a, b, phase, extra_turn| {
        State::from_position(
            Options::default(),
            Position {
                board: Board::new([a, b]),
                to_move: A,
                phase,
                extra_turn,
            },
        )
    };
    let start_a = [6, 1, 1, 1, 1, 1, 1, 0];
    let start_b = [0, 1, 1, 1, 1, 1, 1, 6];
    assert!(make(start_a, start_b, Phase::Initial, false).is_ok());
    assert!(make([6, 1, 1, 1, 1, 1, 1, 1], start_b, Phase::Initial, false).is_err());
    assert!(make(start_a, start_b, following(0), false).is_err());
    assert!(
        make(start_a, start_b, Phase::Bonus, false).is_err(),
        "no piece home"
    );
    assert!(
        make(start_a, start_b, Phase::Initial, true).is_err(),
        "seed extra turn"
    );
    assert!(
        make(
            start_a,
            start_b,
            Phase::Over {
                reason: EndReason::Blocked
            },
            false
        )
        .is_err()
    );
    assert!(
        make(
            [0, 0, 0, 0, 6, 0, 0, 6],
            [6, 0, 0, 6, 0, 0, 0, 0],
            Phase::Initial,
            false
        )
        .is_err(),
        "already over"
    );
}

// ---------------------------------------------------------------------------------------------
// Data-driven positions: games/tests/data/linja/*.json
// ---------------------------------------------------------------------------------------------

/// One position of a data file and the exact set of actions its player may choose from.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default)]
    options: Value,
    /// `[A counts by row, B counts by row]`.
    board: [[u8; 8]; 2],
    to_move: usize,
    phase: Phase,
    #[serde(default)]
    extra_turn: bool,
    legal: Vec<Value>,
}

fn sorted_json(values: impl IntoIterator<Item = Value>) -> Vec<String> {
    let mut out: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    out.sort();
    out
}

#[test]
fn data_files_positions_list_exactly_the_expected_actions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/linja");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "data files in {}", dir.display());
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let cases: Vec<Case> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for case in cases {
            let context = format!("{} / {}", file.display(), case.name);
            let options = parse_options::<Linja>(&case.options).expect(&context);
            let state = State::from_position(
                options,
                Position {
                    board: Board::new(case.board),
                    to_move: case.to_move,
                    phase: case.phase,
                    extra_turn: case.extra_turn,
                },
            )
            .unwrap_or_else(|e| panic!("{context}: {e}"));
            let listed = legal(&state)
                .into_iter()
                .map(|a| serde_json::to_value(a).unwrap());
            assert_eq!(
                sorted_json(listed),
                sorted_json(case.legal.iter().cloned()),
                "{context}"
            );
            // The expected actions also agree with the independent oracle below.
            assert_eq!(
                sorted_json(oracle(&options, case.board, case.to_move, case.phase)),
                sorted_json(case.legal.iter().cloned()),
                "{context} (oracle)"
            );
            count += 1;
        }
    }
    assert!(count >= 20, "only {count} cases");
}

// ---------------------------------------------------------------------------------------------
// An independent reading of the rules, checked against the implementation on every position
// reachable in the first moves and on random positions.
// ---------------------------------------------------------------------------------------------

/// The legal actions of `seat`, written straight from the rules file with signed rows and no
/// code shared with the crate.
fn oracle(options: &Options, board: [[u8; 8]; 2], seat: usize, phase: Phase) -> Vec<Value> {
    let on_board = |r: i32| (0..8).contains(&r);
    let total = |r: i32| board[0][r as usize] + board[1][r as usize];
    // Rules 4, 10, A6: start lines unlimited, inner rows take a piece while below 6.
    let room = |r: i32| on_board(r) && (r == 0 || r == 7 || total(r) < 6);
    let dir = |s: usize| if s == 0 { 1 } else { -1 };
    let goal = |s: usize| if s == 0 { 7 } else { 0 };
    let has = |s: usize, r: i32| board[s][r as usize] > 0;
    let mut out = Vec::new();
    match phase {
        Phase::Initial => {
            for r in 0..8 {
                let t = r + dir(seat);
                if has(seat, r) && r != goal(seat) && room(t) {
                    out.push(json!({"type": "initial_move", "from": r, "to": t}));
                }
            }
            if out.is_empty() {
                out.push(json!({"type": "pass"}));
            }
        }
        Phase::Following { rows } => {
            for r in 0..8 {
                if !has(seat, r) || r == goal(seat) {
                    continue;
                }
                let t = r + dir(seat) * i32::from(rows);
                let t = if seat == 0 { t.min(7) } else { t.max(0) };
                if room(t) {
                    out.push(json!({"type": "following_move", "from": r, "to": t}));
                }
            }
            if out.is_empty() {
                out.push(json!({"type": "forfeit_following"}));
            } else if options.follow_up_optional {
                out.push(json!({"type": "decline_following"}));
            }
        }
        Phase::Bonus => {
            for owner in [0, 1] {
                if owner != seat && !options.nasty_bonus {
                    continue;
                }
                for r in 0..8 {
                    if !has(owner, r) {
                        continue;
                    }
                    for step in [1, -1] {
                        let t = r + step * dir(owner);
                        if !on_board(t) || !room(t) {
                            continue;
                        }
                        if step == -1
                            && r == goal(owner)
                            && (owner != seat || !options.bonus_may_leave_goal)
                        {
                            continue;
                        }
                        out.push(json!({"type": "bonus_move", "owner": owner, "from": r, "to": t}));
                    }
                }
            }
            out.push(json!({"type": "decline_bonus"}));
        }
        Phase::Over { .. } => {}
    }
    out
}

/// Whether every A piece stands beyond every B piece, written independently.
fn oracle_passed(board: &[[u8; 8]; 2]) -> bool {
    (0..8).all(|a| board[0][a] == 0 || (0..8).all(|b| board[1][b] == 0 || a > b))
}

/// Checks what an accepted action did against the rules: the pieces moved and the next stage.
fn check_transition(before: &State, action: Action, after: &State) {
    let seat = before.to_move();
    let options = before.options();
    let seed = options.edition == Edition::Seed;
    let goal = if seat == 0 { 7 } else { 0 };
    let found = |row: u8| before.board().total(usize::from(row));
    let mut board = *before.board().counts();
    let mut shift = |owner: usize, from: u8, to: u8| {
        board[owner][usize::from(from)] -= 1;
        board[owner][usize::from(to)] += 1;
    };
    // What the rules say comes next: Some((phase, extra turn)) for the same seat, None when the
    // turn is over.
    let same_seat: Option<(Phase, bool)> = match action {
        Action::InitialMove { from, to } => {
            shift(seat, from, to);
            if usize::from(to) == goal {
                (!seed).then_some((Phase::Following { rows: 1 }, before.is_extra_turn()))
            } else if found(to) == 0 {
                None
            } else {
                Some((Phase::Following { rows: found(to) }, before.is_extra_turn()))
            }
        }
        Action::FollowingMove { from, to } => {
            shift(seat, from, to);
            let Phase::Following { rows } = before.phase() else {
                panic!("a following move outside its stage")
            };
            let exact = from.abs_diff(to) == rows;
            if seed && usize::from(to) == goal && exact {
                Some((Phase::Bonus, false))
            } else if !seed && (1..=6).contains(&to) && found(to) == 0 && !before.is_extra_turn() {
                Some((Phase::Initial, true))
            } else {
                None
            }
        }
        Action::BonusMove { owner, from, to } => {
            shift(owner, from, to);
            None
        }
        _ => None,
    };
    assert_eq!(after.board().counts(), &board, "{action:?}");
    let turn_over = !matches!(same_seat, Some((Phase::Following { .. } | Phase::Bonus, _)));
    if turn_over && oracle_passed(&board) {
        assert_eq!(
            after.phase(),
            Phase::Over {
                reason: EndReason::ArmiesPassed
            }
        );
        return;
    }
    if let Phase::Over { reason } = after.phase() {
        assert!(turn_over, "{action:?} ended the game mid-turn");
        assert_eq!(reason, EndReason::Blocked);
        for side in [0, 1] {
            assert_eq!(
                oracle(options, board, side, Phase::Initial),
                vec![json!({"type": "pass"})]
            );
        }
        return;
    }
    match same_seat {
        Some((phase, extra)) => {
            assert_eq!(after.to_move(), seat, "{action:?}");
            assert_eq!(after.phase(), phase, "{action:?}");
            assert_eq!(after.is_extra_turn(), extra, "{action:?}");
        }
        None => {
            assert_eq!(after.to_move(), 1 - seat, "{action:?}");
            assert_eq!(after.phase(), Phase::Initial, "{action:?}");
            assert!(!after.is_extra_turn());
        }
    }
}

/// Compares the listed actions with the oracle and checks every transition.
fn check_against_oracle(state: &State) {
    let seat = state.to_move();
    let listed = legal(state)
        .into_iter()
        .map(|a| serde_json::to_value(a).unwrap());
    let expected = oracle(
        state.options(),
        *state.board().counts(),
        seat,
        state.phase(),
    );
    assert_eq!(sorted_json(listed), sorted_json(expected), "{state:?}");
    for action in legal(state) {
        let mut after = state.clone();
        play(&mut after, action);
        check_transition(state, action, &after);
    }
}

#[test]
fn exhaustive_every_position_of_the_first_moves_matches_the_oracle() {
    use std::collections::HashSet;
    for options in tapis_games::read_options::option_variants::<Linja>() {
        let mut seen: HashSet<String> = HashSet::new();
        let mut frontier = vec![start(options)];
        // Six actions: two or three full turns.
        for _ in 0..6 {
            let mut next = Vec::new();
            for state in &frontier {
                if Linja::outcome(state).is_some() {
                    continue;
                }
                check_against_oracle(state);
                for action in legal(state) {
                    let mut after = state.clone();
                    play(&mut after, action);
                    if seen.insert(serde_json::to_string(&after).unwrap()) {
                        next.push(after);
                    }
                }
            }
            frontier = next;
        }
        assert!(seen.len() > 10_000, "{options:?}: {} positions", seen.len());
    }
}

mod random_positions {
    use super::*;
    use proptest::prelude::*;

    fn counts(rows: &[usize]) -> [u8; 8] {
        let mut counts = [0u8; 8];
        for row in rows {
            counts[*row] += 1;
        }
        counts
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Random boards, seat and stage under every option variant: the listed actions are
        /// exactly the oracle's, and every one of them does what the rules say.
        #[test]
        fn random_positions_match_the_oracle(
            a in proptest::collection::vec(0usize..8, 12),
            b in proptest::collection::vec(0usize..8, 12),
            to_move in 0usize..2,
            stage in 0u8..7,
            extra_turn in any::<bool>(),
            variant in any::<proptest::sample::Index>(),
        ) {
            let variants = tapis_games::read_options::option_variants::<Linja>();
            let options = variants[variant.index(variants.len())];
            let phase = match stage {
                0 => Phase::Initial,
                6 => Phase::Bonus,
                rows => Phase::Following { rows },
            };
            let position = Position {
                board: Board::new([counts(&a), counts(&b)]),
                to_move,
                phase,
                extra_turn: extra_turn && options.edition == Edition::Steffen2010,
            };
            // Crowded rows, finished or blocked games and bonus stages without a piece home
            // are refused: skip them.
            let state = State::from_position(options, position);
            prop_assume!(state.is_ok());
            check_against_oracle(&state.unwrap());
        }
    }
}
