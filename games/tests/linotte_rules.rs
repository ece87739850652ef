//! The rules of La Linotte and Yam Master (`docs/rules/linotte-yam-master.md`), one test per
//! numbered rule and per ambiguity resolution, each option, the §6 scoring examples, and
//! exhaustive checks over every throw of five dice. Everything goes through the public
//! [`Game`] API with scripted dice; expected values are worked out by hand or recomputed here
//! independently of the code under test.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use std::collections::BTreeSet;

use proptest::prelude::*;
use serde_json::json;
use tapis_games::linotte::{
    Action, Board, Cell, Challenge, Combination, EndReason, Event, Faces, LAYOUT, Linotte, Major,
    Options, Phase, Scoring, State, Variant, View, YamMaster, YamMasterOptions, combinations,
};
use tapis_games::read_options::parse_options;
use tapis_games::{ActionError, Chance, Game, Seat, SetupError, Turn};

// ---------------------------------------------------------------------------------------------
// A table to script games on.
// ---------------------------------------------------------------------------------------------

/// Ties each options type to its game, so that one helper serves both games.
#[rustfmt::skip] // rustfmt keeps this bound on one line, past the width limit.
trait Rules: Variant {
    type G: Game<
        Options = Self, State = State<Self>, View = View<Self>, Action = Action, Event = Event,
    >;
    /// Yam Master rather than La Linotte.
    const YAM_MASTER: bool;
    /// Option `failed_challenge_allows_normal_placement`.
    fn failed_challenge_places(&self) -> bool;
    /// Option `appel_after_sec_any_major` (La Linotte only).
    fn any_major_after_sec(&self) -> bool;
}

impl Rules for Options {
    type G = Linotte;
    const YAM_MASTER: bool = false;

    fn failed_challenge_places(&self) -> bool {
        self.failed_challenge_allows_normal_placement
    }

    fn any_major_after_sec(&self) -> bool {
        self.appel_after_sec_any_major
    }
}

impl Rules for YamMasterOptions {
    type G = YamMaster;
    const YAM_MASTER: bool = true;

    fn failed_challenge_places(&self) -> bool {
        self.failed_challenge_allows_normal_placement
    }

    fn any_major_after_sec(&self) -> bool {
        false
    }
}

/// A match being scripted: every call checks the invariants of the state it leaves.
struct Table<O: Rules> {
    state: State<O>,
}

fn linotte() -> Table<Options> {
    Table::new(Options::default())
}

fn yam_master() -> Table<YamMasterOptions> {
    Table::new(YamMasterOptions::default())
}

impl<O: Rules> Table<O> {
    fn new(options: O) -> Self {
        Table {
            state: O::G::setup(2, &options).unwrap(),
        }
    }

    /// A position: `rows` as in [`Board::from_rows`], `to_play` about to throw.
    fn at(options: O, rows: [&str; 5], to_play: Seat) -> Self {
        let board = Board::from_rows(&rows).unwrap();
        Table {
            state: State::from_board(options, board, to_play).unwrap(),
        }
    }

    fn check(&self) {
        O::G::check_invariants(&self.state).unwrap();
    }

    fn to_play(&self) -> Seat {
        self.state.to_play()
    }

    /// Supplies the values of the pending throw.
    fn throw(&mut self, dice: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        O::G::apply_chance(&mut self.state, dice, &mut events).unwrap();
        self.check();
        events
    }

    /// The player to play takes `action`, which must be listed and accepted.
    fn act(&mut self, action: Action) -> Vec<Event> {
        let seat = self.to_play();
        assert!(
            self.legal().contains(&action),
            "{action:?} is not listed: {:?}",
            self.legal()
        );
        let mut events = Vec::new();
        O::G::apply(&mut self.state, seat, &action, &mut events).unwrap();
        self.check();
        events
    }

    /// `seat` tries `action`, which must be refused without changing anything.
    fn refuse(&mut self, seat: Seat, action: Action) -> ActionError {
        assert!(seat != self.to_play() || !self.legal().contains(&action));
        let before = self.state.clone();
        let mut events = Vec::new();
        let error = O::G::apply(&mut self.state, seat, &action, &mut events).unwrap_err();
        assert_eq!(self.state, before, "a refused action changed the state");
        assert!(events.is_empty(), "a refused action produced events");
        error
    }

    /// The player to play tries `action`; returns the reason it is illegal.
    fn illegal(&mut self, action: Action) -> String {
        match self.refuse(self.to_play(), action) {
            ActionError::Illegal(reason) => reason.into_owned(),
            other => panic!("{action:?} refused with {other:?}, not as illegal"),
        }
    }

    fn turn(&self) -> Turn {
        O::G::turn(&self.state)
    }

    fn legal(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        O::G::legal_actions(&self.state, self.to_play(), &mut actions);
        actions
    }

    /// The cells listed for a placement, sorted.
    fn placements(&self) -> Vec<(u8, u8)> {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Place { row, col } => Some((*row, *col)),
                _ => None,
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    /// The cells listed for a Yam Predator removal, sorted.
    fn removals(&self) -> Vec<(u8, u8)> {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Remove { row, col } => Some((*row, *col)),
                _ => None,
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    /// The re-throws listed, as face lists.
    fn rerolls(&self) -> BTreeSet<Vec<u8>> {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Reroll { faces } => Some(faces.as_slice().to_vec()),
                _ => None,
            })
            .collect()
    }

    /// The listed actions that are neither re-throws nor placements nor removals.
    fn other_actions(&self) -> Vec<Action> {
        self.legal()
            .into_iter()
            .filter(|a| {
                !matches!(
                    a,
                    Action::Reroll { .. } | Action::Place { .. } | Action::Remove { .. }
                )
            })
            .collect()
    }

    fn outcome_ranks(&self) -> Vec<(Seat, usize, i64)> {
        O::G::outcome(&self.state)
            .unwrap()
            .ranking
            .iter()
            .map(|p| (p.seat, p.rank, p.score))
            .collect()
    }

    fn outcome_reason(&self) -> String {
        O::G::outcome(&self.state).unwrap().reason.into_owned()
    }

    fn view(&self) -> View<O> {
        O::G::view(&self.state, Some(self.to_play()))
    }
}

fn reroll(faces: &[u8]) -> Action {
    Action::Reroll {
        faces: Faces::from_slice(faces).unwrap(),
    }
}

fn faces(values: &[u8]) -> Faces {
    Faces::from_slice(values).unwrap()
}

fn place(row: u8, col: u8) -> Action {
    Action::Place { row, col }
}

fn remove(row: u8, col: u8) -> Action {
    Action::Remove { row, col }
}

fn appel(combination: Major) -> Action {
    Action::Appel { combination }
}

/// The cells bearing each label, read off the printed grid of §1 (and of the original rules, text 000):
///
/// ```text
///  1      3      APPEL  4      6
///  2      CARRÉ  SEC    FULL   5
///  SMALL  FULL   YAM    APPEL  QUINTE
///  6      SEC    QUINTE SMALL  1
///  3      2      CARRÉ  5      4
/// ```
const PRINTED_GRID: [[&str; 5]; 5] = [
    ["1", "3", "APPEL", "4", "6"],
    ["2", "CARRE", "SEC", "FULL", "5"],
    ["SMALL", "FULL", "YAM", "APPEL", "QUINTE"],
    ["6", "SEC", "QUINTE", "SMALL", "1"],
    ["3", "2", "CARRE", "5", "4"],
];

/// The cells of the printed grid bearing any of `labels`.
fn cells_of(labels: &[&str]) -> Vec<(u8, u8)> {
    let mut cells = Vec::new();
    for (row, line) in (0u8..).zip(PRINTED_GRID) {
        for (col, label) in (0u8..).zip(line) {
            if labels.contains(&label) {
                cells.push((row, col));
            }
        }
    }
    cells
}

