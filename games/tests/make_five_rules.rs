//! The rules of Make Five, one test per rule and per resolution of `docs/rules/make-five.md`,
//! with scripted bag draws.
//!
//! Boards are written in two text forms: by rows, bottom row first (`"RRRGY / GGGGW / ..."`, as
//! in the rules file's examples), or by columns, each from the bottom up (`"RGR/RR/-/-/-"`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use std::collections::BTreeSet;

use serde_json::json;
use support::SplitMix;
use tapis_games::make_five::{
    Action, Board, COLUMNS, Choice, Colour, DEALS, EndReason, Event, HEIGHT, MakeFive, Options,
    Phase, Setup, State,
};
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::read_options::{option_variants, parse_options};
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Placing, Seat, Turn};

type G = MakeFive;

// ---------------------------------------------------------------------------------------------
// Boards used across the tests. Each is a legal final board: every colour five times.

/// §4: 3 + 4 + 5 + 0 + 0 = 12, with or without contiguity.
const EXAMPLE_12: &str = "RRRGY / GGGGW / BBBBB / YYWWR / YYWWR";
/// Every row like `RRGRR`: 4 points each by default, 0 with `require_contiguous`.
const SPLIT_FOURS: &str = "RRGRR / GGBGG / BBYBB / YYWYY / WWRWW";
/// Rows like `RGRGR` (3 each by default, 0 contiguous) and a full row of white (5 either way).
const ALTERNATING: &str = "RGRGR / GRGRG / BYBYB / YBYBY / WWWWW";
/// Every diagonal single-coloured, every row of five colours: 0 points.
const DIAGONALS: &str = "RGBYW / WRGBY / YWRGB / BYWRG / GBYWR";
/// Five single-coloured rows.
const MAKE_FIVE: &str = "RRRRR / GGGGG / BBBBB / YYYYY / WWWWW";

// ---------------------------------------------------------------------------------------------
// Helpers.

fn new_match(options: Options) -> State {
    G::setup(2, &options).unwrap()
}

fn chooses() -> Options {
    Options {
        setup: Setup::DestroyerChooses,
        ..Options::default()
    }
}

fn contiguous() -> Options {
    Options {
        require_contiguous: true,
        ..Options::default()
    }
}

fn rows(text: &str) -> Board {
    Board::from_rows(text).unwrap()
}

fn columns(text: &str) -> Board {
    Board::from_columns(text).unwrap()
}

fn colour(letter: char) -> Colour {
    Colour::from_letter(letter).unwrap()
}

fn mv(from_column: u8, from_position: u8, to_column: u8) -> Action {
    Action::Move {
        from_column,
        from_position,
        to_column,
    }
}

fn place(column: u8) -> Action {
    Action::Place { column }
}

/// Draws `colour` from the bag (a chance step).
fn draw(state: &mut State, colour: Colour) -> Vec<Event> {
    let mut events = Vec::new();
    G::apply_chance(state, &[colour.index() as u8], &mut events)
        .unwrap_or_else(|e| panic!("drawing {colour:?}: {e}"));
    events
}

fn act(state: &mut State, seat: Seat, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    G::apply(state, seat, &action, &mut events)
        .unwrap_or_else(|e| panic!("{action:?} by seat {seat}: {e}"));
    events
}

/// An action that must be refused: checks that nothing changed and returns the error.
fn refused(state: &State, seat: Seat, action: Action) -> ActionError {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let error = G::apply(&mut copy, seat, &action, &mut events).unwrap_err();
    assert_eq!(&copy, state, "a refused {action:?} changed the state");
    assert!(events.is_empty(), "a refused {action:?} produced events");
    error
}

/// Chance values that must be refused: checks that nothing changed and returns the error.
fn refused_chance(state: &State, values: &[u8]) -> ActionError {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let error = G::apply_chance(&mut copy, values, &mut events).unwrap_err();
    assert_eq!(&copy, state);
    assert!(events.is_empty());
    error
}

fn illegal(reason: &str) -> ActionError {
    ActionError::Illegal(reason.to_owned().into())
}

fn legal(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    G::legal_actions(state, seat, &mut out);
    out
}

fn seat_turn(seat: Seat) -> Turn {
    Turn::Seat { seat }
}

/// Plays the current deal from its first draw until `target` is on the board, the Aligneur
/// passing at every turn. Tokens go in row by row, left to right, so a one-per-column set-up
/// needs a full bottom row.
fn fill(state: &mut State, target: &Board) -> Vec<Event> {
    assert_eq!(state.board().tokens(), 0, "fill starts on an empty board");
    let mut events = Vec::new();
    for row in 0..HEIGHT {
        for column in 0..COLUMNS {
            let Some(colour) = target.token(column, row) else {
                continue;
            };
            if state.phase() == Phase::Move {
                events.extend(act(state, state.aligneur(), Action::Pass));
            }
            events.extend(draw(state, colour));
            if state.phase() == Phase::Place {
                events.extend(act(state, state.destructeur(), place(column as u8)));
            }
            assert_eq!(
                state.board().token(column, row),
                Some(colour),
                "building {target}"
            );
        }
    }
    assert_eq!(state.board(), target);
    events
}

/// Plays a whole deal whose final board is `target` (by rows), the Aligneur passing
/// throughout, its final move included; returns the events of that final pass.
fn play_deal(state: &mut State, target: &str) -> Vec<Event> {
    fill(state, &rows(target));
    assert_eq!(G::turn(state), seat_turn(state.aligneur()));
    act(state, state.aligneur(), Action::Pass)
}

/// The points of the deal just scored, from its events.
fn scored(events: &[Event]) -> (Vec<u8>, u8) {
    events
        .iter()
        .find_map(|e| match e {
            Event::DealScored { rows, points, .. } => Some((rows.to_vec(), *points)),
            _ => None,
        })
        .expect("the deal was scored")
}