// ---------------------------------------------------------------------------------------------
// §2 Common core.
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_01_two_players_twelve_pawns_each_empty_grid_seat_0_throws_first() {
    for seats in [1, 3] {
        assert_eq!(
            Linotte::setup(seats, &Options::default()),
            Err(SetupError::SeatCount {
                game: "linotte",
                seats,
                min: 2,
                max: 2
            })
        );
        assert!(YamMaster::setup(seats, &YamMasterOptions::default()).is_err());
    }
    let table = linotte();
    assert_eq!(
        table.turn(),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    assert_eq!(table.state.to_play(), 0);
    assert_eq!(*table.state.board(), Board::EMPTY);
    for seat in 0..2 {
        assert_eq!(table.state.reserve(seat), 12);
        assert_eq!(table.state.removed(seat), 0);
    }
    let table = yam_master();
    assert_eq!(table.state.to_play(), 0);
    assert_eq!(table.state.reserve(1), 12);
}

#[test]
fn rule_01_turns_alternate() {
    let mut table = linotte();
    table.throw(&[1, 2, 4, 5, 6]);
    assert_eq!(
        table.act(Action::Pass),
        [Event::Passed { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
    assert_eq!(
        table.turn(),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    table.throw(&[1, 2, 4, 5, 6]);
    assert_eq!(table.turn(), Turn::Seat { seat: 1 });
    table.act(Action::Pass);
    assert_eq!(table.to_play(), 0);
}

#[test]
fn rule_02_the_first_throw_is_a_chance_step_of_all_five_dice() {
    let mut table = linotte();
    let events = table.throw(&[6, 2, 4, 1, 5]);
    assert_eq!(
        events,
        [Event::DiceThrown {
            seat: 0,
            throw: 1,
            values: faces(&[6, 2, 4, 1, 5]),
            dice: [1, 2, 4, 5, 6],
        }]
    );
    assert_eq!(table.state.dice(), [1, 2, 4, 5, 6]);
    assert_eq!(table.state.throws(), 1);
    assert_eq!(table.turn(), Turn::Seat { seat: 0 });
}

#[test]
fn rule_02_any_non_empty_subset_may_be_thrown_again_even_dice_kept_before() {
    let mut table = linotte();
    table.throw(&[1, 2, 4, 5, 6]);
    // Five different faces: every non-empty subset, 2^5 - 1 of them.
    assert_eq!(table.rerolls().len(), 31);
    assert_eq!(
        table.act(reroll(&[2, 6])),
        [Event::Rerolled {
            seat: 0,
            faces: faces(&[2, 6])
        }]
    );
    assert_eq!(
        table.turn(),
        Turn::Chance {
            chance: Chance::Dice { count: 2 }
        }
    );
    assert_eq!(
        table.throw(&[4, 1]),
        [Event::DiceThrown {
            seat: 0,
            throw: 2,
            values: faces(&[4, 1]),
            dice: [1, 1, 4, 4, 5],
        }]
    );
    // The 5 was kept on throw 2; it may still be thrown again on throw 3.
    assert!(table.rerolls().contains(&vec![5]));
    table.act(reroll(&[1, 5]));
    table.throw(&[4, 4]);
    assert_eq!(table.state.dice(), [1, 4, 4, 4, 4]);
    assert_eq!(table.state.throws(), 3);
}

#[test]
fn rule_02_after_the_third_throw_the_player_must_stop() {
    let mut table = linotte();
    table.throw(&[1, 2, 4, 5, 6]);
    table.act(reroll(&[1, 2, 4, 5, 6]));
    table.throw(&[1, 2, 4, 5, 6]);
    table.act(reroll(&[6]));
    table.throw(&[6]);
    assert!(table.rerolls().is_empty());
    assert_eq!(table.legal(), [Action::Pass]);
    assert_eq!(
        table.illegal(reroll(&[1])),
        "no throw left: the third throw is the last"
    );
}

#[test]
fn rule_02_re_throws_are_named_by_their_faces_in_ascending_order() {
    let mut table = linotte();
    table.throw(&[4, 2, 4, 6, 5]);
    // Two 4s: throwing one of them again is one decision, [4].
    let rerolls = table.rerolls();
    assert_eq!(rerolls.len(), 2 * 3 * 2 * 2 - 1);
    assert!(rerolls.contains(&vec![4]) && rerolls.contains(&vec![4, 4]));
    assert_eq!(
        serde_json::to_value(reroll(&[2, 4])).unwrap(),
        json!({"type": "reroll", "faces": [2, 4]})
    );
    assert_eq!(
        table.illegal(reroll(&[4, 2])),
        "list the faces to throw again in ascending order"
    );
    assert_eq!(
        table.illegal(reroll(&[3])),
        "the dice do not show these faces"
    );
    assert_eq!(
        table.illegal(reroll(&[4, 4, 4])),
        "the dice do not show these faces"
    );
    assert_eq!(
        table.illegal(reroll(&[])),
        "choose at least one die to throw again"
    );
    assert_eq!(
        table.illegal(reroll(&[0])),
        "a die shows a face from 1 to 6"
    );
    assert_eq!(
        table.illegal(reroll(&[9])),
        "a die shows a face from 1 to 6"
    );
}

#[test]
fn rule_03_brelan_full_carre_yam_quinte_small() {
    let made = |dice: [u8; 5]| combinations(&dice).iter().collect::<Vec<_>>();
    use Combination::*;
    assert_eq!(made([4, 4, 4, 2, 1]), [Brelan4]);
    // Seed 000's brelan example; the sum is 10, so no Small.
    assert_eq!(made([2, 2, 2, 1, 3]), [Brelan2]);
    assert_eq!(made([3, 3, 3, 2, 2]), [Brelan3, Full]);
    assert_eq!(made([5, 5, 5, 1, 1]), [Brelan5, Full]);
    assert_eq!(made([4, 4, 4, 4, 1]), [Brelan4, Carre]);
    assert_eq!(made([4, 4, 4, 4, 4]), [Brelan4, Full, Carre, Yam]);
    assert_eq!(made([1, 2, 3, 4, 5]), [Quinte]);
    assert_eq!(made([6, 5, 4, 3, 2]), [Quinte]);
    assert_eq!(made([1, 2, 3, 4, 6]), []);
    assert_eq!(made([3, 2, 1, 1, 1]), [Brelan1, Small]);
    assert_eq!(made([1, 1, 1, 2, 4]), [Brelan1]);
    assert_eq!(made([2, 2, 1, 1, 2]), [Brelan2, Full, Small]);
}

#[test]
fn rule_03_small_is_a_sum_of_at_most_8() {
    assert!(combinations(&[1, 1, 2, 2, 2]).contains(Combination::Small));
    assert!(combinations(&[1, 1, 1, 2, 3]).contains(Combination::Small));
    assert!(!combinations(&[1, 1, 1, 3, 3]).contains(Combination::Small));
    assert!(!combinations(&[1, 1, 2, 2, 3]).contains(Combination::Small));
}

/// The combinations of five dice, recomputed from the rule text on the sorted dice.
fn expected_combinations(dice: [u8; 5]) -> BTreeSet<Combination> {
    let mut s = dice;
    s.sort_unstable();
    let mut set = BTreeSet::new();
    for face in 1..=6 {
        if s.iter().filter(|d| **d == face).count() >= 3 {
            set.insert(Combination::brelan(face).unwrap());
        }
    }
    let three_two = s[0] == s[2] && s[3] == s[4];
    let two_three = s[0] == s[1] && s[2] == s[4];
    if three_two || two_three {
        set.insert(Combination::Full);
    }
    if s[0] == s[3] || s[1] == s[4] {
        set.insert(Combination::Carre);
    }
    if s[0] == s[4] {
        set.insert(Combination::Yam);
    }
    if s == [1, 2, 3, 4, 5] || s == [2, 3, 4, 5, 6] {
        set.insert(Combination::Quinte);
    }
    if s.iter().map(|d| u32::from(*d)).sum::<u32>() <= 8 {
        set.insert(Combination::Small);
    }
    set
}

/// Every throw of five dice, in die order.
fn every_throw() -> impl Iterator<Item = [u8; 5]> {
    (0..6usize.pow(5)).map(|mut n| {
        let mut dice = [0; 5];
        for die in &mut dice {
            *die = (n % 6) as u8 + 1;
            n /= 6;
        }
        dice
    })
}

#[test]
fn rule_03_exhaustive_every_throw_makes_exactly_the_combinations_of_the_rules() {
    let mut fulls = 0;
    for dice in every_throw() {
        let made: BTreeSet<Combination> = combinations(&dice).iter().collect();
        assert_eq!(made, expected_combinations(dice), "{dice:?}");
        fulls += usize::from(made.contains(&Combination::Full));
    }
    // 300 ordered throws are a strict three-and-two, 6 are a Yam.
    assert_eq!(fulls, 306);
}

#[test]
fn rule_03_sec_is_a_major_on_the_first_throw_stopping_there() {
    let mut table = linotte();
    table.throw(&[2, 3, 4, 5, 6]);
    assert_eq!(
        table.placements(),
        cells_of(&["QUINTE", "SEC"]),
        "a first-throw Quinte"
    );
    let mut table = linotte();
    table.throw(&[2, 2, 2, 1, 3]);
    // A brelan is not major: no Sec. (The sum, 10, is not Small.)
    assert_eq!(table.placements(), cells_of(&["2"]));
}

#[test]
fn rule_04_the_player_picks_one_of_several_combinations() {
    // Seed 000's example: with 1-1-1-1-1, the Yam, Small, Carré or Full cell (and here a
    // first-throw Sec, and the brelan of 1s).
    let mut table = linotte();
    table.throw(&[1, 1, 1, 1, 1]);
    let choices = cells_of(&["1", "FULL", "CARRE", "YAM", "SMALL", "SEC"]);
    assert_eq!(choices.len(), 11);
    assert_eq!(table.placements(), choices);
    let events = table.act(place(2, 0));
    assert_eq!(
        events[0],
        Event::Placed {
            seat: 0,
            row: 2,
            col: 0,
            combination: Combination::Small,
            reserve: 11,
            points: 0,
        }
    );
}

#[test]
fn rule_05_a_pawn_goes_on_a_free_cell_of_a_satisfied_combination() {
    let mut table = Table::at(
        Options::default(),
        ["0....", ".....", ".....", ".....", "....."],
        1,
    );
    table.throw(&[1, 1, 1, 5, 6]);
    // Brelan of 1s: the cells "1" are (0,0), taken, and (3,4).
    assert_eq!(table.placements(), [(3, 4)]);
    assert_eq!(table.illegal(place(0, 0)), "this cell is already taken");
    assert_eq!(
        table.illegal(place(0, 1)),
        "the dice do not make this cell's combination"
    );
    assert_eq!(
        table.illegal(place(5, 0)),
        "no such cell: rows and columns go from 0 to 4"
    );
    assert_eq!(
        table.illegal(place(0, 255)),
        "no such cell: rows and columns go from 0 to 4"
    );
    table.act(place(3, 4));
    assert_eq!(
        table.state.board().rows(),
        ["0....", ".....", ".....", "....1", "....."]
    );
    assert_eq!(table.state.reserve(1), 11);
}

#[test]
fn rule_05_placing_is_never_compulsory() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 2]);
    assert!(!table.placements().is_empty());
    assert!(table.legal().contains(&Action::Pass));
    assert_eq!(
        table.act(Action::Pass),
        [Event::Passed { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
    assert_eq!(*table.state.board(), Board::EMPTY);
    assert_eq!(table.state.reserve(0), 12);
}

#[test]
fn rule_05_a_sec_goes_on_a_sec_cell_or_on_the_major_obtained() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 2]);
    assert_eq!(table.placements(), cells_of(&["3", "FULL", "SEC"]));
    let events = table.act(place(3, 1));
    assert_eq!(
        events[0],
        Event::Placed {
            seat: 0,
            row: 3,
            col: 1,
            combination: Combination::Sec,
            reserve: 11,
            points: 0,
        }
    );
}

#[test]
fn rule_05_at_most_one_pawn_per_turn() {
    let mut table = linotte();
    table.throw(&[5, 5, 5, 5, 5]);
    let events = table.act(place(2, 2));
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
    assert_eq!(
        table.turn(),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    assert_eq!(
        table.refuse(0, place(1, 4)),
        ActionError::NotYourTurn,
        "no second pawn"
    );
}

#[test]
fn rule_06_with_nothing_satisfied_the_turn_passes() {
    let mut table = linotte();
    table.throw(&[1, 2, 4, 5, 6]);
    table.act(reroll(&[1, 2, 4, 5, 6]));
    table.throw(&[6, 5, 4, 2, 1]);
    table.act(reroll(&[6]));
    table.throw(&[6]);
    assert_eq!(table.legal(), [Action::Pass]);
    assert_eq!(
        table.act(Action::Pass),
        [Event::Passed { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
}

#[test]
fn rule_06_declining_a_placement_passes_the_turn_too() {
    let mut table = yam_master();
    table.throw(&[6, 6, 6, 6, 6]);
    table.act(Action::Pass);
    assert_eq!(table.to_play(), 1);
    assert_eq!(*table.state.board(), Board::EMPTY);
}

// ---------------------------------------------------------------------------------------------
// Rule 7 and §6: alignment scoring.
// ---------------------------------------------------------------------------------------------

/// The points of seat 0 when it holds exactly `cells`.
fn points_of(cells: &[(usize, usize)], scoring: Scoring) -> i64 {
    let mut rows = [['.'; 5]; 5];
    for (row, col) in cells {
        rows[*row][*col] = '0';
    }
    let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    Board::from_rows(&rows).unwrap().points(0, scoring)
}

const MAXIMAL: Scoring = Scoring::MaximalRuns;

#[test]
fn section_6_three_in_a_row_scores_1() {
    assert_eq!(points_of(&[(0, 0), (0, 1), (0, 2)], MAXIMAL), 1);
}

#[test]
fn section_6_four_in_a_row_scores_2_not_3() {
    assert_eq!(points_of(&[(0, 0), (0, 1), (0, 2), (0, 3)], MAXIMAL), 2);
}

#[test]
fn section_6_five_in_a_row_scores_3_in_la_linotte() {
    let row = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)];
    assert_eq!(points_of(&row, MAXIMAL), 3);
}

#[test]
fn section_6_a_row_run_and_a_column_run_sharing_a_pawn_score_2() {
    let cells = [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)];
    assert_eq!(points_of(&cells, MAXIMAL), 2);
}

#[test]
fn section_6_two_runs_of_2_score_nothing() {
    assert_eq!(points_of(&[(0, 0), (0, 1), (0, 3), (0, 4)], MAXIMAL), 0);
}

#[test]
fn section_6_a_diagonal_of_3_counts() {
    assert_eq!(points_of(&[(2, 0), (3, 1), (4, 2)], MAXIMAL), 1);
}

#[test]
fn rule_07_a_run_scores_once_at_its_maximal_length() {
    // A run of 4 is not also two runs of 3; one of 5 is not two of 4 and three of 3.
    let column = [(0, 3), (1, 3), (2, 3), (3, 3)];
    assert_eq!(points_of(&column, MAXIMAL), 2);
    let diagonal = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)];
    assert_eq!(points_of(&diagonal, MAXIMAL), 3);
    let anti_diagonal_of_4 = [(1, 4), (2, 3), (3, 2), (4, 1)];
    assert_eq!(points_of(&anti_diagonal_of_4, MAXIMAL), 2);
}

#[test]
fn rule_07_lines_are_independent_and_a_pawn_may_count_in_several() {
    // A plus sign: the centre row and the centre column, each a run of 3 through (2,2).
    let plus = [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)];
    assert_eq!(points_of(&plus, MAXIMAL), 2);
    // A 3×3 square: 3 rows, 3 columns, 2 diagonals of 3 (each inside a longer line).
    let square: Vec<(usize, usize)> = (1..4).flat_map(|r| (1..4).map(move |c| (r, c))).collect();
    assert_eq!(points_of(&square, MAXIMAL), 8);
}