fn ranking(state: &State) -> Vec<(Seat, usize, i64)> {
    G::outcome(state)
        .unwrap()
        .ranking
        .iter()
        .map(|Placing { seat, rank, score }| (*seat, *rank, *score))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// §1 Components and geometry.

#[test]
fn geometry_1_five_columns_of_five_filled_from_the_bottom() {
    let mut state = new_match(chooses());
    // The five set-up tokens, all in column 2: each lands on the one below.
    for (position, letter) in "RGBYW".chars().enumerate() {
        let mut events = draw(&mut state, colour(letter));
        events.extend(act(&mut state, 1, place(2)));
        assert_eq!(
            events,
            vec![
                Event::TokenDrawn {
                    seat: 1,
                    colour: colour(letter)
                },
                Event::TokenPlaced {
                    seat: 1,
                    colour: colour(letter),
                    column: 2,
                    position: position as u8,
                    automatic: false
                },
            ]
        );
    }
    assert_eq!(state.board(), &columns("-/-/RGBYW/-/-"));
    assert_eq!(state.board().heights(), [0, 0, 5, 0, 0]);
    // A sixth token cannot go on the full column.
    act(&mut state, 0, Action::Pass);
    draw(&mut state, Colour::Red);
    assert_eq!(
        legal(&state, 1),
        vec![place(0), place(1), place(3), place(4)]
    );
    assert_eq!(refused(&state, 1, place(2)), illegal("column 2 is full"));
}

#[test]
fn geometry_2_twenty_five_tokens_five_of_each_colour_in_the_bag() {
    let mut state = new_match(Options::default());
    assert_eq!(state.bag(), [5; 5]);
    assert_eq!(
        G::turn(&state),
        Turn::Chance {
            chance: Chance::Draw {
                counts: [5, 5, 5, 5, 5, 0, 0, 0]
            }
        }
    );
    draw(&mut state, Colour::Yellow);
    assert_eq!(state.bag(), [5, 5, 5, 4, 5]);
    // Drawing a sixth red is impossible: the draw is checked against the bag.
    let mut state = new_match(chooses());
    for _ in 0..5 {
        draw(&mut state, Colour::Red);
        act(&mut state, 1, place(0));
    }
    act(&mut state, 0, Action::Pass);
    assert_eq!(
        G::turn(&state),
        Turn::Chance {
            chance: Chance::Draw {
                counts: [0, 5, 5, 5, 5, 0, 0, 0]
            }
        }
    );
    assert!(matches!(
        refused_chance(&state, &[0]),
        ActionError::BadChance(_)
    ));
}

#[test]
fn geometry_3_row_r_is_the_r_th_token_of_each_column() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RG/RG/RG/B/Y"));
    let view = G::view(&state, None);
    // Row 0 = R R R B Y (3 red), row 1 = G G G (3 green), the rest empty.
    assert_eq!(view.row_points, [3, 3, 0, 0, 0]);
    assert_eq!(view.points, 6);
    let green = Some(Colour::Green);
    assert_eq!(state.board().row(1), [green, green, green, None, None]);
}

// ---------------------------------------------------------------------------------------------
// §2.1 Roles and match.

#[test]
fn rule_01_six_deals_with_roles_alternating_seat_0_aligneur_first() {
    let mut state = new_match(Options::default());
    let mut aligneurs = Vec::new();
    let mut started = Vec::new();
    for deal in 1..=DEALS {
        assert_eq!(state.deal(), deal);
        aligneurs.push(state.aligneur());
        assert_eq!(state.destructeur(), 1 - state.aligneur());
        let events = play_deal(&mut state, DIAGONALS);
        for event in events {
            match event {
                Event::DealScored { deal: d, seat, .. } => {
                    assert_eq!((d, seat), (deal, aligneurs[usize::from(deal) - 1]))
                }
                Event::DealStarted {
                    deal,
                    aligneur,
                    destructeur,
                } => started.push((deal, aligneur, destructeur)),
                _ => {}
            }
        }
    }
    assert_eq!(aligneurs, vec![0, 1, 0, 1, 0, 1]);
    assert_eq!(
        started,
        vec![(2, 1, 0), (3, 0, 1), (4, 1, 0), (5, 0, 1), (6, 1, 0)]
    );
    assert_eq!(G::turn(&state), Turn::Over);
    assert_eq!(state.deal_points(), [Some(0); 6]);
}

// ---------------------------------------------------------------------------------------------
// §2.2 A deal.

#[test]
fn rule_02_a_deal_starts_with_five_draws_one_at_the_bottom_of_each_column() {
    let mut state = new_match(Options::default());
    assert_eq!(state.board(), &Board::new());
    let mut events = Vec::new();
    for letter in "BRWGY".chars() {
        assert!(matches!(G::turn(&state), Turn::Chance { .. }));
        assert!(legal(&state, 0).is_empty() && legal(&state, 1).is_empty());
        events.extend(draw(&mut state, colour(letter)));
    }
    let expected: Vec<Event> = "BRWGY"
        .chars()
        .enumerate()
        .flat_map(|(column, letter)| {
            [
                Event::TokenDrawn {
                    seat: 1,
                    colour: colour(letter),
                },
                Event::TokenPlaced {
                    seat: 1,
                    colour: colour(letter),
                    column: column as u8,
                    position: 0,
                    automatic: true,
                },
            ]
        })
        .collect();
    assert_eq!(events, expected);
    assert_eq!(state.board(), &columns("B/R/W/G/Y"));
    assert_eq!(G::turn(&state), seat_turn(0));

    // The next deal starts again from an empty board and a full bag, drawn for the new
    // Destructeur (seat 0).
    let events = {
        let mut state = new_match(Options::default());
        play_deal(&mut state, DIAGONALS);
        assert_eq!(state.board(), &Board::new());
        assert_eq!(state.bag(), [5; 5]);
        draw(&mut state, Colour::Green)
    };
    assert_eq!(
        events[0],
        Event::TokenDrawn {
            seat: 0,
            colour: Colour::Green
        }
    );
}