#[test]
fn rule_07_the_opponent_breaks_a_run() {
    let board = Board::from_rows(&["00100", ".....", ".....", ".....", "....."]).unwrap();
    assert_eq!(board.points(0, MAXIMAL), 0);
    let board = Board::from_rows(&["0001.", ".....", ".....", ".....", "....."]).unwrap();
    assert_eq!(board.points(0, MAXIMAL), 1);
}

/// Every line of three cells or more, found by walking the grid (not from the crate's table).
fn walked_lines() -> Vec<Vec<(usize, usize)>> {
    let inside = |r: i32, c: i32| (0..5).contains(&r) && (0..5).contains(&c);
    let mut lines = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..5 {
            for c in 0..5 {
                if inside(r - dr, c - dc) {
                    continue; // not the start of a line
                }
                let mut line = Vec::new();
                let (mut rr, mut cc) = (r, c);
                while inside(rr, cc) {
                    line.push((rr as usize, cc as usize));
                    rr += dr;
                    cc += dc;
                }
                if line.len() >= 3 {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// Rule 7 recomputed from text: each line as a string of owners, split into runs.
fn expected_points(rows: &[String], seat: char, all_windows: bool) -> i64 {
    walked_lines()
        .iter()
        .map(|line| {
            let text: String = line
                .iter()
                .map(|(r, c)| rows[*r].as_bytes()[*c] as char)
                .collect();
            text.split(|ch| ch != seat)
                .map(|run| match (run.len(), all_windows) {
                    (3, _) => 1,
                    (4, false) => 2,
                    (5, false) => 3,
                    // Windows: 3-runs 1 point each, 4-runs 2, 5-runs 3.
                    (4, true) => 2 + 2,
                    (5, true) => 3 + 2 * 2 + 3,
                    _ => 0,
                })
                .sum::<i64>()
        })
        .sum()
}

#[test]
fn rule_07_there_are_twenty_lines() {
    assert_eq!(walked_lines().len(), 20);
    assert_eq!(tapis_games::linotte::LINES.len(), 20);
}

proptest! {
    #[test]
    fn rule_07_scoring_matches_the_rule_on_random_grids(
        cells in proptest::collection::vec(0u8..3, 25),
    ) {
        let rows: Vec<String> = cells
            .chunks(5)
            .map(|row| row.iter().map(|c| ['.', '0', '1'][usize::from(*c)]).collect())
            .collect();
        let board = Board::from_rows(&rows).unwrap();
        for (seat, symbol) in [(0, '0'), (1, '1')] {
            let maximal = expected_points(&rows, symbol, false);
            prop_assert_eq!(board.points(seat, Scoring::MaximalRuns), maximal);
            let windows = expected_points(&rows, symbol, true);
            prop_assert_eq!(board.points(seat, Scoring::AllWindows), windows);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rule 8 and the ends of the game (rules 11 and 15), on positions worked out by hand.
// ---------------------------------------------------------------------------------------------

/// Seat 0 has 11 pawns and a run of 3 on row 0 (1 point); seat 1 has 8 pawns and no run of 3.
/// Free: (0,3) "4", (1,2) SEC, (2,2) YAM, (3,2) QUINTE, (4,1) "2", (4,3) "5".
const LAST_PAWN: [&str; 5] = ["000.1", "11.00", "00.11", "11.00", "0.1.0"];

/// Seat 0 has a run of 4 on row 4 (2 points) and (4,4), a "4" cell, free; seat 1 has runs of
/// 4 on rows 0 and 1 (4 points).
const FOUR_IN_ROW_4: [&str; 5] = ["1111.", "1111.", ".....", ".....", "0000."];

/// Seat 0 has 11 pawns and seat 1 three, neither any run of 3; (4,0), a "3" cell, is free.
const TWELFTH_PAWN_DRAW: [&str; 5] = ["00.00", "00.00", "11..1", "0...0", "..0.."];

#[test]
fn rule_08_the_higher_total_wins() {
    let mut table = Table::at(Options::default(), LAST_PAWN, 0);
    assert_eq!((table.state.points(0), table.state.points(1)), (1, 0));
    assert_eq!(table.state.reserve(0), 1);
    table.throw(&[4, 4, 4, 1, 2]);
    assert_eq!(table.placements(), [(0, 3)]);
    // The twelfth pawn turns the run of 3 into a run of 4: 2 points.
    assert_eq!(
        table.act(place(0, 3)),
        [
            Event::Placed {
                seat: 0,
                row: 0,
                col: 3,
                combination: Combination::Brelan4,
                reserve: 0,
                points: 2,
            },
            Event::GameOver {
                reason: EndReason::NoPawnsLeft,
                winner: Some(0),
                points: [2, 0],
            },
        ]
    );
    assert_eq!(table.outcome_ranks(), [(0, 1, 2), (1, 2, 0)]);
    assert_eq!(table.outcome_reason(), "no_pawns_left");
}

#[test]
fn rule_08_equal_totals_are_a_draw() {
    let mut table = Table::at(Options::default(), TWELFTH_PAWN_DRAW, 0);
    table.throw(&[3, 3, 3, 1, 2]);
    assert_eq!(table.placements(), [(4, 0)]);
    let events = table.act(place(4, 0));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            reason: EndReason::NoPawnsLeft,
            winner: None,
            points: [0, 0],
        })
    );
    assert_eq!(table.outcome_ranks(), [(0, 1, 0), (1, 1, 0)]);
}

#[test]
fn rule_11_five_in_a_row_ends_la_linotte_and_scores_3_without_winning_by_itself() {
    let mut table = Table::at(Options::default(), FOUR_IN_ROW_4, 0);
    table.throw(&[4, 4, 4, 1, 2]);
    assert_eq!(table.placements(), [(4, 4)]);
    assert_eq!(
        table.act(place(4, 4)),
        [
            Event::Placed {
                seat: 0,
                row: 4,
                col: 4,
                combination: Combination::Brelan4,
                reserve: 7,
                points: 3,
            },
            Event::GameOver {
                reason: EndReason::FiveInARow,
                winner: Some(1),
                points: [3, 4],
            },
        ]
    );
    assert_eq!(table.turn(), Turn::Over);
    // Seat 1's two runs of 4 beat seat 0's five in a row.
    assert_eq!(table.outcome_ranks(), [(1, 1, 4), (0, 2, 3)]);
    assert_eq!(table.outcome_reason(), "five_in_a_row");
}

#[test]
fn rule_11_the_twelfth_pawn_ends_la_linotte() {
    let mut table = Table::at(Options::default(), TWELFTH_PAWN_DRAW, 0);
    assert_eq!(table.state.reserve(0), 1);
    table.throw(&[3, 3, 3, 1, 2]);
    let events = table.act(place(4, 0));
    assert_eq!(events.len(), 2, "placed, then game over: no next turn");
    assert_eq!(table.turn(), Turn::Over);
    assert_eq!(
        table.state.phase(),
        Phase::Over {
            reason: EndReason::NoPawnsLeft,
            winner: None
        }
    );
    assert_eq!(table.outcome_reason(), "no_pawns_left");
}

#[test]
fn rule_15_five_in_a_row_wins_yam_master_at_once_whatever_the_points() {
    let mut table = Table::at(YamMasterOptions::default(), FOUR_IN_ROW_4, 0);
    table.throw(&[4, 4, 4, 1, 2]);
    let events = table.act(place(4, 4));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            reason: EndReason::FiveInARow,
            winner: Some(0),
            points: [3, 4],
        })
    );
    assert_eq!(table.outcome_ranks(), [(0, 1, 3), (1, 2, 4)]);
    assert_eq!(table.outcome_reason(), "five_in_a_row");
}

#[test]
fn rule_15_yam_master_ends_when_a_reserve_is_empty_even_after_a_removal() {
    let mut table = Table::at(YamMasterOptions::default(), TWELFTH_PAWN_DRAW, 1);
    table.throw(&[2, 2, 2, 2, 2]);
    table.act(remove(0, 0));
    assert_eq!(
        (table.state.reserve(0), table.state.board().count(0)),
        (1, 10)
    );
    assert_eq!(table.state.removed(0), 1);
    table.throw(&[3, 3, 3, 1, 2]);
    let events = table.act(place(4, 0));
    // Eleven pawns placed, one of them removed: the reserve is empty all the same.
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            reason: EndReason::NoPawnsLeft,
            winner: None,
            points: [0, 0],
        })
    );
    assert_eq!(table.outcome_reason(), "no_pawns_left");
}

// ---------------------------------------------------------------------------------------------
// §3 La Linotte: the Appel.
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_09_an_appel_names_a_major_and_must_be_followed_by_a_throw() {
    let mut table = linotte();
    table.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(
        table.act(appel(Major::Quinte)),
        [Event::AppelAnnounced {
            seat: 0,
            combination: Major::Quinte,
        }]
    );
    assert_eq!(
        table.state.challenge(),
        Some(Challenge::Appel {
            combination: Major::Quinte,
            after_sec: false
        })
    );
    // Only throws now: no stopping, placing or second challenge.
    assert!(table.other_actions().is_empty());
    assert!(table.placements().is_empty());
    assert_eq!(table.rerolls().len(), 31);
    let reason = "after announcing an Appel, throw again before stopping";
    assert_eq!(table.illegal(Action::Pass), reason);
    assert_eq!(table.illegal(place(0, 1)), reason);
    assert_eq!(
        table.illegal(appel(Major::Full)),
        "a single challenge per turn"
    );
    table.act(reroll(&[6]));
    table.throw(&[5]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "QUINTE"]));
    assert_eq!(
        table.act(place(0, 2)),
        [
            Event::ChallengeResolved {
                seat: 0,
                succeeded: true
            },
            Event::Placed {
                seat: 0,
                row: 0,
                col: 2,
                combination: Combination::Challenge,
                reserve: 11,
                points: 0,
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

#[test]
fn rule_09_a_successful_appel_may_also_place_on_any_cell_the_dice_make() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(appel(Major::Full));
    table.act(reroll(&[1]));
    table.throw(&[2]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "FULL", "3"]));
    let events = table.act(place(4, 0));
    assert_eq!(
        events[1],
        Event::Placed {
            seat: 0,
            row: 4,
            col: 0,
            combination: Combination::Brelan3,
            reserve: 11,
            points: 0,
        }
    );
}

#[test]
fn rule_09_an_appel_met_on_throw_2_may_still_throw_a_third_time() {
    let mut table = linotte();
    table.throw(&[1, 2, 3, 4, 6]);
    table.act(appel(Major::Quinte));
    table.act(reroll(&[6]));
    table.throw(&[5]);
    assert!(table.legal().contains(&Action::Pass));
    assert_eq!(table.rerolls().len(), 31);
    // Throwing on and losing the Quinte fails the Appel.
    table.act(reroll(&[5]));
    table.throw(&[1]);
    assert_eq!(table.legal(), [Action::Pass]);
}

#[test]
fn rule_09_a_failed_appel_places_no_pawn() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(appel(Major::Carre));
    table.act(reroll(&[1, 2]));
    table.throw(&[6, 6]);
    // 3-3-3-6-6: a Full and a brelan of 3s, but not the Carré announced.
    assert!(table.placements().is_empty());
    assert_eq!(
        table.illegal(place(1, 3)),
        "the challenge failed: no pawn may be placed this turn"
    );
    table.act(reroll(&[6, 6]));
    table.throw(&[1, 2]);
    assert_eq!(table.legal(), [Action::Pass]);
    assert_eq!(
        table.act(Action::Pass),
        [
            Event::ChallengeResolved {
                seat: 0,
                succeeded: false
            },
            Event::Passed { seat: 0 },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

#[test]
fn rule_09_an_appel_is_announced_after_throw_1_and_before_throw_2_only() {
    let mut table = linotte();
    assert_eq!(
        table.refuse(0, appel(Major::Yam)),
        ActionError::NotYourTurn,
        "before throw 1 the dice must be thrown"
    );
    table.throw(&[1, 2, 3, 4, 6]);
    table.act(reroll(&[6]));
    table.throw(&[6]);
    assert_eq!(
        table.illegal(appel(Major::Yam)),
        "a challenge is taken after the first throw, before the second"
    );
}

#[test]
fn rule_10_an_appel_after_a_sec_must_throw_again_a_die_of_the_combination() {
    let mut table = linotte();
    table.throw(&[2, 2, 2, 2, 5]);
    table.act(appel(Major::Full));
    assert_eq!(
        table.state.challenge(),
        Some(Challenge::Appel {
            combination: Major::Full,
            after_sec: true
        })
    );
    // At least one 2 of the Carré goes back in the air; the 5 may go too.
    let expected: BTreeSet<Vec<u8>> = [
        vec![2],
        vec![2, 2],
        vec![2, 2, 2],
        vec![2, 2, 2, 2],
        vec![2, 5],
        vec![2, 2, 5],
        vec![2, 2, 2, 5],
        vec![2, 2, 2, 2, 5],
    ]
    .into();
    assert_eq!(table.rerolls(), expected);
    assert_eq!(
        table.illegal(reroll(&[5])),
        "this challenge follows a major on the first throw: throw again at least one die of \
         the Carré"
    );
    table.act(reroll(&[2, 5]));
    table.throw(&[5, 5]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "FULL", "2"]));
}

#[test]
fn rule_10_the_announced_major_may_be_the_one_already_made() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 2]);
    table.act(appel(Major::Full));
    // A Full needs all five dice: any re-throw breaks it, so every one is allowed.
    assert_eq!(table.rerolls().len(), 3 * 4 - 1);
    table.act(reroll(&[2]));
    table.throw(&[2]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "FULL", "3"]));
}

#[test]
fn rule_10_the_announced_major_may_differ_from_the_one_made() {
    let mut table = linotte();
    table.throw(&[3, 3, 3, 2, 2]);
    table.act(appel(Major::Carre));
    table.act(reroll(&[2, 2]));
    table.throw(&[3, 6]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "CARRE", "3"]));
}