#[test]
fn rule_03_the_aligneur_moves_first_then_the_destructeur_draws_and_places() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("R/G/B/Y/W"));
    assert_eq!(G::turn(&state), seat_turn(0));
    assert!(legal(&state, 1).is_empty());
    act(&mut state, 0, Action::Pass);
    assert!(matches!(G::turn(&state), Turn::Chance { .. }));
    draw(&mut state, Colour::Red);
    assert_eq!(state.hand(), Some(Colour::Red));
    assert_eq!(G::turn(&state), seat_turn(1));
    assert!(legal(&state, 0).is_empty());
    act(&mut state, 1, place(3));
    assert_eq!(state.hand(), None);
    assert_eq!(G::turn(&state), seat_turn(0));
}

#[test]
fn rule_03_the_aligneur_takes_any_token_and_those_above_slide_down() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RGBY/W/-/-/-"));
    let events = act(&mut state, 0, mv(0, 1, 1));
    assert_eq!(
        events,
        vec![Event::TokenMoved {
            seat: 0,
            colour: Colour::Green,
            from_column: 0,
            from_position: 1,
            to_column: 1,
            to_position: 1
        }]
    );
    assert_eq!(state.board(), &columns("RBY/WG/-/-/-"));
    // Then the Destructeur draws.
    assert!(matches!(G::turn(&state), Turn::Chance { .. }));
}

#[test]
fn rule_03_the_aligneur_may_put_the_token_back_on_its_own_column() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RGBY/W/-/-/-"));
    let events = act(&mut state, 0, mv(0, 0, 0));
    assert_eq!(
        events,
        vec![Event::TokenMoved {
            seat: 0,
            colour: Colour::Red,
            from_column: 0,
            from_position: 0,
            to_column: 0,
            to_position: 3
        }]
    );
    // The part of the column above the removed token rotated down.
    assert_eq!(state.board(), &columns("GBYR/W/-/-/-"));
}

#[test]
fn rule_03_the_aligneur_may_pass() {
    let mut state = new_match(Options::default());
    fill(&mut state, &columns("R/G/B/Y/W"));
    let before = *state.board();
    assert_eq!(
        act(&mut state, 0, Action::Pass),
        vec![Event::Passed { seat: 0 }]
    );
    assert_eq!(state.board(), &before);
    assert!(matches!(G::turn(&state), Turn::Chance { .. }));
}

#[test]
fn rule_03_the_destructeur_must_place_on_top_of_a_column_with_room() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RRRRR/G/B/Y/W"));
    act(&mut state, 0, Action::Pass);
    draw(&mut state, Colour::Green);
    // Placing is compulsory: no pass, no move; only columns with room.
    assert_eq!(
        legal(&state, 1),
        vec![place(1), place(2), place(3), place(4)]
    );
    let must_place = illegal("the Destructeur must place the drawn token on a column");
    assert_eq!(refused(&state, 1, Action::Pass), must_place);
    assert_eq!(refused(&state, 1, mv(1, 0, 2)), must_place);
    assert_eq!(refused(&state, 1, place(0)), illegal("column 0 is full"));
    // The token goes on top: there is no way to name a place between tokens.
    let events = act(&mut state, 1, place(3));
    assert_eq!(
        events,
        vec![Event::TokenPlaced {
            seat: 1,
            colour: Colour::Green,
            column: 3,
            position: 1,
            automatic: false
        }]
    );
}

#[test]
fn rule_04_after_the_last_token_the_aligneur_has_a_final_move_then_the_deal_is_scored() {
    let mut state = new_match(Options::default());
    // The 12-point example with column 3 written G G W B W: rotating its middle white to the
    // top gives the example back (column 3 = G G B W W).
    fill(&mut state, &columns("RGBYY/RGBYY/RGBWW/GGWBW/YWBRR"));
    assert_eq!(state.bag(), [0; 5]);
    let view = G::view(&state, Some(0));
    assert!(view.final_move);
    assert_eq!(view.aligneur_moves_left, 1);
    // Row 2 reads B B B W B for now.
    assert_eq!(view.row_points, [3, 4, 4, 0, 0]);
    let events = act(&mut state, 0, mv(3, 2, 3));
    assert_eq!(
        events,
        vec![
            Event::TokenMoved {
                seat: 0,
                colour: Colour::White,
                from_column: 3,
                from_position: 2,
                to_column: 3,
                to_position: 4
            },
            Event::DealScored {
                deal: 1,
                seat: 0,
                board: rows(EXAMPLE_12),
                rows: [3, 4, 5, 0, 0],
                points: 12,
                total: 12
            },
            Event::DealStarted {
                deal: 2,
                aligneur: 1,
                destructeur: 0
            },
        ]
    );
}

#[test]
fn rule_05_the_destructeur_places_20_tokens_and_the_aligneur_has_21_opportunities() {
    for options in [Options::default(), chooses()] {
        for seed in 0..20 {
            let mut rng = SplitMix(seed);
            let mut state = new_match(options);
            let (mut draws, mut aligneur_turns, mut placements_after_setup) = (0, 0, 0);
            let mut values = Vec::new();
            let mut expected_left = 21;
            while state.deal() == 1 && state.phase() != Phase::Over {
                let mut events = Vec::new();
                match G::turn(&state) {
                    Turn::Chance { chance } => {
                        chance_values(&chance, &mut rng, &mut values);
                        G::apply_chance(&mut state, &values, &mut events).unwrap();
                        draws += 1;
                    }
                    Turn::Seat { seat } => {
                        if seat == 0 {
                            assert_eq!(G::view(&state, None).aligneur_moves_left, expected_left);
                            expected_left -= 1;
                            aligneur_turns += 1;
                        }
                        let actions = legal(&state, seat);
                        let action = actions[rng.choose(actions.len())];
                        G::apply(&mut state, seat, &action, &mut events).unwrap();
                    }
                    Turn::Over => unreachable!(),
                }
                for event in &events {
                    if let Event::TokenPlaced {
                        position, column, ..
                    } = event
                    {
                        let first_five = draws <= 5;
                        if !first_five {
                            placements_after_setup += 1;
                        } else if options.setup == Setup::OnePerColumn {
                            assert_eq!((*column, *position), (draws - 1, 0));
                        }
                    }
                }
            }
            assert_eq!(draws, 25, "{options:?}");
            assert_eq!(placements_after_setup, 20, "{options:?}");
            assert_eq!(aligneur_turns, 21, "{options:?}");
        }
    }
}

#[test]
fn rule_05_on_a_full_board_only_same_column_rotations_remain() {
    let mut state = new_match(Options::default());
    fill(&mut state, &rows(ALTERNATING));
    let actions = legal(&state, 0);
    assert_eq!(actions[0], Action::Pass);
    assert!(actions.len() > 1);
    for action in &actions[1..] {
        let Action::Move {
            from_column,
            to_column,
            ..
        } = action
        else {
            panic!("{action:?}")
        };
        assert_eq!(from_column, to_column);
    }
    assert_eq!(refused(&state, 0, mv(0, 0, 1)), illegal("column 1 is full"));
}

// ---------------------------------------------------------------------------------------------
// §2.3 Scoring.

#[test]
fn rule_06_each_row_scores_the_count_of_its_colour_when_three_or_more() {
    // Three, four, five and three of a colour, then none; every colour five times.
    let board = "RRRGB / GGGGB / YYYYY / WWWBR / WBRWB";
    let mut state = new_match(Options::default());
    let (row_points, points) = scored(&play_deal(&mut state, board));
    assert_eq!(row_points, vec![3, 4, 5, 3, 0]);
    assert_eq!(points, 15);
    assert_eq!(state.total(0), 15);
    assert_eq!(state.total(1), 0);
}

#[test]
fn rule_06_columns_and_diagonals_do_not_score() {
    let mut state = new_match(Options::default());
    let single_coloured_columns = "RGBYW / RGBYW / RGBYW / RGBYW / RGBYW";
    assert_eq!(
        scored(&play_deal(&mut state, single_coloured_columns)),
        (vec![0; 5], 0)
    );
    assert_eq!(scored(&play_deal(&mut state, DIAGONALS)), (vec![0; 5], 0));
}

#[test]
fn rule_06_only_the_aligneur_scores() {
    let mut state = new_match(Options::default());
    play_deal(&mut state, EXAMPLE_12);
    play_deal(&mut state, SPLIT_FOURS);
    assert_eq!(state.deal_points()[..2], [Some(12), Some(20)]);
    assert_eq!((state.total(0), state.total(1)), (12, 20));
}

#[test]
fn rule_07_make_five_ends_the_match_at_once_and_its_maker_wins() {
    let mut state = new_match(Options::default());
    play_deal(&mut state, SPLIT_FOURS); // seat 0: 20
    play_deal(&mut state, DIAGONALS); // seat 1: 0
    play_deal(&mut state, SPLIT_FOURS); // seat 0: 40
    let events = play_deal(&mut state, MAKE_FIVE); // seat 1: MAKE 5
    assert_eq!(
        events,
        vec![
            Event::Passed { seat: 1 },
            Event::DealScored {
                deal: 4,
                seat: 1,
                board: rows(MAKE_FIVE),
                rows: [5; 5],
                points: 25,
                total: 25
            },
            Event::GameOver {
                reason: EndReason::MakeFive,
                winner: Some(1)
            },
        ]
    );
    assert_eq!(G::turn(&state), Turn::Over);
    assert_eq!(state.deal(), 4);
    // The maker ranks first though its total is lower.
    assert_eq!(ranking(&state), vec![(1, 1, 25), (0, 2, 40)]);
    assert_eq!(G::outcome(&state).unwrap().reason, "make_five");
}

#[test]
fn rule_07_make_five_by_the_final_move() {
    let mut state = new_match(Options::default());
    // Column 0 has its white at the bottom; rotating it to the top completes every row.
    fill(&mut state, &columns("WRGBY/RGBYW/RGBYW/RGBYW/RGBYW"));
    let events = act(&mut state, 0, mv(0, 0, 0));
    assert_eq!(state.board(), &rows(MAKE_FIVE));
    assert_eq!(
        events[1..],
        [
            Event::DealScored {
                deal: 1,
                seat: 0,
                board: rows(MAKE_FIVE),
                rows: [5; 5],
                points: 25,
                total: 25
            },
            Event::GameOver {
                reason: EndReason::MakeFive,
                winner: Some(0)
            },
        ]
    );
    assert_eq!(ranking(&state), vec![(0, 1, 25), (1, 2, 0)]);
}

#[test]
fn rule_08_after_six_deals_the_higher_total_wins() {
    let mut state = new_match(Options::default());
    let deals = [
        SPLIT_FOURS,
        EXAMPLE_12,
        DIAGONALS,
        ALTERNATING,
        EXAMPLE_12,
        DIAGONALS,
    ];
    let mut last = Vec::new();
    for board in deals {
        last = play_deal(&mut state, board);
    }
    assert_eq!(
        state.deal_points(),
        [Some(20), Some(12), Some(0), Some(17), Some(12), Some(0)]
    );
    assert_eq!(
        last[2],
        Event::GameOver {
            reason: EndReason::AllDealsPlayed,
            winner: Some(0)
        }
    );
    assert_eq!(ranking(&state), vec![(0, 1, 32), (1, 2, 29)]);
    assert_eq!(G::outcome(&state).unwrap().reason, "all_deals_played");
}

#[test]
fn rule_08_equal_totals_are_a_draw() {
    let mut state = new_match(Options::default());
    let deals = [
        SPLIT_FOURS,
        EXAMPLE_12,
        EXAMPLE_12,
        SPLIT_FOURS,
        DIAGONALS,
        DIAGONALS,
    ];
    let mut last = Vec::new();
    for board in deals {
        last = play_deal(&mut state, board);
    }
    assert_eq!(
        last[2],
        Event::GameOver {
            reason: EndReason::AllDealsPlayed,
            winner: None
        }
    );
    assert_eq!(ranking(&state), vec![(0, 1, 32), (1, 1, 32)]);
}

// ---------------------------------------------------------------------------------------------
// §3 Ambiguities.

#[test]
fn ambiguity_m1_a_column_holds_five_tokens() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RRRRR/GGGGG/B/-/-"));
    assert_eq!(state.board().heights(), [5, 5, 1, 0, 0]);
    // The Aligneur cannot move into a full column.
    assert_eq!(refused(&state, 0, mv(2, 0, 1)), illegal("column 1 is full"));
    assert_eq!(refused(&state, 0, mv(1, 4, 0)), illegal("column 0 is full"));
    // Nor can the Destructeur place there.
    act(&mut state, 0, Action::Pass);
    draw(&mut state, Colour::Blue);
    assert_eq!(legal(&state, 1), vec![place(2), place(3), place(4)]);
}