// ---------------------------------------------------------------------------------------------
// §4 Yam Master: the Défi, the Sec, the Yam Predator.
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_12_a_defi_names_nothing_and_any_major_meets_it() {
    let mut table = yam_master();
    table.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(table.other_actions(), [Action::Pass, Action::Defi]);
    assert_eq!(table.act(Action::Defi), [Event::DefiDeclared { seat: 0 }]);
    assert_eq!(
        table.state.challenge(),
        Some(Challenge::Defi { after_sec: false })
    );
    assert!(table.other_actions().is_empty());
    assert_eq!(
        table.illegal(Action::Pass),
        "after taking up the Défi, throw again before stopping"
    );
    table.act(reroll(&[1, 2, 3]));
    table.throw(&[4, 4, 4]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "CARRE", "4"]));
    assert_eq!(
        table.act(place(2, 3)),
        [
            Event::ChallengeResolved {
                seat: 0,
                succeeded: true
            },
            Event::Placed {
                seat: 0,
                row: 2,
                col: 3,
                combination: Combination::Challenge,
                reserve: 11,
                points: 0,
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

#[test]
fn rule_12_a_brelan_does_not_meet_the_defi() {
    let mut table = yam_master();
    table.throw(&[1, 2, 3, 4, 6]);
    table.act(Action::Defi);
    table.act(reroll(&[1, 2]));
    table.throw(&[4, 4]);
    assert!(table.placements().is_empty());
    assert_eq!(
        table.illegal(place(0, 3)),
        "the challenge failed: no pawn may be placed this turn"
    );
    table.act(reroll(&[3, 6]));
    table.throw(&[5, 5]);
    // 4-4-4-5-5: a Full on throw 3 meets the Défi.
    assert_eq!(table.placements(), cells_of(&["APPEL", "FULL", "4"]));
}

#[test]
fn rule_12_the_games_keep_their_own_challenge() {
    let mut table = yam_master();
    table.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(
        table.illegal(appel(Major::Full)),
        "Yam Master has no Appel: take up the Défi"
    );
    let mut table = linotte();
    table.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(
        table.illegal(Action::Defi),
        "La Linotte has no Défi: announce an Appel"
    );
}

#[test]
fn rule_13_a_yam_master_sec_is_a_first_throw_major() {
    let mut table = yam_master();
    table.throw(&[2, 1, 2, 1, 2]);
    // Sum 8: ≤8, a Full and a brelan of 2s, on the first throw: a Sec too.
    assert_eq!(table.placements(), cells_of(&["2", "FULL", "SMALL", "SEC"]));
    let view = table.view();
    assert_eq!(view.grid[2][0].label, "≤8");
    assert_eq!(view.grid[1][2].label, "Sec");
    assert_eq!(
        view.combinations,
        [
            Combination::Brelan2,
            Combination::Full,
            Combination::Small,
            Combination::Sec
        ]
    );
}

/// Seat 1 has a diagonal run of 3, (0,0) (1,1) (2,2); seat 0 a pawn at (0,1).
const PREDATOR: [&str; 5] = ["10...", ".1...", "..1..", ".....", "....."];

#[test]
fn rule_14_a_yam_may_remove_an_opponent_pawn_instead_of_placing() {
    let mut table = Table::at(YamMasterOptions::default(), PREDATOR, 0);
    table.throw(&[5, 5, 5, 5, 5]);
    assert_eq!(
        table.placements(),
        [(1, 2), (1, 3), (1, 4), (2, 1), (3, 1), (4, 2), (4, 3)]
    );
    assert_eq!(table.removals(), [(0, 0), (1, 1), (2, 2)]);
    assert_eq!(table.state.points(1), 1);
    assert_eq!(
        table.act(remove(1, 1)),
        [
            Event::PawnRemoved {
                seat: 0,
                owner: 1,
                row: 1,
                col: 1,
                returned: false,
                owner_points: 0,
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(
        table.state.board().rows(),
        ["10...", ".....", "..1..", ".....", "....."]
    );
    // Out of the game (ambiguity Y3): not back in the reserve.
    assert_eq!((table.state.reserve(1), table.state.removed(1)), (9, 1));
    assert_eq!(table.state.reserve(0), 11, "the remover placed nothing");
}

#[test]
fn rule_14_the_predator_needs_a_yam_and_an_opponent_pawn() {
    let mut table = Table::at(YamMasterOptions::default(), PREDATOR, 0);
    table.throw(&[5, 5, 5, 5, 6]);
    assert!(table.removals().is_empty());
    assert_eq!(table.illegal(remove(0, 0)), "the Yam Predator needs a Yam");
    table.act(reroll(&[6]));
    table.throw(&[5]);
    // An ordinary Yam (throw 2) may remove too, but only an opponent pawn.
    assert_eq!(table.removals(), [(0, 0), (1, 1), (2, 2)]);
    let reason = "the Yam Predator removes an opponent pawn: there is none here";
    assert_eq!(table.illegal(remove(0, 1)), reason);
    assert_eq!(table.illegal(remove(3, 3)), reason);
    assert_eq!(
        table.illegal(remove(7, 7)),
        "no such cell: rows and columns go from 0 to 4"
    );
}

#[test]
fn rule_14_the_predator_follows_a_defi_too() {
    let mut table = Table::at(YamMasterOptions::default(), PREDATOR, 0);
    table.throw(&[1, 2, 3, 4, 6]);
    table.act(Action::Defi);
    table.act(reroll(&[1, 2, 3, 4]));
    table.throw(&[6, 6, 6, 6]);
    assert_eq!(table.removals(), [(0, 0), (1, 1), (2, 2)]);
    let events = table.act(remove(2, 2));
    assert_eq!(
        events[0],
        Event::ChallengeResolved {
            seat: 0,
            succeeded: true
        }
    );
}

#[test]
fn rule_14_la_linotte_has_no_predator() {
    let mut table = Table::at(Options::default(), PREDATOR, 0);
    table.throw(&[5, 5, 5, 5, 5]);
    assert!(table.removals().is_empty());
    assert_eq!(
        table.illegal(remove(0, 0)),
        "La Linotte has no Yam Predator"
    );
}

// ---------------------------------------------------------------------------------------------
// §5 Ambiguities.
// ---------------------------------------------------------------------------------------------

#[test]
fn ambiguity_g1_yam_master_uses_the_linotte_grid_with_three_labels_renamed() {
    let linotte = linotte().view();
    let yam_master = yam_master().view();
    fn renamed(label: &str) -> &str {
        match label {
            "APPEL" => "Défi",
            "SMALL" => "≤8",
            "QUINTE" => "Suite",
            other => other,
        }
    }
    let printed = |label: &str| match label {
        "APPEL" => "Appel".to_owned(),
        "CARRE" => "Carré".to_owned(),
        "FULL" | "SEC" | "SMALL" | "QUINTE" | "YAM" => {
            let mut name = label.to_lowercase();
            name[..1].make_ascii_uppercase();
            name
        }
        digit => digit.to_owned(),
    };
    for (row, line) in PRINTED_GRID.iter().enumerate() {
        for (col, label) in line.iter().enumerate() {
            let (l, y) = (&linotte.grid[row][col], &yam_master.grid[row][col]);
            assert_eq!((l.row, l.col), (row as u8, col as u8));
            assert_eq!(l.combination, y.combination);
            assert_eq!(l.label, printed(label), "({row},{col})");
            assert_eq!(y.label, printed(renamed(label)), "({row},{col})");
            assert_eq!(l.owner, None);
        }
    }
}

#[test]
fn ambiguity_g2_a_yam_counts_as_a_full_a_carre_and_a_brelan() {
    let mut table = linotte();
    table.throw(&[6, 6, 6, 6, 1]);
    table.act(reroll(&[1]));
    table.throw(&[6]);
    assert_eq!(table.placements(), cells_of(&["6", "FULL", "CARRE", "YAM"]));
}

#[test]
fn ambiguity_g2_a_yam_of_1s_is_also_small_and_no_other_yam_is() {
    assert!(combinations(&[1; 5]).contains(Combination::Small));
    for face in 2..=6 {
        assert!(!combinations(&[face; 5]).contains(Combination::Small));
    }
}

#[test]
fn ambiguity_g3_four_of_a_kind_and_a_single_is_not_a_full() {
    assert_eq!(
        combinations(&[6, 6, 6, 6, 2]).iter().collect::<Vec<_>>(),
        [Combination::Brelan6, Combination::Carre]
    );
    let mut table = linotte();
    table.throw(&[6, 6, 2, 6, 6]);
    assert_eq!(table.placements(), cells_of(&["6", "CARRE", "SEC"]));
    assert_eq!(
        table.illegal(place(1, 3)),
        "the dice do not make this cell's combination"
    );
}

#[test]
fn ambiguity_g4_only_maximal_runs_score() {
    let run_of_4 = [(4, 0), (4, 1), (4, 2), (4, 3)];
    assert_eq!(points_of(&run_of_4, Scoring::MaximalRuns), 2);
    let linotte = Table::at(Options::default(), FOUR_IN_ROW_4, 0);
    assert_eq!((linotte.state.points(0), linotte.state.points(1)), (2, 4));
}

#[test]
fn ambiguity_g5_a_sec_is_made_on_the_first_throw_only() {
    let mut table = linotte();
    table.throw(&[1, 2, 3, 4, 6]);
    table.act(reroll(&[6]));
    table.throw(&[5]);
    assert_eq!(table.placements(), cells_of(&["QUINTE"]));
    assert_eq!(
        table.illegal(place(1, 2)),
        "a Sec cell needs a major combination on the first throw, stopping there"
    );
    // A first-throw major thrown again and made again is no Sec either.
    let mut table = yam_master();
    table.throw(&[5, 5, 5, 5, 5]);
    table.act(reroll(&[5]));
    table.throw(&[5]);
    assert!(!table.placements().contains(&(1, 2)));
}

#[test]
fn ambiguity_l1_an_appel_names_one_of_the_five_majors() {
    let mut table = linotte();
    table.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(
        table.other_actions(),
        [
            Action::Pass,
            appel(Major::Full),
            appel(Major::Quinte),
            appel(Major::Carre),
            appel(Major::Small),
            appel(Major::Yam),
        ]
    );
    assert_eq!(
        serde_json::to_value(appel(Major::Quinte)).unwrap(),
        json!({"type": "appel", "combination": "quinte"})
    );
    // A brelan is no major: it cannot even be written as an Appel.
    let mut any =
        tapis_games::AnyState::setup(tapis_games::GameId::Linotte, 2, &json!({})).unwrap();
    any.chance_json(&[1, 2, 3, 4, 6]).unwrap();
    let error = any
        .act_json(0, &json!({"type": "appel", "combination": "brelan_3"}))
        .unwrap_err();
    assert!(matches!(error, ActionError::Malformed(_)), "{error:?}");
    let events = any
        .act_json(0, &json!({"type": "appel", "combination": "small"}))
        .unwrap();
    assert_eq!(
        events,
        [json!({"type": "appel_announced", "seat": 0, "combination": "small"})]
    );
}

#[test]
fn ambiguity_l2_an_appel_after_a_sec_needs_the_announced_major() {
    let script = |table: &mut Table<Options>| {
        table.throw(&[3, 3, 3, 2, 2]);
        table.act(appel(Major::Carre));
        table.act(reroll(&[2, 2, 3, 3, 3]));
        table.throw(&[4, 4, 4, 1, 1]);
    };
    // A Full again, not the Carré announced: failed.
    let mut table = linotte();
    script(&mut table);
    assert!(table.placements().is_empty());
    // Option `appel_after_sec_any_major`: any major will do after a Sec.
    let mut table = Table::new(Options {
        appel_after_sec_any_major: true,
        ..Options::default()
    });
    script(&mut table);
    assert_eq!(table.placements(), cells_of(&["APPEL", "FULL", "4"]));
    assert_eq!(table.view().challenge_met, Some(true));
}

#[test]
fn ambiguity_l2_the_any_major_option_needs_a_sec_before_the_appel() {
    let mut table = Table::new(Options {
        appel_after_sec_any_major: true,
        ..Options::default()
    });
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(appel(Major::Carre));
    table.act(reroll(&[1]));
    table.throw(&[2]);
    // A Full, but throw 1 held no major: the Carré announced was needed.
    assert!(table.placements().is_empty());
    assert_eq!(table.view().challenge_met, Some(false));
}

/// An Appel on a Carré that ends on a Full with a brelan of 3s: failed.
fn failed_appel(options: Options) -> Table<Options> {
    let mut table = Table::new(options);
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(appel(Major::Carre));
    table.act(reroll(&[1, 2]));
    table.throw(&[6, 5]);
    table.act(reroll(&[5]));
    table.throw(&[6]);
    table
}

#[test]
fn ambiguity_l3_a_failed_appel_places_nothing() {
    let mut table = failed_appel(Options::default());
    assert_eq!(table.legal(), [Action::Pass]);
    assert_eq!(table.view().challenge_met, Some(false));
    assert!(table.view().combinations.is_empty());
    assert_eq!(
        table.illegal(place(0, 1)),
        "the challenge failed: no pawn may be placed this turn"
    );
}

#[test]
fn ambiguity_l3_option_a_failed_appel_allows_an_ordinary_placement() {
    let options = Options {
        failed_challenge_allows_normal_placement: true,
        ..Options::default()
    };
    let mut table = failed_appel(options);
    assert_eq!(table.placements(), cells_of(&["3", "FULL"]));
    assert_eq!(
        table.illegal(place(0, 2)),
        "an Appel cell needs a successful Appel"
    );
    let events = table.act(place(1, 3));
    assert_eq!(
        events[0],
        Event::ChallengeResolved {
            seat: 0,
            succeeded: false
        }
    );
    assert!(matches!(
        events[1],
        Event::Placed {
            combination: Combination::Full,
            ..
        }
    ));
}

#[test]
fn ambiguity_l4_the_twelfth_pawn_ends_the_game_immediately() {
    let mut table = Table::at(Options::default(), TWELFTH_PAWN_DRAW, 0);
    table.throw(&[3, 3, 3, 1, 2]);
    let events = table.act(place(4, 0));
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert!(!events.contains(&Event::TurnStarted { seat: 1 }));
    assert_eq!(table.turn(), Turn::Over);
    assert!(table.legal().is_empty());
    assert_eq!(table.refuse(1, Action::Pass), ActionError::GameOver);
}

#[test]
fn ambiguity_l5_a_carre_and_a_small_need_a_die_of_the_carre_thrown_again() {
    // 1-1-1-1-3 holds a Carré and a Small: throwing the 3 alone keeps the Carré.
    let mut table = linotte();
    table.throw(&[1, 1, 1, 1, 3]);
    table.act(appel(Major::Yam));
    assert_eq!(table.rerolls().len(), 8);
    assert!(table.rerolls().iter().all(|faces| faces.contains(&1)));
    assert!(table.illegal(reroll(&[3])).contains("Carré"));
    table.act(reroll(&[1, 3]));
    table.throw(&[1, 1]);
    assert_eq!(
        table.placements(),
        cells_of(&["APPEL", "1", "FULL", "CARRE", "YAM", "SMALL"])
    );
}

#[test]
fn ambiguity_l5_majors_of_five_dice_are_broken_by_any_re_throw() {
    for dice in [[1, 2, 3, 4, 5], [6, 6, 6, 2, 2], [1, 1, 2, 2, 2]] {
        let mut table = linotte();
        table.throw(&dice);
        table.act(appel(Major::Carre));
        let mut counts = [0usize; 7];
        dice.iter().for_each(|d| counts[usize::from(*d)] += 1);
        let every_rethrow: usize = counts.iter().map(|c| c + 1).product::<usize>() - 1;
        assert_eq!(table.rerolls().len(), every_rethrow, "{dice:?}");
    }
}

#[test]
fn ambiguity_y1_by_default_a_defi_needs_no_die_of_the_sec_thrown_again() {
    let mut table = yam_master();
    table.throw(&[2, 2, 2, 2, 5]);
    table.act(Action::Defi);
    assert_eq!(table.rerolls().len(), 5 * 2 - 1);
    table.act(reroll(&[5]));
    table.throw(&[6]);
    assert_eq!(table.placements(), cells_of(&["APPEL", "CARRE", "2"]));
}

#[test]
fn ambiguity_y1_option_a_defi_after_a_sec_must_break_it() {
    let mut table = Table::new(YamMasterOptions {
        defi_requires_rethrow_of_combo: true,
        ..YamMasterOptions::default()
    });
    table.throw(&[2, 2, 2, 2, 5]);
    table.act(Action::Defi);
    assert_eq!(table.rerolls().len(), 8);
    assert!(table.illegal(reroll(&[5])).contains("Carré"));
    // Without a first-throw major there is nothing to break.
    let mut table = Table::new(YamMasterOptions {
        defi_requires_rethrow_of_combo: true,
        ..YamMasterOptions::default()
    });
    table.throw(&[2, 2, 2, 6, 5]);
    table.act(Action::Defi);
    assert_eq!(table.rerolls().len(), 4 * 2 * 2 - 1);
}

#[test]
fn ambiguity_y2_a_failed_defi_places_nothing() {
    let mut table = yam_master();
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(Action::Defi);
    table.act(reroll(&[1, 2]));
    table.throw(&[6, 5]);
    assert_eq!(table.view().challenge_met, Some(false));
    assert!(table.placements().is_empty());
    assert_eq!(
        table.other_actions(),
        [Action::Pass],
        "stop without a pawn, or throw again"
    );
    assert_eq!(table.rerolls().len(), 4 * 2 * 2 - 1);
}

#[test]
fn ambiguity_y2_option_a_failed_defi_allows_an_ordinary_placement() {
    let mut table = Table::new(YamMasterOptions {
        failed_challenge_allows_normal_placement: true,
        ..YamMasterOptions::default()
    });
    table.throw(&[3, 3, 3, 2, 1]);
    table.act(Action::Defi);
    table.act(reroll(&[1, 2]));
    table.throw(&[6, 5]);
    assert_eq!(table.placements(), cells_of(&["3"]));
    assert_eq!(
        table.illegal(place(2, 3)),
        "a Défi cell needs a successful Défi"
    );
}

#[test]
fn ambiguity_y3_option_the_removed_pawn_returns_to_its_owner() {
    let options = YamMasterOptions {
        predator_returns_pawn: true,
        ..YamMasterOptions::default()
    };
    let mut table = Table::at(options, TWELFTH_PAWN_DRAW, 1);
    table.throw(&[2, 2, 2, 2, 2]);
    let events = table.act(remove(0, 0));
    assert_eq!(
        events[0],
        Event::PawnRemoved {
            seat: 1,
            owner: 0,
            row: 0,
            col: 0,
            returned: true,
            owner_points: 0,
        }
    );
    assert_eq!((table.state.reserve(0), table.state.removed(0)), (2, 0));
    table.throw(&[3, 3, 3, 1, 2]);
    let events = table.act(place(4, 0));
    // One pawn still in reserve: the game goes on (compare rule 15's test).
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
    assert_eq!(table.state.reserve(0), 1);
}

#[test]
fn ambiguity_y4_only_a_placement_completes_five_in_a_row() {
    let rows = [".....", ".....", ".....", ".....", "00001"];
    let mut table = Table::at(YamMasterOptions::default(), rows, 0);
    table.throw(&[6, 6, 6, 6, 6]);
    assert_eq!(table.removals(), [(4, 4)]);
    let events = table.act(remove(4, 4));
    // The cell is free again, but the row holds four: the game goes on.
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
    table.throw(&[1, 2, 3, 5, 6]);
    table.act(Action::Pass);
    table.throw(&[4, 4, 4, 2, 3]);
    assert_eq!(table.placements(), [(0, 3), (4, 4)]);
    let events = table.act(place(4, 4));
    assert!(matches!(
        events.last(),
        Some(Event::GameOver {
            reason: EndReason::FiveInARow,
            winner: Some(0),
            ..
        })
    ));
}

#[test]
fn ambiguity_y5_equal_totals_are_a_draw_in_yam_master() {
    let mut table = Table::at(YamMasterOptions::default(), TWELFTH_PAWN_DRAW, 0);
    table.throw(&[3, 3, 3, 1, 2]);
    table.act(place(4, 0));
    assert_eq!(table.outcome_ranks(), [(0, 1, 0), (1, 1, 0)]);
}

// ---------------------------------------------------------------------------------------------
// Options.
// ---------------------------------------------------------------------------------------------

#[test]
fn option_count_all_windows_scores_every_stretch_of_3_to_5() {
    let run_of_4 = [(4, 0), (4, 1), (4, 2), (4, 3)];
    assert_eq!(points_of(&run_of_4, Scoring::AllWindows), 4);
    let run_of_5 = [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)];
    assert_eq!(points_of(&run_of_5, Scoring::AllWindows), 10);
    // In play it turns rule 11's result around: 10 for the five against 4 + 4.
    let options = Options {
        count_all_windows: true,
        ..Options::default()
    };
    let mut table = Table::at(options, FOUR_IN_ROW_4, 0);
    table.throw(&[4, 4, 4, 1, 2]);
    let events = table.act(place(4, 4));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            reason: EndReason::FiveInARow,
            winner: Some(0),
            points: [10, 8],
        })
    );
    assert_eq!(table.outcome_ranks(), [(0, 1, 10), (1, 2, 8)]);
    let yam_master = Table::at(
        YamMasterOptions {
            count_all_windows: true,
            ..YamMasterOptions::default()
        },
        FOUR_IN_ROW_4,
        1,
    );
    assert_eq!(yam_master.state.points(1), 8);
}

#[test]
fn options_are_named_as_in_the_rules_file_and_default_to_false() {
    let linotte = parse_options::<Linotte>(&json!({
        "count_all_windows": true,
        "appel_after_sec_any_major": true,
        "failed_challenge_allows_normal_placement": true,
    }))
    .unwrap();
    assert_eq!(
        linotte,
        Options {
            count_all_windows: true,
            appel_after_sec_any_major: true,
            failed_challenge_allows_normal_placement: true,
        }
    );
    let yam_master = parse_options::<YamMaster>(&json!({
        "predator_returns_pawn": true,
        "defi_requires_rethrow_of_combo": true,
    }))
    .unwrap();
    assert!(yam_master.predator_returns_pawn && yam_master.defi_requires_rethrow_of_combo);
    assert!(!yam_master.count_all_windows && !yam_master.failed_challenge_allows_normal_placement);
    // Each game only has the options that apply to it.
    assert!(parse_options::<Linotte>(&json!({"predator_returns_pawn": true})).is_err());
    assert!(parse_options::<YamMaster>(&json!({"appel_after_sec_any_major": true})).is_err());
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({
            "count_all_windows": false,
            "appel_after_sec_any_major": false,
            "failed_challenge_allows_normal_placement": false,
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Resignation, errors, events and the view.
// ---------------------------------------------------------------------------------------------

#[test]
fn resignation_the_other_player_wins_at_once() {
    let mut table = Table::at(Options::default(), FOUR_IN_ROW_4, 0);
    table.throw(&[1, 2, 3, 4, 6]);
    let mut events = Vec::new();
    Linotte::resign(&mut table.state, 1, &mut events).unwrap();
    // Seat 1 leads 4 to 2 but left: it ranks last.
    assert_eq!(
        events,
        [
            Event::Resigned { seat: 1 },
            Event::GameOver {
                reason: EndReason::Resignation,
                winner: Some(0),
                points: [2, 4],
            },
        ]
    );
    table.check();
    assert_eq!(table.turn(), Turn::Over);
    assert_eq!(table.outcome_ranks(), [(0, 1, 2), (1, 2, 4)]);
    assert_eq!(table.outcome_reason(), "resignation");
    let before = table.state.clone();
    let mut events = Vec::new();
    assert_eq!(
        Linotte::resign(&mut table.state, 1, &mut events),
        Err(ActionError::GameOver)
    );
    assert_eq!(
        Linotte::resign(&mut table.state, 0, &mut events),
        Err(ActionError::GameOver)
    );
    assert_eq!(table.state, before);
    assert!(events.is_empty());
}

#[test]
fn resignation_may_come_during_a_throw_of_either_seat() {
    let mut table = yam_master();
    let mut events = Vec::new();
    assert_eq!(
        YamMaster::resign(&mut table.state, 2, &mut events),
        Err(ActionError::NoSuchSeat)
    );
    YamMaster::resign(&mut table.state, 0, &mut events).unwrap();
    assert_eq!(table.outcome_ranks(), [(1, 1, 0), (0, 2, 0)]);
    assert_eq!(
        YamMaster::apply_chance(&mut table.state, &[1, 2, 3, 4, 5], &mut events),
        Err(ActionError::GameOver)
    );
}

#[test]
fn errors_name_their_cause_and_change_nothing() {
    let mut table = linotte();
    let unchanged = |table: &mut Table<Options>, values: &[u8], expected: ActionError| {
        let before = table.state.clone();
        let mut events = Vec::new();
        let error = Linotte::apply_chance(&mut table.state, values, &mut events).unwrap_err();
        assert_eq!(error, expected);
        assert_eq!(table.state, before);
        assert!(events.is_empty());
    };
    assert!(matches!(
        table.refuse(0, Action::Pass),
        ActionError::NotYourTurn
    ));
    unchanged(
        &mut table,
        &[1, 2, 3, 4],
        ActionError::BadChance("expected 5 dice, got 4".into()),
    );
    unchanged(
        &mut table,
        &[1, 2, 3, 4, 7],
        ActionError::BadChance("a die shows 1 to 6, not 7".into()),
    );
    unchanged(
        &mut table,
        &[0, 2, 3, 4, 5],
        ActionError::BadChance("a die shows 1 to 6, not 0".into()),
    );
    table.throw(&[1, 2, 3, 4, 6]);
    unchanged(&mut table, &[1, 2, 3, 4, 6], ActionError::NoChanceDue);
    assert_eq!(table.refuse(1, Action::Pass), ActionError::NotYourTurn);
    assert_eq!(table.refuse(2, Action::Pass), ActionError::NoSuchSeat);
    table.act(reroll(&[6]));
    unchanged(
        &mut table,
        &[5, 5],
        ActionError::BadChance("expected 1 dice, got 2".into()),
    );
    assert_eq!(table.refuse(0, reroll(&[1])), ActionError::NotYourTurn);
}

#[test]
fn a_turn_reads_from_its_events() {
    let mut table = linotte();
    let mut log = table.throw(&[5, 1, 3, 3, 2]);
    log.extend(table.act(appel(Major::Small)));
    log.extend(table.act(reroll(&[3, 5])));
    log.extend(table.throw(&[1, 1]));
    log.extend(table.act(place(3, 3)));
    assert_eq!(
        log,
        [
            Event::DiceThrown {
                seat: 0,
                throw: 1,
                values: faces(&[5, 1, 3, 3, 2]),
                dice: [1, 2, 3, 3, 5],
            },
            Event::AppelAnnounced {
                seat: 0,
                combination: Major::Small
            },
            Event::Rerolled {
                seat: 0,
                faces: faces(&[3, 5])
            },
            Event::DiceThrown {
                seat: 0,
                throw: 2,
                values: faces(&[1, 1]),
                dice: [1, 1, 1, 2, 3],
            },
            Event::ChallengeResolved {
                seat: 0,
                succeeded: true
            },
            Event::Placed {
                seat: 0,
                row: 3,
                col: 3,
                combination: Combination::Small,
                reserve: 11,
                points: 0,
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    let json: Vec<serde_json::Value> = log
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    assert_eq!(
        json[0],
        json!({
            "type": "dice_thrown", "seat": 0, "throw": 1,
            "values": [5, 1, 3, 3, 2], "dice": [1, 2, 3, 3, 5],
        })
    );
    assert_eq!(
        json[2],
        json!({"type": "rerolled", "seat": 0, "faces": [3, 5]})
    );
    assert_eq!(
        json[5],
        json!({
            "type": "placed", "seat": 0, "row": 3, "col": 3,
            "combination": "small", "reserve": 11, "points": 0,
        })
    );
    assert_eq!(
        serde_json::to_value(Event::GameOver {
            reason: EndReason::FiveInARow,
            winner: None,
            points: [3, 3]
        })
        .unwrap(),
        json!({"type": "game_over", "reason": "five_in_a_row", "winner": null, "points": [3, 3]})
    );
}

#[test]
fn actions_read_as_json() {
    assert_eq!(
        serde_json::to_value(place(2, 3)).unwrap(),
        json!({"type": "place", "row": 2, "col": 3})
    );
    assert_eq!(
        serde_json::to_value(remove(0, 4)).unwrap(),
        json!({"type": "remove", "row": 0, "col": 4})
    );
    assert_eq!(
        serde_json::to_value(Action::Pass).unwrap(),
        json!({"type": "pass"})
    );
    assert_eq!(
        serde_json::to_value(Action::Defi).unwrap(),
        json!({"type": "defi"})
    );
    let mut any =
        tapis_games::AnyState::setup(tapis_games::GameId::YamMaster, 2, &json!(null)).unwrap();
    any.chance_json(&[4, 4, 2, 4, 6]).unwrap();
    let listed = any.legal_json(0);
    assert!(listed.contains(&json!({"type": "reroll", "faces": [4, 4]})));
    assert!(listed.contains(&json!({"type": "defi"})));
    // Six faces do not even read as a re-throw.
    let error = any
        .act_json(0, &json!({"type": "reroll", "faces": [1, 2, 3, 4, 5, 6]}))
        .unwrap_err();
    assert!(matches!(error, ActionError::Malformed(_)));
}

#[test]
fn the_view_shows_what_each_choice_brings() {
    let mut table = Table::at(YamMasterOptions::default(), FOUR_IN_ROW_4, 0);
    table.throw(&[4, 4, 4, 1, 2]);
    let view = table.view();
    assert_eq!(view.game, tapis_games::GameId::YamMaster);
    assert_eq!(view.turn, Turn::Seat { seat: 0 });
    assert_eq!(view.to_play, Some(0));
    assert_eq!((view.throws, view.throws_left), (1, 2));
    assert_eq!(view.dice, [1, 2, 4, 4, 4]);
    assert_eq!(view.combinations, [Combination::Brelan4]);
    assert_eq!(view.placements.len(), 1);
    let only = view.placements[0];
    assert_eq!(
        (only.row, only.col, only.combination),
        (4, 4, Combination::Brelan4)
    );
    assert_eq!((only.points_after, only.completes_five), (3, true));
    assert!(view.removals.is_empty());
    assert_eq!(view.players[0].points, 2);
    assert_eq!((view.players[0].reserve, view.players[0].on_board), (8, 4));
    assert_eq!((view.players[1].points, view.players[1].reserve), (4, 4));
    assert_eq!(view.grid[0][0].owner, Some(1));
    assert_eq!(view.outcome, None);

    let mut table = Table::at(YamMasterOptions::default(), PREDATOR, 0);
    table.throw(&[3, 3, 3, 3, 3]);
    let removals: Vec<(u8, u8, i64)> = table
        .view()
        .removals
        .iter()
        .map(|r| (r.row, r.col, r.opponent_points_after))
        .collect();
    assert_eq!(removals, [(0, 0, 0), (1, 1, 0), (2, 2, 0)]);
}

#[test]
fn a_stored_state_is_checked_when_read() {
    let table = Table::at(Options::default(), FOUR_IN_ROW_4, 0);
    let json = serde_json::to_value(&table.state).unwrap();
    assert_eq!(
        json["board"],
        json!(["1111.", "1111.", ".....", ".....", "0000."])
    );
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, table.state);
    let mut bad = json.clone();
    bad["reserve"] = json!([12, 12]);
    assert!(
        serde_json::from_value::<State>(bad).is_err(),
        "pawns do not add up"
    );
    let mut bad = json.clone();
    bad["to_play"] = json!(7);
    assert!(serde_json::from_value::<State>(bad).is_err());
    let mut bad = json;
    bad["phase"] = json!({"type": "throwing", "count": 9});
    assert!(serde_json::from_value::<State>(bad).is_err());
    // A five in a row while the game goes on cannot be set up either.
    let five = ["00000", ".....", ".....", ".....", "....."];
    assert!(State::from_board(Options::default(), Board::from_rows(&five).unwrap(), 1).is_err());
}

// ---------------------------------------------------------------------------------------------
// Exhaustive checks over every throw of five dice.
// ---------------------------------------------------------------------------------------------

/// Every distinct re-throw of `dice`, by brute force over the 31 non-empty sets of dice, kept
/// when `allowed(kept dice)` holds.
fn brute_force_rerolls(dice: [u8; 5], allowed: impl Fn(&[u8]) -> bool) -> BTreeSet<Vec<u8>> {
    (1u32..32)
        .filter_map(|set| {
            let (mut thrown, mut kept) = (Vec::new(), Vec::new());
            for (i, die) in dice.iter().enumerate() {
                if set & (1 << i) != 0 {
                    thrown.push(*die)
                } else {
                    kept.push(*die)
                }
            }
            thrown.sort_unstable();
            allowed(&kept).then_some(thrown)
        })
        .collect()
}

fn four_of_a_kind(kept: &[u8]) -> bool {
    (1..=6).any(|face| kept.iter().filter(|d| **d == face).count() >= 4)
}

#[test]
fn rule_02_exhaustive_every_first_throw_lists_each_re_throw_once() {
    for dice in every_throw() {
        let mut table = linotte();
        table.throw(&dice);
        let listed: Vec<Action> = table
            .legal()
            .into_iter()
            .filter(|a| matches!(a, Action::Reroll { .. }))
            .collect();
        let expected = brute_force_rerolls(dice, |_| true);
        assert_eq!(table.rerolls(), expected, "{dice:?}");
        assert_eq!(
            listed.len(),
            expected.len(),
            "{dice:?}: a re-throw listed twice"
        );
    }
}

#[test]
fn rule_05_exhaustive_every_first_throw_on_an_empty_grid_places_on_its_combinations() {
    let name = |c: Combination| match c {
        Combination::Full => "FULL".to_owned(),
        Combination::Carre => "CARRE".to_owned(),
        Combination::Yam => "YAM".to_owned(),
        Combination::Quinte => "QUINTE".to_owned(),
        Combination::Small => "SMALL".to_owned(),
        brelan => serde_json::to_value(brelan).unwrap().as_str().unwrap()[7..].to_owned(),
    };
    for dice in every_throw() {
        let made = expected_combinations(dice);
        let mut labels: Vec<String> = made.iter().map(|c| name(*c)).collect();
        if made.iter().any(|c| c.is_major()) {
            labels.push("SEC".to_owned());
        }
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let mut table = linotte();
        table.throw(&dice);
        assert_eq!(table.placements(), cells_of(&labels), "{dice:?}");
        let mut table = yam_master();
        table.throw(&dice);
        assert_eq!(table.placements(), cells_of(&labels), "{dice:?}");
        assert!(table.removals().is_empty(), "no opponent pawn to remove");
    }
}

#[test]
fn ambiguity_l5_exhaustive_a_challenge_after_a_sec_keeps_no_complete_major() {
    let must_break = Options::default();
    let defi_must_break = YamMasterOptions {
        defi_requires_rethrow_of_combo: true,
        ..YamMasterOptions::default()
    };
    for dice in every_throw() {
        let breaking = brute_force_rerolls(dice, |kept| !four_of_a_kind(kept));
        let mut table = Table::new(must_break.clone());
        table.throw(&dice);
        table.act(appel(Major::Yam));
        assert_eq!(table.rerolls(), breaking, "Appel on {dice:?}");
        let mut table = Table::new(defi_must_break.clone());
        table.throw(&dice);
        table.act(Action::Defi);
        assert_eq!(table.rerolls(), breaking, "Défi (option) on {dice:?}");
        let mut table = yam_master();
        table.throw(&dice);
        table.act(Action::Defi);
        assert_eq!(
            table.rerolls(),
            brute_force_rerolls(dice, |_| true),
            "Défi on {dice:?}"
        );
    }
}

#[test]
fn rule_12_exhaustive_a_defi_is_met_by_exactly_the_majors() {
    for dice in every_throw() {
        let mut table = yam_master();
        table.throw(&[1, 2, 3, 4, 6]);
        table.act(Action::Defi);
        table.act(reroll(&[1, 2, 3, 4, 6]));
        table.throw(&dice);
        let made = expected_combinations(dice);
        let met = made.iter().any(|c| c.is_major());
        assert_eq!(table.view().challenge_met, Some(met), "{dice:?}");
        assert_eq!(!table.placements().is_empty(), met, "{dice:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Data-driven positions: tests/data/linotte/placements.txt.
// ---------------------------------------------------------------------------------------------

/// One case of the data file.
#[derive(Debug, Default)]
struct Case {
    name: String,
    game: String,
    options: String,
    to_play: Seat,
    grid: Vec<String>,
    turn: String,
    place: Vec<(u8, u8)>,
    remove: Vec<(u8, u8)>,
}

fn cells(text: &str) -> Vec<(u8, u8)> {
    let mut cells: Vec<(u8, u8)> = text
        .split_whitespace()
        .map(|pair| {
            let (row, col) = pair.split_once(',').expect("row,col");
            (row.parse().unwrap(), col.parse().unwrap())
        })
        .collect();
    cells.sort_unstable();
    cells
}

fn read_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .peekable();
    let mut case: Option<Case> = None;
    while let Some(line) = lines.next() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(':').expect("key: value");
        let value = value.trim();
        if key == "case" {
            cases.extend(case.take());
            case = Some(Case {
                name: value.to_owned(),
                options: "{}".to_owned(),
                ..Case::default()
            });
            continue;
        }
        let case = case.as_mut().expect("a case starts with `case:`");
        match key {
            "game" => case.game = value.to_owned(),
            "options" => case.options = value.to_owned(),
            "to_play" => case.to_play = value.parse().unwrap(),
            "grid" => {
                case.grid = (0..5)
                    .map(|_| lines.next().unwrap().trim().to_owned())
                    .collect()
            }
            "turn" => case.turn = value.to_owned(),
            "place" => case.place = cells(value),
            "remove" => case.remove = cells(value),
            other => panic!("unknown key {other}"),
        }
    }
    cases.extend(case);
    cases
}

fn run_case<O: Rules>(case: &Case) {
    let options = parse_options::<O::G>(&serde_json::from_str(&case.options).unwrap()).unwrap();
    let board = if case.grid.is_empty() {
        Board::EMPTY
    } else {
        Board::from_rows(&case.grid).unwrap()
    };
    let mut table = Table {
        state: State::from_board(options, board, case.to_play).unwrap(),
    };
    for step in case.turn.split(';') {
        let mut words = step.split_whitespace();
        let verb = words.next().expect("a step");
        let numbers: Vec<u8> = words.clone().filter_map(|w| w.parse().ok()).collect();
        match verb {
            "throw" => {
                table.throw(&numbers);
            }
            "reroll" => {
                table.act(reroll(&numbers));
            }
            "defi" => {
                table.act(Action::Defi);
            }
            "appel" => {
                let name = words.next().expect("a major");
                let major: Major = serde_json::from_value(json!(name)).unwrap();
                table.act(appel(major));
            }
            other => panic!("unknown step {other}"),
        }
    }
    assert_eq!(table.placements(), case.place, "{}: placements", case.name);
    assert_eq!(table.removals(), case.remove, "{}: removals", case.name);
    assert!(
        table.legal().contains(&Action::Pass),
        "{}: passing is always allowed",
        case.name
    );
}

#[test]
fn positions_from_the_data_file_list_exactly_the_expected_placements() {
    let cases = read_cases(include_str!("data/linotte/placements.txt"));
    assert!(cases.len() >= 15, "{} cases", cases.len());
    for case in &cases {
        match case.game.as_str() {
            "linotte" => run_case::<Options>(case),
            "yam-master" => run_case::<YamMasterOptions>(case),
            other => panic!("{}: unknown game {other}", case.name),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random games against the rules restated.
// ---------------------------------------------------------------------------------------------

/// The cells a pawn may go on and the pawns a Yam may remove, restated from rules 3 to 5, 9,
/// 12 and 14 and the ambiguity table, from the public state only.
/// Cells as (row, col), sorted.
type Cells = Vec<(u8, u8)>;

fn expected_choices<O: Rules>(state: &State<O>) -> (Cells, Cells) {
    let dice = state.dice();
    let made = expected_combinations(dice);
    let major = made.iter().any(|c| c.is_major());
    let mut labels: BTreeSet<Combination> = made.clone();
    match state.challenge() {
        // Right after the announcement the player must throw.
        Some(_) if state.throws() == 1 => labels.clear(),
        Some(challenge) => {
            let met = match challenge {
                Challenge::Defi { .. } => major,
                Challenge::Appel {
                    combination,
                    after_sec,
                } => {
                    made.contains(&combination.combination())
                        || (after_sec && state.options().any_major_after_sec() && major)
                }
            };
            if met {
                labels.insert(Combination::Challenge);
            } else if !state.options().failed_challenge_places() {
                labels.clear();
            }
        }
        None if state.throws() == 1 && major => {
            labels.insert(Combination::Sec);
        }
        None => {}
    }
    let can_stop = !(state.challenge().is_some() && state.throws() == 1);
    let mut places = Vec::new();
    let mut removals = Vec::new();
    for row in 0..5 {
        for col in 0..5 {
            let cell = Cell::at(row, col).unwrap();
            let owner = state.board().owner(cell);
            if owner.is_none() && labels.contains(&LAYOUT[usize::from(row)][usize::from(col)]) {
                places.push((row, col));
            }
            let yam = made.contains(&Combination::Yam);
            if O::YAM_MASTER && can_stop && yam && owner == Some(1 - state.to_play()) {
                removals.push((row, col));
            }
        }
    }
    (places, removals)
}

fn random_games_follow_the_rules<O: Rules>(seed: u64) {
    use tapis_games::playout::{Chooser, chance_values};
    use tapis_games::read_options::option_variants;
    let variants = option_variants::<O::G>();
    let mut rng = support::SplitMix(seed);
    let options = variants[rng.choose(variants.len())].clone();
    let mut table = Table::new(options);
    let mut values = Vec::new();
    for _ in 0..20_000 {
        match table.turn() {
            Turn::Over => return,
            Turn::Chance { chance } => {
                chance_values(&chance, &mut rng, &mut values);
                table.throw(&values);
            }
            Turn::Seat { .. } => {
                let (places, removals) = expected_choices(&table.state);
                assert_eq!(table.placements(), places, "{:?}", table.state);
                assert_eq!(table.removals(), removals, "{:?}", table.state);
                let legal = table.legal();
                // Bias towards placing, so that grids fill up and games end.
                let pick = if !places.is_empty() && rng.choose(3) == 0 {
                    legal
                        .iter()
                        .position(|a| matches!(a, Action::Place { .. }))
                        .unwrap()
                } else {
                    rng.choose(legal.len())
                };
                table.act(legal[pick]);
            }
        }
    }
    panic!("the game did not end");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_linotte_games_place_exactly_where_the_rules_allow(seed in any::<u64>()) {
        random_games_follow_the_rules::<Options>(seed);
    }

    #[test]
    fn random_yam_master_games_place_exactly_where_the_rules_allow(seed in any::<u64>()) {
        random_games_follow_the_rules::<YamMasterOptions>(seed);
    }
}