#[test]
fn ambiguity_m2_points_are_the_number_of_same_coloured_tokens() {
    // The rules file's reading of the original rules' "12 points": 3 + 4 + 5.
    let mut state = new_match(Options::default());
    assert_eq!(
        scored(&play_deal(&mut state, EXAMPLE_12)),
        (vec![3, 4, 5, 0, 0], 12)
    );
}

#[test]
fn ambiguity_m3_require_contiguous_counts_only_tokens_side_by_side() {
    for (board, default, contiguous_points) in [
        (SPLIT_FOURS, (vec![4, 4, 4, 4, 4], 20), (vec![0; 5], 0)),
        (
            ALTERNATING,
            (vec![3, 3, 3, 3, 5], 17),
            (vec![0, 0, 0, 0, 5], 5),
        ),
        (
            EXAMPLE_12,
            (vec![3, 4, 5, 0, 0], 12),
            (vec![3, 4, 5, 0, 0], 12),
        ),
        // A run of three beside a fourth of the colour scores 3, not 4.
        (
            "RRRGR / GGGBG / BBBYB / YYYWY / WWWRW",
            (vec![4; 5], 20),
            (vec![3; 5], 15),
        ),
    ] {
        let mut state = new_match(Options::default());
        assert_eq!(scored(&play_deal(&mut state, board)), default, "{board}");
        let mut state = new_match(contiguous());
        assert_eq!(
            scored(&play_deal(&mut state, board)),
            contiguous_points,
            "{board}"
        );
    }
}

#[test]
fn ambiguity_m4_a_full_column_takes_its_own_token_back_and_the_destructeur_always_has_room() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RGBYW/G/-/-/-"));
    // From the full column 0 the red goes back on top of column 0.
    act(&mut state, 0, mv(0, 0, 0));
    assert_eq!(state.board(), &columns("GBYWR/G/-/-/-"));

    // In random deals, every time the Destructeur places, the free places are exactly the
    // tokens still to place (the one in hand and the bag).
    for seed in 0..30 {
        let mut rng = SplitMix(seed);
        let mut state = new_match(if seed % 2 == 0 {
            chooses()
        } else {
            Options::default()
        });
        let mut values = Vec::new();
        while state.phase() != Phase::Over && state.deal() == 1 {
            let mut events = Vec::new();
            match G::turn(&state) {
                Turn::Chance { chance } => {
                    chance_values(&chance, &mut rng, &mut values);
                    G::apply_chance(&mut state, &values, &mut events).unwrap();
                }
                Turn::Seat { seat } => {
                    if state.phase() == Phase::Place {
                        let free = 25 - state.board().tokens();
                        assert_eq!(free, state.bag().iter().sum::<u8>() as usize + 1);
                        assert!(!legal(&state, seat).is_empty());
                    }
                    let actions = legal(&state, seat);
                    let action = actions[rng.choose(actions.len())];
                    G::apply(&mut state, seat, &action, &mut events).unwrap();
                }
                Turn::Over => unreachable!(),
            }
        }
    }
}

#[test]
fn ambiguity_m4_with_one_column_left_the_drawn_token_goes_there_by_itself() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RRRRR/GGGGG/BBBBB/YYYYY/W"));
    act(&mut state, 0, Action::Pass);
    let events = draw(&mut state, Colour::White);
    assert_eq!(
        events,
        vec![
            Event::TokenDrawn {
                seat: 1,
                colour: Colour::White
            },
            Event::TokenPlaced {
                seat: 1,
                colour: Colour::White,
                column: 4,
                position: 1,
                automatic: true
            },
        ]
    );
    assert_eq!(G::turn(&state), seat_turn(0));
}

#[test]
fn ambiguity_m5_the_aligneur_may_take_a_token_from_the_middle_of_a_column() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RGBYW/-/-/-/-"));
    act(&mut state, 0, mv(0, 2, 3));
    assert_eq!(state.board(), &columns("RGYW/-/-/B/-"));
}

#[test]
fn ambiguity_m6_by_default_the_set_up_puts_one_token_in_each_column() {
    let mut state = new_match(Options::default());
    for (column, letter) in "RRRRR".chars().enumerate() {
        draw(&mut state, colour(letter));
        assert_eq!(state.board().height(column), 1);
    }
    assert_eq!(state.board(), &columns("R/R/R/R/R"));
}

#[test]
fn ambiguity_m6_setup_destroyer_chooses_lets_the_destructeur_place_the_first_five() {
    let mut state = new_match(chooses());
    draw(&mut state, Colour::Blue);
    assert_eq!(G::turn(&state), seat_turn(1));
    assert_eq!(legal(&state, 1), (0..5).map(place).collect::<Vec<_>>());
    // The five may even share a column.
    act(&mut state, 1, place(4));
    for letter in "RGYW".chars() {
        draw(&mut state, colour(letter));
        act(&mut state, 1, place(4));
    }
    assert_eq!(state.board(), &columns("-/-/-/-/BRGYW"));
    assert_eq!(G::turn(&state), seat_turn(0));
}

#[test]
fn ambiguity_m7_the_final_move_may_be_a_pass() {
    let mut state = new_match(Options::default());
    fill(&mut state, &rows(EXAMPLE_12));
    assert!(legal(&state, 0).contains(&Action::Pass));
    let events = act(&mut state, 0, Action::Pass);
    assert_eq!(events[0], Event::Passed { seat: 0 });
    assert_eq!(scored(&events), (vec![3, 4, 5, 0, 0], 12));
}

#[test]
fn ambiguity_m8_seat_0_is_the_first_aligneur() {
    let mut state = new_match(Options::default());
    assert_eq!((state.aligneur(), state.destructeur()), (0, 1));
    let events = draw(&mut state, Colour::Red);
    assert_eq!(
        events[0],
        Event::TokenDrawn {
            seat: 1,
            colour: Colour::Red
        }
    );
    let view = G::view(&state, None);
    assert_eq!((view.aligneur, view.destructeur), (0, 1));
}

#[test]
fn ambiguity_m9_the_top_token_back_on_its_own_column_is_the_pass() {
    let mut state = new_match(chooses());
    fill(&mut state, &columns("RGG/B/Y/-/-"));
    let actions = legal(&state, 0);
    assert_eq!(actions.iter().filter(|a| **a == Action::Pass).count(), 1);
    for unchanged in [mv(0, 2, 0), mv(1, 0, 1), mv(2, 0, 2)] {
        assert!(!actions.contains(&unchanged));
        assert_eq!(
            refused(&state, 0, unchanged),
            illegal("putting the top token back on its own column changes nothing: pass instead")
        );
    }
    // The lower green of the top run gives the same board as the upper one: refused, whether
    // it goes elsewhere or back on column 0 (which would change nothing either).
    let duplicate = illegal(
        "the token above is the same colour and taking either gives the same board: take the \
         top token of the run",
    );
    for action in [mv(0, 1, 0), mv(0, 1, 3)] {
        assert!(!actions.contains(&action));
        assert_eq!(refused(&state, 0, action), duplicate);
    }
    assert!(actions.contains(&mv(0, 2, 3)));
}

// ---------------------------------------------------------------------------------------------
// §4 Examples.

#[test]
fn example_rrrgy_ggggw_bbbbb_yywwr_yywwr_scores_12() {
    for options in [Options::default(), contiguous()] {
        let mut state = new_match(options);
        assert_eq!(
            scored(&play_deal(&mut state, EXAMPLE_12)),
            (vec![3, 4, 5, 0, 0], 12)
        );
    }
}

#[test]
fn example_rrgrr_scores_4_or_0_when_contiguous() {
    let row = |text: &str| {
        let board = rows(text);
        [board.points(false), board.points(true)]
    };
    assert_eq!(row("RRGRR"), [4, 0]);
    let mut state = new_match(contiguous());
    assert_eq!(scored(&play_deal(&mut state, SPLIT_FOURS)).1, 0);
}

#[test]
fn example_rgrgr_scores_3_or_0_when_contiguous() {
    let board = rows("RGRGR");
    assert_eq!([board.points(false), board.points(true)], [3, 0]);
    let mut state = new_match(Options::default());
    assert_eq!(scored(&play_deal(&mut state, ALTERNATING)).0[..2], [3, 3]);
}

#[test]
fn example_every_colour_is_on_the_board_five_times_at_scoring() {
    for seed in 0..10 {
        let mut rng = SplitMix(seed);
        let mut state = new_match(Options::default());
        let mut values = Vec::new();
        loop {
            if state.phase() == Phase::Move && state.bag() == [0; 5] {
                assert_eq!(state.board().colour_counts(), [5; 5]);
            }
            let mut events = Vec::new();
            match G::turn(&state) {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    chance_values(&chance, &mut rng, &mut values);
                    G::apply_chance(&mut state, &values, &mut events).unwrap();
                }
                Turn::Seat { seat } => {
                    let actions = legal(&state, seat);
                    let action = actions[rng.choose(actions.len())];
                    G::apply(&mut state, seat, &action, &mut events).unwrap();
                }
            }
            G::check_invariants(&state).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The Aligneur's legal moves on given boards (tests/data/make_five/aligner_moves.txt).

/// Reads `c.p>t`.
fn parse_move(text: &str) -> Action {
    if text == "pass" {
        return Action::Pass;
    }
    let (from, to) = text.split_once('>').unwrap();
    let (column, position) = from.split_once('.').unwrap();
    mv(
        column.parse().unwrap(),
        position.parse().unwrap(),
        to.parse().unwrap(),
    )
}

#[test]
fn aligneur_moves_on_the_boards_of_the_data_file() {
    let text = include_str!("data/make_five/aligner_moves.txt");
    let mut cases = Vec::new();
    let mut field = "";
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let rest = match line.split_once(':') {
            Some((name, rest)) if ["case", "board", "legal"].contains(&name) => {
                field = name;
                if name == "case" {
                    cases.push((rest.trim().to_owned(), String::new(), Vec::new()));
                }
                rest
            }
            _ => line,
        };
        let case = cases.last_mut().unwrap();
        match field {
            "board" => case.1 = rest.trim().to_owned(),
            "legal" => case.2.extend(rest.split_whitespace().map(parse_move)),
            _ => {}
        }
    }
    assert_eq!(cases.len(), 7);
    for (name, board, expected) in cases {
        let mut state = new_match(chooses());
        fill(&mut state, &columns(&board));
        let actions = legal(&state, 0);
        let listed: BTreeSet<String> = actions.iter().map(|a| format!("{a:?}")).collect();
        let wanted: BTreeSet<String> = expected.iter().map(|a| format!("{a:?}")).collect();
        assert_eq!(
            listed.len(),
            actions.len(),
            "{name}: an action listed twice"
        );
        assert_eq!(
            wanted.len(),
            expected.len(),
            "{name}: the data lists an action twice"
        );
        assert_eq!(listed, wanted, "{name}");
        // Every listed move is accepted and, while the deal goes on (the board is not cleared
        // for the next deal), gives its own board. The unit tests of the board check this
        // against brute force on full boards too.
        let mut boards = BTreeSet::new();
        for action in &actions {
            let mut copy = state.clone();
            act(&mut copy, 0, *action);
            if copy.deal() == 1 {
                assert!(
                    boards.insert(copy.board().to_string()),
                    "{name}: {action:?} repeats a board"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Options.

#[test]
fn options_are_read_from_json_with_their_defaults() {
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({"require_contiguous": false, "setup": "one_per_column"})
    );
    let options = parse_options::<G>(&json!({"setup": "destroyer_chooses"})).unwrap();
    assert_eq!(options, chooses());
    let options = parse_options::<G>(&json!({"require_contiguous": true})).unwrap();
    assert_eq!(options, contiguous());
    let error = parse_options::<G>(&json!({"setup": "anywhere"})).unwrap_err();
    assert_eq!(error.option.as_deref(), Some("setup"));
    // The property tests get one game per option value.
    assert_eq!(
        option_variants::<G>(),
        vec![Options::default(), contiguous(), chooses()]
    );
    assert!(!GameId::MakeFive.are_default_options(&json!({"require_contiguous": true})));
}

// ---------------------------------------------------------------------------------------------
// Errors: refused with a reason, nothing changed.

#[test]
fn errors_name_the_fault_and_change_nothing() {
    let mut state = new_match(Options::default());
    // A chance step is due: no seat may act.
    assert_eq!(refused(&state, 0, Action::Pass), ActionError::NotYourTurn);
    assert_eq!(refused(&state, 1, place(0)), ActionError::NotYourTurn);
    assert_eq!(refused(&state, 2, Action::Pass), ActionError::NoSuchSeat);
    // Impossible draws.
    for values in [&[][..], &[0, 1], &[5], &[7], &[255]] {
        assert!(
            matches!(refused_chance(&state, values), ActionError::BadChance(_)),
            "{values:?}"
        );
    }
    fill(&mut state, &columns("R/G/B/Y/W"));
    // The Aligneur's turn: no chance, no placing, the Destructeur waits.
    assert_eq!(refused_chance(&state, &[0]), ActionError::NoChanceDue);
    assert_eq!(refused(&state, 1, Action::Pass), ActionError::NotYourTurn);
    assert_eq!(
        refused(&state, 0, place(0)),
        illegal(
            "the Aligneur moves a token or passes; placing a drawn token is the Destructeur's move"
        )
    );
    // Out-of-range values from untrusted JSON are illegal, not panics.
    let columns_0_to_4 = illegal("the columns are numbered 0 to 4");
    assert_eq!(refused(&state, 0, mv(5, 0, 0)), columns_0_to_4);
    assert_eq!(refused(&state, 0, mv(0, 0, 255)), columns_0_to_4);
    assert_eq!(refused(&state, 0, mv(255, 255, 255)), columns_0_to_4);
    let no_token = illegal("there is no token at that place");
    assert_eq!(refused(&state, 0, mv(0, 1, 2)), no_token);
    assert_eq!(refused(&state, 0, mv(0, 255, 2)), no_token);
    // The Destructeur's turn.
    act(&mut state, 0, Action::Pass);
    draw(&mut state, Colour::Red);
    assert_eq!(refused_chance(&state, &[0]), ActionError::NoChanceDue);
    assert_eq!(refused(&state, 0, Action::Pass), ActionError::NotYourTurn);
    assert_eq!(refused(&state, 1, place(5)), columns_0_to_4);
    assert_eq!(refused(&state, 1, place(255)), columns_0_to_4);
    // After the end, everything is refused.
    let mut events = Vec::new();
    G::resign(&mut state, 0, &mut events).unwrap();
    assert_eq!(refused(&state, 1, place(0)), ActionError::GameOver);
    assert_eq!(refused_chance(&state, &[0]), ActionError::GameOver);
    let mut copy = state.clone();
    assert_eq!(
        G::resign(&mut copy, 1, &mut events),
        Err(ActionError::GameOver)
    );
    assert_eq!(copy, state);
}

#[test]
fn malformed_json_actions_are_refused_by_the_dispatch() {
    let mut any = AnyState::setup(GameId::MakeFive, 2, &json!({})).unwrap();
    for value in 0..5 {
        any.chance_json(&[value]).unwrap();
    }
    for bad in [
        json!({"type": "move", "from_column": -1, "from_position": 0, "to_column": 1}),
        json!({"type": "move", "from_column": 300, "from_position": 0, "to_column": 1}),
        json!({"type": "move", "from_column": 0}),
        json!({"type": "jump"}),
    ] {
        assert!(
            matches!(any.act_json(0, &bad), Err(ActionError::Malformed(_))),
            "{bad}"
        );
    }
    let events = any
        .act_json(
            0,
            &json!({"type": "move", "from_column": 0, "from_position": 0, "to_column": 1}),
        )
        .unwrap();
    assert_eq!(
        events,
        vec![
            json!({"type": "token_moved", "seat": 0, "colour": "red", "from_column": 0,
            "from_position": 0, "to_column": 1, "to_position": 1})
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Resignation.

#[test]
fn resignation_hands_the_win_to_the_other_player_at_any_moment() {
    // (steps into deal 2, leaver): the Destructeur on the Aligneur's turn, the Destructeur during
    // a draw, the Aligneur on the Destructeur's turn, the Destructeur on its own turn.
    let mut state = new_match(Options::default());
    play_deal(&mut state, SPLIT_FOURS); // seat 0 leads 20 to 0
    fill(&mut state, &columns("R/G/B/Y/W"));
    assert_eq!(G::turn(&state), seat_turn(1)); // deal 2: seat 1 is the Aligneur
    for (steps, leaver) in [(0, 0), (1, 0), (2, 1), (2, 0)] {
        let mut state = state.clone();
        if steps >= 1 {
            act(&mut state, 1, Action::Pass);
        }
        if steps >= 2 {
            draw(&mut state, Colour::Red);
        }
        let mut events = Vec::new();
        G::resign(&mut state, leaver, &mut events).unwrap();
        let winner = 1 - leaver;
        assert_eq!(
            events,
            vec![
                Event::Resigned { seat: leaver },
                Event::GameOver {
                    reason: EndReason::Resignation,
                    winner: Some(winner)
                }
            ]
        );
        assert_eq!(G::turn(&state), Turn::Over);
        G::check_invariants(&state).unwrap();
        let outcome = G::outcome(&state).unwrap();
        assert_eq!(outcome.reason, "resignation");
        // The leaver ranks last whatever the totals (seat 0 has 20, seat 1 has 0).
        let scores = [20, 0];
        assert_eq!(
            ranking(&state),
            vec![(winner, 1, scores[winner]), (leaver, 2, scores[leaver])]
        );
        assert!(G::view(&state, None).resigned == vec![leaver]);
    }
    let mut copy = state.clone();
    let mut events = Vec::new();
    assert_eq!(
        G::resign(&mut copy, 2, &mut events),
        Err(ActionError::NoSuchSeat)
    );
    assert_eq!(copy, state);
    assert!(events.is_empty());
}

// ---------------------------------------------------------------------------------------------
// View, invariants, JSON.

#[test]
fn the_view_shows_the_board_the_bag_and_what_each_choice_scores() {
    let mut state = new_match(Options::default());
    for letter in "RRGRB".chars() {
        draw(&mut state, colour(letter));
    }
    let view = G::view(&state, Some(1));
    assert_eq!(view.viewer, Some(1));
    assert_eq!((view.deal, view.deals), (1, 6));
    assert_eq!((view.aligneur, view.destructeur), (0, 1));
    assert_eq!(view.phase, Phase::Move);
    assert_eq!(view.turn, seat_turn(0));
    assert_eq!(view.board, columns("R/R/G/R/B"));
    assert_eq!(view.heights, [1; 5]);
    assert_eq!(view.row_points, [3, 0, 0, 0, 0]);
    assert_eq!(view.points, 3);
    assert_eq!(view.bag, [2, 4, 4, 5, 5]);
    assert_eq!(view.bag_total, 20);
    assert_eq!(view.hand, None);
    assert_eq!(view.aligneur_moves_left, 21);
    assert!(!view.final_move);
    assert_eq!(view.deal_points, [None; 6]);
    assert_eq!(view.totals, [0, 0]);
    assert_eq!(view.outcome, None);
    // One choice per legal action, with the score it leads to.
    let actions: Vec<Action> = view.choices.iter().map(|c| c.action).collect();
    assert_eq!(actions, legal(&state, 0));
    let points = |action| {
        view.choices
            .iter()
            .find(|c| c.action == action)
            .unwrap()
            .points
    };
    assert_eq!(points(Action::Pass), 3);
    // Taking the green out leaves R R . R B: still three reds.
    assert_eq!(points(mv(2, 0, 4)), 3);
    // Taking a red out leaves two.
    assert_eq!(points(mv(3, 0, 2)), 0);
    for Choice { action, points } in &view.choices {
        let mut copy = state.clone();
        act(&mut copy, 0, *action);
        assert_eq!(copy.board().points(false), *points, "{action:?}");
    }

    // The Destructeur's choices, with the token in hand.
    act(&mut state, 0, Action::Pass);
    draw(&mut state, Colour::Green);
    let view = G::view(&state, None);
    assert_eq!(view.hand, Some(Colour::Green));
    assert_eq!(view.aligneur_moves_left, 20);
    assert_eq!(view.choices.len(), 5);
    assert!(view.choices.iter().all(|c| c.points == 3));
}

#[test]
fn invariants_catch_a_gap_and_a_lost_token() {
    let mut state = new_match(Options::default());
    fill(&mut state, &columns("R/G/B/Y/W"));
    G::check_invariants(&state).unwrap();
    let json = serde_json::to_value(&state).unwrap();

    let mut gap = json.clone();
    gap["board"][0] = json!([null, "red", null, null, null]);
    let gap: State = serde_json::from_value(gap).unwrap();
    assert_eq!(
        G::check_invariants(&gap),
        Err("gap at column 0, position 0".into())
    );

    let mut lost = json.clone();
    lost["bag"][2] = json!(3);
    let lost: State = serde_json::from_value(lost).unwrap();
    assert_eq!(
        G::check_invariants(&lost),
        Err("Blue appears 4 times, not 5".into())
    );

    let mut six = json;
    six["board"][1] = json!(["red", null, null, null, null]);
    let six: State = serde_json::from_value(six).unwrap();
    assert!(G::check_invariants(&six).is_err());
}

#[test]
fn json_shapes_of_actions_and_events() {
    assert_eq!(
        serde_json::to_value(mv(0, 2, 4)).unwrap(),
        json!({"type": "move", "from_column": 0, "from_position": 2, "to_column": 4})
    );
    assert_eq!(
        serde_json::to_value(Action::Pass).unwrap(),
        json!({"type": "pass"})
    );
    assert_eq!(
        serde_json::to_value(place(3)).unwrap(),
        json!({"type": "place", "column": 3})
    );
    assert_eq!(
        serde_json::to_value(Event::TokenDrawn {
            seat: 1,
            colour: Colour::Yellow
        })
        .unwrap(),
        json!({"type": "token_drawn", "seat": 1, "colour": "yellow"})
    );
    assert_eq!(
        serde_json::to_value(Event::DealScored {
            deal: 1,
            seat: 0,
            board: rows(EXAMPLE_12),
            rows: [3, 4, 5, 0, 0],
            points: 12,
            total: 12
        })
        .unwrap(),
        json!({"type": "deal_scored", "deal": 1, "seat": 0,
            "board": [["red", "green", "blue", "yellow", "yellow"],
                      ["red", "green", "blue", "yellow", "yellow"],
                      ["red", "green", "blue", "white", "white"],
                      ["green", "green", "blue", "white", "white"],
                      ["yellow", "white", "blue", "red", "red"]],
            "rows": [3, 4, 5, 0, 0], "points": 12, "total": 12})
    );
    assert_eq!(
        serde_json::to_value(Event::GameOver {
            reason: EndReason::MakeFive,
            winner: Some(1)
        })
        .unwrap(),
        json!({"type": "game_over", "reason": "make_five", "winner": 1})
    );
    // The board is columns of colours and nulls, bottom first.
    let mut state = new_match(Options::default());
    fill(&mut state, &columns("R/G/B/Y/W"));
    let json = serde_json::to_value(&state).unwrap();
    assert_eq!(json["board"][0], json!(["red", null, null, null, null]));
    let back: State = serde_json::from_value(json).unwrap();
    assert_eq!(back, state);
}

#[test]
fn setup_takes_exactly_two_players() {
    for seats in [0, 1, 3] {
        assert!(G::setup(seats, &Options::default()).is_err());
    }
    assert_eq!(
        G::setup(3, &Options::default()).unwrap_err().to_string(),
        "make-five is played by 2 to 2 players, not 3"
    );
}
