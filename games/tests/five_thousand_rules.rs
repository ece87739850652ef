//! The rules of 5000: one test per numbered rule and per ambiguity resolution of
//! `docs/rules/5000.md`, plus the options, the rules file's examples, resignations, errors and
//! the view, each scripting its dice through `apply_chance` and asserting exact events, scores
//! and legal actions; then exhaustive checks of the throws against an independent brute-force
//! reading of the rules file, and the JSON face the server uses.
//!
//! For every throw of 1 to 5 dice (every ordered throw for the zero-throw counts, every multiset
//! for the keeps) the game must say exactly what the brute force says: whether it is a zero
//! throw (or five 1s), and the exact list of distinct legal keeps with their points. The brute
//! force knows nothing of the implementation: it enumerates the subsets of the thrown dice and
//! values each by trying every split into the groups of the rules file's table (§1.2).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};
use tapis_games::five_thousand::*;
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Seat, SetupError, Turn};

/// The scoring groups of the points table (§1.2, rule 3 and option `extra_multiples`), as
/// (sorted dice, points). Five 1s are left out: they win the game rather than score.
fn groups(options: &Options) -> Vec<(Vec<u8>, u32)> {
    let mut groups = vec![(vec![1], 100), (vec![5], 50)];
    for face in 1..=6u8 {
        let brelan = if face == 1 {
            1000
        } else {
            100 * u32::from(face)
        };
        groups.push((vec![face; 3], brelan));
        if options.extra_multiples {
            groups.push((vec![face; 4], 2 * brelan));
            if face != 1 {
                groups.push((vec![face; 5], 4 * brelan));
            }
        }
    }
    groups.push((vec![1, 2, 3, 4, 5], options.straight_value));
    groups.push((vec![2, 3, 4, 5, 6], options.straight_value));
    groups.push((vec![5; 5], 5000));
    groups
}

/// Removes the dice of `group` from the sorted `dice`, if they are all there.
fn without(dice: &[u8], group: &[u8]) -> Option<Vec<u8>> {
    let mut rest = dice.to_vec();
    for die in group {
        let at = rest.iter().position(|d| d == die)?;
        rest.remove(at);
    }
    Some(rest)
}

/// The best value of a split of all of `dice` into groups, if there is one.
fn best_split(dice: &[u8], groups: &[(Vec<u8>, u32)]) -> Option<u32> {
    let Some(first) = dice.first() else {
        return Some(0);
    };
    groups
        .iter()
        .filter(|(group, _)| group.contains(first))
        .filter_map(|(group, points)| {
            let rest = without(dice, group)?;
            Some(points + best_split(&rest, groups)?)
        })
        .max()
}

/// What the rules file says of a throw.
#[derive(Debug, PartialEq)]
enum Expected {
    FiveOnes,
    ZeroThrow,
    /// The distinct legal keeps (sorted dice) and their points.
    Keeps(BTreeMap<Vec<u8>, u32>),
}

fn expected(throw: &[u8], options: &Options) -> Expected {
    let mut sorted = throw.to_vec();
    sorted.sort_unstable();
    if sorted == [1; 5] {
        return Expected::FiveOnes;
    }
    let groups = groups(options);
    // A zero throw holds no group at all (rule 6).
    if groups
        .iter()
        .all(|(group, _)| without(&sorted, group).is_none())
    {
        return Expected::ZeroThrow;
    }
    let mut subsets = BTreeSet::new();
    for mask in 1u32..(1 << sorted.len()) {
        let subset: Vec<u8> = (0..sorted.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| sorted[i])
            .collect();
        subsets.insert(subset);
    }
    Expected::Keeps(
        subsets
            .into_iter()
            .filter_map(|kept| best_split(&kept, &groups).map(|points| (kept, points)))
            .collect(),
    )
}

/// A match of two where seat 0 is about to throw `dice` dice, reached by scripted play: a first
/// throw from which an unopened player keeps `5 - dice` dice worth less than 750, so that the
/// rest must be thrown again.
fn about_to_throw(dice: u8, options: &Options) -> State {
    let mut state = FiveThousand::setup(2, options).unwrap();
    let script: Option<([u8; 5], &[u8])> = match dice {
        5 => None,
        4 => Some(([1, 2, 3, 4, 6], &[1])),
        3 => Some(([1, 1, 2, 3, 4], &[1, 1])),
        2 => Some(([1, 1, 5, 2, 3], &[1, 1, 5])),
        1 => Some(([1, 1, 5, 5, 2], &[1, 1, 5, 5])),
        _ => unreachable!(),
    };
    if let Some((throw, kept)) = script {
        let mut events = Vec::new();
        FiveThousand::apply_chance(&mut state, &throw, &mut events).unwrap();
        let action: Action = serde_json::from_value(json!({"type": "keep", "dice": kept})).unwrap();
        FiveThousand::apply(&mut state, 0, &action, &mut events).unwrap();
    }
    assert_eq!(
        FiveThousand::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: dice }
        }
    );
    state
}

/// What the game says of a throw, through `apply_chance`, `legal_actions` and `view`.
fn observed(start: &State, throw: &[u8]) -> Expected {
    let mut state = start.clone();
    let mut events = Vec::new();
    FiveThousand::apply_chance(&mut state, throw, &mut events).unwrap();
    FiveThousand::check_invariants(&state).unwrap();
    if events.contains(&Event::FiveOnes { seat: 0 }) {
        assert_eq!(FiveThousand::turn(&state), Turn::Over);
        return Expected::FiveOnes;
    }
    if let Some(Event::ZeroThrow { ballot, .. }) = events.get(1) {
        assert_eq!(
            *ballot,
            throw.len() == 5,
            "a ballot is a zero throw of five dice"
        );
        assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
        return Expected::ZeroThrow;
    }
    assert_eq!(FiveThousand::turn(&state), Turn::Seat { seat: 0 });
    let mut actions = Vec::new();
    FiveThousand::legal_actions(&state, 0, &mut actions);
    let view = FiveThousand::view(&state, Some(0));
    assert_eq!(view.keep_choices.len(), actions.len());
    let mut keeps = BTreeMap::new();
    for action in &actions {
        let Action::Keep { dice } = action else {
            panic!("{action:?} offered before any keep");
        };
        let choice = view
            .keep_choices
            .iter()
            .find(|c| c.dice == *dice)
            .expect("every keep is in the view");
        // Keeping it really scores what the view says.
        let mut after = state.clone();
        let mut events = Vec::new();
        FiveThousand::apply(&mut after, 0, action, &mut events).unwrap();
        FiveThousand::check_invariants(&after).unwrap();
        let Some(Event::Kept { points, .. }) = events.first() else {
            panic!("no kept event: {events:?}");
        };
        assert_eq!(*points, choice.points);
        let previous = keeps.insert(dice.iter().collect::<Vec<u8>>(), choice.points);
        assert!(previous.is_none(), "{dice:?} listed twice");
    }
    Expected::Keeps(keeps)
}

/// Every sorted throw (multiset) of `n` dice.
fn multisets(n: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for shorter in multisets(n - 1) {
        let from = shorter.last().copied().unwrap_or(1);
        for face in from..=6 {
            let mut throw = shorter.clone();
            throw.push(face);
            out.push(throw);
        }
    }
    out
}

/// Every ordered throw of `n` dice.
fn sequences(n: usize) -> Vec<Vec<u8>> {
    (0..6usize.pow(n as u32))
        .map(|mut code| {
            (0..n)
                .map(|_| {
                    let face = (code % 6) as u8 + 1;
                    code /= 6;
                    face
                })
                .collect()
        })
        .collect()
}

fn option_sets() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            extra_multiples: true,
            ..Options::default()
        },
        Options {
            straight_value: 750,
            ..Options::default()
        },
    ]
}

#[test]
fn every_throw_of_one_to_five_dice_offers_exactly_the_keeps_of_the_brute_force() {
    for options in option_sets() {
        let mut checked = 0;
        for n in 1..=5u8 {
            let start = about_to_throw(n, &options);
            for throw in multisets(usize::from(n)) {
                assert_eq!(
                    observed(&start, &throw),
                    expected(&throw, &options),
                    "throw {throw:?} with {options:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 6 + 21 + 56 + 126 + 252);
    }
}

#[test]
fn every_ordered_throw_is_a_zero_throw_exactly_when_the_brute_force_says_so() {
    // S6 (farkle.games/farkle-odds) counts the non-scoring throws of 1 to 5 dice: 4 of 6,
    // 16 of 36, 60 of 216, 204 of 1296 and 600 of 7776.
    let zero_counts = [4, 16, 60, 204, 600];
    let options = Options::default();
    for (n, want) in (1..=5u8).zip(zero_counts) {
        let start = about_to_throw(n, &options);
        let mut zero = 0;
        for throw in sequences(usize::from(n)) {
            let mut state = start.clone();
            let mut events = Vec::new();
            FiveThousand::apply_chance(&mut state, &throw, &mut events).unwrap();
            let is_zero = matches!(events.get(1), Some(Event::ZeroThrow { .. }));
            assert_eq!(
                is_zero,
                expected(&throw, &options) == Expected::ZeroThrow,
                "{throw:?}"
            );
            zero += usize::from(is_zero);
        }
        assert_eq!(zero, want, "zero throws of {n} dice");
    }
}

#[test]
fn eleven_keeps_out_of_one_one_one_five_five_by_the_brute_force_too() {
    let Expected::Keeps(keeps) = expected(&[1, 1, 1, 5, 5], &Options::default()) else {
        panic!("not a scoring throw");
    };
    assert_eq!(keeps.len(), 11);
    assert_eq!(keeps[&vec![1, 1, 1]], 1000);
    assert_eq!(keeps[&vec![1, 1, 1, 5, 5]], 1100);
}

#[test]
fn the_server_plays_5000_through_json() {
    let options = GameId::FiveThousand
        .normalize_options(&json!({"straight_value": 750}))
        .unwrap();
    assert_eq!(options["target"], 5000);
    assert!(!GameId::FiveThousand.are_default_options(&options));
    let mut game = AnyState::setup(GameId::FiveThousand, 2, &options).unwrap();
    assert_eq!(
        serde_json::to_value(game.turn()).unwrap(),
        json!({"type": "chance", "chance": {"type": "dice", "count": 5}})
    );
    let events = game.chance_json(&[1, 5, 1, 5, 1]).unwrap();
    assert_eq!(
        events,
        vec![json!({"type": "dice_thrown", "seat": 0, "dice": [1, 5, 1, 5, 1], "throw": 1})]
    );
    let legal = game.legal_json(0);
    assert_eq!(legal.len(), 11);
    assert!(legal.contains(&json!({"type": "keep", "dice": [1, 1, 1, 5]})));
    // Faces may be posted in any order; the event names them sorted.
    let events = game
        .act_json(0, &json!({"type": "keep", "dice": [5, 1, 1, 1]}))
        .unwrap();
    assert_eq!(
        events,
        vec![
            json!({"type": "kept", "seat": 0, "dice": [1, 1, 1, 5], "points": 1050, "turn_total": 1050})
        ]
    );
    assert_eq!(
        game.legal_json(0),
        vec![json!({"type": "bank"}), json!({"type": "rethrow"})]
    );
    assert!(matches!(
        game.act_json(0, &json!({"type": "keep", "dice": [9]})),
        Err(ActionError::Malformed(_))
    ));
    let view = game.view_json(Some(1));
    assert_eq!(view["turn_total"], 1050);
    assert_eq!(
        view["bank"],
        json!({"type": "banked", "counted": 1050, "score": 1050, "reaches_target": false})
    );
    let events = game.act_json(0, &json!({"type": "bank"})).unwrap();
    assert_eq!(
        events,
        vec![
            json!({"type": "banked", "seat": 0, "points": 1050, "counted": 1050, "score": 1050, "opened": true}),
            json!({"type": "turn_started", "seat": 1}),
        ]
    );
    let events = game.resign_json(1).unwrap();
    assert_eq!(
        events[1],
        json!({"type": "game_over", "winner": 0, "reason": "resignation"})
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, "resignation");
    let stored = game.to_json();
    let back = AnyState::from_json(GameId::FiveThousand, &stored).unwrap();
    assert_eq!(back, game);
}

// ---------------------------------------------------------------------------------------------
// The rules by example

fn roll(dice: &[u8]) -> Roll {
    Roll::new(dice).unwrap()
}

fn faces(dice: &[u8]) -> Faces {
    Faces::from_dice(dice).unwrap()
}

fn keep(dice: &[u8]) -> Action {
    Action::Keep { dice: faces(dice) }
}

fn thrown(seat: Seat, dice: &[u8], throw: u8) -> Event {
    Event::DiceThrown {
        seat,
        dice: roll(dice),
        throw,
    }
}

fn kept(seat: Seat, dice: &[u8], points: u32, turn_total: u32) -> Event {
    Event::Kept {
        seat,
        dice: faces(dice),
        points,
        turn_total,
    }
}

fn dice_chance(count: u8) -> Turn {
    Turn::Chance {
        chance: Chance::Dice { count },
    }
}

/// `state` with some fields replaced, through the JSON form the server stores (the fields of
/// a state are private to the rules).
fn patched(state: &State, patch: Value) -> State {
    let mut json = serde_json::to_value(state).unwrap();
    for (field, value) in patch.as_object().unwrap() {
        json[field] = value.clone();
    }
    serde_json::from_value(json).unwrap()
}

/// A match driven step by step; every step checks the invariants.
struct Play {
    state: State,
}

impl Play {
    fn new(seats: usize) -> Play {
        Play::with(seats, Options::default())
    }

    fn with(seats: usize, options: Options) -> Play {
        Play {
            state: FiveThousand::setup(seats, &options).unwrap(),
        }
    }

    /// Sets a banked score (opened when positive), as if earlier turns had made it.
    fn score(mut self, seat: Seat, score: u32) -> Play {
        let mut json = serde_json::to_value(&self.state).unwrap();
        json["players"][seat] = json!({"score": score, "opened": score > 0});
        self.state = serde_json::from_value(json).unwrap();
        FiveThousand::check_invariants(&self.state).unwrap();
        self
    }

    fn turn(&self) -> Turn {
        FiveThousand::turn(&self.state)
    }

    fn to_act(&self) -> Seat {
        match self.turn() {
            Turn::Seat { seat } => seat,
            other => panic!("no seat to act: {other:?}"),
        }
    }

    fn throw(&mut self, dice: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        FiveThousand::apply_chance(&mut self.state, dice, &mut events).unwrap();
        FiveThousand::check_invariants(&self.state).unwrap();
        events
    }

    fn act(&mut self, action: Action) -> Vec<Event> {
        let seat = self.to_act();
        assert!(
            self.legal().contains(&action),
            "{action:?} is not listed in {:?}",
            self.legal()
        );
        let mut events = Vec::new();
        FiveThousand::apply(&mut self.state, seat, &action, &mut events).unwrap();
        FiveThousand::check_invariants(&self.state).unwrap();
        events
    }

    fn keep(&mut self, dice: &[u8]) -> Vec<Event> {
        self.act(keep(dice))
    }

    fn bank(&mut self) -> Vec<Event> {
        self.act(Action::Bank)
    }

    fn rethrow(&mut self) -> Vec<Event> {
        self.act(Action::Rethrow)
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        let mut events = Vec::new();
        FiveThousand::resign(&mut self.state, seat, &mut events).unwrap();
        FiveThousand::check_invariants(&self.state).unwrap();
        events
    }

    fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        FiveThousand::legal_actions(&self.state, self.view().seat, &mut out);
        out
    }

    /// The keeps offered now, as (sorted dice, points), sorted.
    fn keeps(&self) -> Vec<(Vec<u8>, u32)> {
        let table = self.view().options.table();
        let mut keeps: Vec<(Vec<u8>, u32)> = self
            .legal()
            .into_iter()
            .map(|action| match action {
                Action::Keep { dice } => (dice.iter().collect(), table.keep_value(dice).unwrap()),
                other => panic!("{other:?} is not a keep"),
            })
            .collect();
        keeps.sort();
        keeps
    }

    fn banked(&self, seat: Seat) -> u32 {
        self.view().players[seat].score
    }

    fn view(&self) -> View {
        FiveThousand::view(&self.state, None)
    }

    /// Tries something that must fail, and checks it changed nothing.
    fn refused(
        &self,
        attempt: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), ActionError>,
    ) -> ActionError {
        let mut copy = self.state.clone();
        let mut events = Vec::new();
        let error = attempt(&mut copy, &mut events).unwrap_err();
        assert_eq!(copy, self.state, "a refused call changed the state");
        assert!(events.is_empty(), "a refused call produced events");
        error
    }

    fn refused_action(&self, seat: Seat, action: Action) -> ActionError {
        self.refused(|s, e| FiveThousand::apply(s, seat, &action, e))
    }

    fn outcome(&self) -> Vec<(Seat, usize, i64)> {
        FiveThousand::outcome(&self.state)
            .unwrap()
            .ranking
            .iter()
            .map(|p| (p.seat, p.rank, p.score))
            .collect()
    }

    fn reason(&self) -> String {
        FiveThousand::outcome(&self.state)
            .unwrap()
            .reason
            .into_owned()
    }
}

fn illegal(reason: &'static str) -> ActionError {
    ActionError::illegal(reason)
}

// ---------------------------------------------------------------------------------------------
// 1.1 Set-up

#[test]
fn rule_01_two_to_eight_players_all_at_zero_not_opened_with_five_dice() {
    for seats in 2..=8 {
        let play = Play::new(seats);
        let view = play.view();
        assert_eq!(view.players.len(), seats);
        assert!(
            view.players
                .iter()
                .all(|p| p.score == 0 && !p.opened && !p.resigned)
        );
        assert_eq!(play.turn(), dice_chance(5));
        assert_eq!(view.seat, 0);
        assert_eq!(view.dice_in_hand, 5);
        assert!(FiveThousand::outcome(&play.state).is_none());
    }
    for seats in [0, 1, 9] {
        assert!(matches!(
            FiveThousand::setup(seats, &Options::default()),
            Err(SetupError::SeatCount { seats: s, min: 2, max: 8, .. }) if s == seats
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// 1.2 Scoring groups

#[test]
fn scoring_table_every_group_as_kept_from_a_throw() {
    let cases: [(&[u8], &[u8], u32); 11] = [
        (&[1, 2, 3, 4, 6], &[1], 100),
        (&[5, 2, 3, 4, 6], &[5], 50),
        (&[1, 1, 1, 2, 3], &[1, 1, 1], 1000),
        (&[2, 2, 2, 3, 4], &[2, 2, 2], 200),
        (&[3, 3, 3, 2, 4], &[3, 3, 3], 300),
        (&[4, 4, 4, 2, 3], &[4, 4, 4], 400),
        (&[5, 5, 5, 2, 3], &[5, 5, 5], 500),
        (&[6, 6, 6, 2, 3], &[6, 6, 6], 600),
        (&[3, 1, 4, 5, 2], &[1, 2, 3, 4, 5], 1500),
        (&[6, 2, 5, 3, 4], &[2, 3, 4, 5, 6], 1500),
        (&[5, 5, 5, 5, 5], &[5, 5, 5, 5, 5], 5000),
    ];
    for (throw, dice, points) in cases {
        let mut play = Play::new(2).score(0, 1000);
        play.throw(throw);
        let events = play.keep(dice);
        assert_eq!(events[0], kept(0, dice, points, points), "{throw:?}");
    }
}

#[test]
fn rule_02_twos_threes_fours_and_sixes_score_only_in_a_brelan_or_a_straight() {
    let mut play = Play::new(2);
    play.throw(&[2, 3, 1, 4, 6]);
    assert_eq!(play.keeps(), vec![(vec![1], 100)]);
    assert_eq!(
        play.refused_action(0, keep(&[1, 2])),
        illegal("every kept die must score: a 2, 3, 4 or 6 scores only in a brelan or a straight")
    );

    let mut play = Play::new(2);
    play.throw(&[2, 2, 2, 3, 4]);
    assert_eq!(play.keeps(), vec![(vec![2, 2, 2], 200)]);
    assert!(matches!(
        play.refused_action(0, keep(&[2, 2])),
        ActionError::Illegal(_)
    ));
}

#[test]
fn rule_03_four_and_five_of_a_kind_are_a_brelan_plus_the_leftovers() {
    // The rules file's examples: four 1s = 1100, four 5s = 550, four 2s = 200 with one
    // non-scoring 2, five 6s = 600 with two non-scoring 6s.
    let mut play = Play::new(2);
    play.throw(&[1, 1, 3, 1, 1]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![1], 100),
            (vec![1, 1], 200),
            (vec![1, 1, 1], 1000),
            (vec![1, 1, 1, 1], 1100),
        ]
    );
    let mut play = Play::new(2);
    play.throw(&[5, 5, 5, 5, 2]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![5], 50),
            (vec![5, 5], 100),
            (vec![5, 5, 5], 500),
            (vec![5, 5, 5, 5], 550),
        ]
    );
    let mut play = Play::new(2);
    play.throw(&[2, 2, 2, 2, 3]);
    assert_eq!(play.keeps(), vec![(vec![2, 2, 2], 200)]);
    let mut play = Play::new(2);
    play.throw(&[6, 6, 6, 6, 6]);
    assert_eq!(play.keeps(), vec![(vec![6, 6, 6], 600)]);
    // The two leftover 6s stay in hand and are thrown again.
    let events = play.keep(&[6, 6, 6]);
    assert_eq!(events, vec![kept(0, &[6, 6, 6], 600, 600)]);
    assert_eq!(play.turn(), dice_chance(2));
}

#[test]
fn rule_04_groups_never_combine_across_throws() {
    // The original rules' example: a 1 kept on the first throw, two 1s on the second = 100 + 200.
    let mut play = Play::new(2);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    assert_eq!(play.turn(), dice_chance(4));
    play.throw(&[1, 1, 2, 3]);
    assert_eq!(play.keeps(), vec![(vec![1], 100), (vec![1, 1], 200)]);
    let events = play.keep(&[1, 1]);
    assert_eq!(events, vec![kept(0, &[1, 1], 200, 300)]);
    assert_eq!(play.view().turn_total, 300);
    // Nor does a 5 kept earlier make a brelan with two later 5s.
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[5, 2, 2, 3, 4]);
    play.keep(&[5]);
    play.rethrow();
    play.throw(&[5, 5, 2, 3]);
    assert_eq!(play.keeps(), vec![(vec![5], 50), (vec![5, 5], 100)]);
}

// ---------------------------------------------------------------------------------------------
// 1.3 A turn

#[test]
fn rule_05_a_turn_starts_at_zero_with_a_throw_of_all_five_dice() {
    let mut play = Play::new(3);
    assert_eq!(play.turn(), dice_chance(5));
    assert_eq!(play.view().turn_total, 0);
    let events = play.throw(&[2, 2, 3, 4, 6]);
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
    assert_eq!(play.turn(), dice_chance(5));
    let view = play.view();
    assert_eq!(
        (
            view.seat,
            view.turn_total,
            view.throws_used,
            view.dice_in_hand
        ),
        (1, 0, 0, 5)
    );
}

#[test]
fn rule_06_a_zero_throw_loses_the_turn_total_and_ends_the_turn() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    let events = play.throw(&[2, 3, 4, 6]);
    assert_eq!(
        events,
        vec![
            thrown(0, &[2, 3, 4, 6], 2),
            Event::ZeroThrow {
                seat: 0,
                lost: 100,
                ballot: false
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(play.banked(0), 1000);
    assert_eq!(play.turn(), dice_chance(5));
}

#[test]
fn rule_06_a_zero_throw_of_five_dice_is_a_ballot() {
    let mut play = Play::new(2).score(0, 1000);
    let events = play.throw(&[2, 2, 3, 4, 6]);
    assert_eq!(
        events,
        vec![
            thrown(0, &[2, 2, 3, 4, 6], 1),
            Event::ZeroThrow {
                seat: 0,
                lost: 0,
                ballot: true
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(play.banked(0), 1000);
}

#[test]
fn rule_06_five_ones_win_at_once_even_unopened() {
    let mut play = Play::new(3).score(1, 4500).score(2, 800);
    let events = play.throw(&[1, 1, 1, 1, 1]);
    assert_eq!(
        events,
        vec![
            thrown(0, &[1, 1, 1, 1, 1], 1),
            Event::FiveOnes { seat: 0 },
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::FiveOnes
            },
        ]
    );
    assert_eq!(play.turn(), Turn::Over);
    assert!(play.legal().is_empty());
    assert_eq!(play.outcome(), vec![(0, 1, 0), (1, 2, 4500), (2, 3, 800)]);
    assert_eq!(play.reason(), "five_ones");
}

#[test]
fn rule_06_at_least_one_scoring_group_must_be_set_aside() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 5, 2, 3, 3]);
    let set_aside_first = illegal("set aside at least one scoring die from the throw first");
    assert_eq!(play.refused_action(0, Action::Bank), set_aside_first);
    assert_eq!(play.refused_action(0, Action::Rethrow), set_aside_first);
    assert_eq!(
        play.refused_action(0, Action::Keep { dice: Faces::EMPTY }),
        illegal("keep at least one scoring die")
    );
    assert_eq!(
        play.legal(),
        vec![keep(&[1]), keep(&[5]), keep(&[1, 5])],
        "keeps only"
    );
}

#[test]
fn rule_06_any_choice_among_the_groups_and_the_rest_stays_in_hand() {
    // e.g. only the 1 out of a 1-2-3-4-5 straight.
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 5]);
    let events = play.keep(&[1]);
    assert_eq!(events, vec![kept(0, &[1], 100, 100)]);
    play.rethrow();
    assert_eq!(play.turn(), dice_chance(4));
    assert_eq!(
        play.view().set_aside,
        vec![KeptView {
            dice: faces(&[1]),
            points: 100
        }]
    );
}

#[test]
fn rule_07_after_a_keep_the_player_banks_or_rethrows_the_dice_left() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 5, 2, 3, 3]);
    play.keep(&[1, 5]);
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
    assert_eq!(play.view().turn, Turn::Seat { seat: 0 });

    let mut rethrown = Play {
        state: play.state.clone(),
    };
    assert!(rethrown.rethrow().is_empty());
    assert_eq!(rethrown.turn(), dice_chance(3));

    let events = play.bank();
    assert_eq!(
        events,
        vec![
            Event::Banked {
                seat: 0,
                points: 150,
                counted: 150,
                score: 1150,
                opened: false
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(play.banked(0), 1150);
}

#[test]
fn rule_08_hot_dice_all_five_may_be_thrown_again_into_the_same_turn_total() {
    let mut play = Play::new(2);
    play.throw(&[3, 1, 4, 5, 2]);
    let events = play.keep(&[1, 2, 3, 4, 5]);
    assert_eq!(
        events,
        vec![
            kept(0, &[1, 2, 3, 4, 5], 1500, 1500),
            Event::HotDice { seat: 0 }
        ]
    );
    // Optional by default: bank or throw all five again.
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
    play.rethrow();
    assert_eq!(play.turn(), dice_chance(5));
    let view = play.view();
    assert_eq!(
        (view.carried, view.turn_total, view.dice_in_hand),
        (1500, 1500, 5)
    );
    assert!(view.set_aside.is_empty());
    let events = play.throw(&[5, 2, 2, 3, 4]);
    assert_eq!(events, vec![thrown(0, &[5, 2, 2, 3, 4], 2)]);
    assert_eq!(play.keep(&[5]), vec![kept(0, &[5], 50, 1550)]);
    play.bank();
    assert_eq!(play.banked(0), 1550);
}

#[test]
fn rule_09_an_unopened_player_banks_only_750_or_more_in_one_turn() {
    // 700 is not enough: the only way on is to throw again, so it happens at once.
    let mut play = Play::new(2);
    play.throw(&[6, 6, 6, 1, 2]);
    let events = play.keep(&[1, 6, 6, 6]);
    assert_eq!(events, vec![kept(0, &[1, 6, 6, 6], 700, 700)]);
    assert_eq!(play.turn(), dice_chance(1));
    assert_eq!(play.view().to_open, 50);

    // 750 exactly opens.
    let mut play = Play::new(2);
    play.throw(&[6, 6, 6, 1, 5]);
    play.keep(&[1, 5, 6, 6, 6]);
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
    let events = play.bank();
    assert_eq!(
        events[0],
        Event::Banked {
            seat: 0,
            points: 750,
            counted: 750,
            score: 750,
            opened: true
        }
    );
    assert!(play.view().players[0].opened);

    // Once opened, any positive total may be banked.
    let mut play = Play::new(2).score(0, 750);
    play.throw(&[5, 2, 2, 3, 4]);
    play.keep(&[5]);
    play.bank();
    assert_eq!(play.banked(0), 800);
}

#[test]
fn rule_10_at_most_three_throws_then_the_player_must_bank() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[5, 2, 3, 4]);
    play.keep(&[5]);
    assert_eq!(play.view().throws_left, 1);
    play.rethrow();
    assert_eq!(play.throw(&[1, 2, 3]), vec![thrown(0, &[1, 2, 3], 3)]);
    assert_eq!(play.view().throws_left, 0);
    let events = play.keep(&[1]);
    assert_eq!(
        events,
        vec![
            kept(0, &[1], 100, 250),
            Event::Banked {
                seat: 0,
                points: 250,
                counted: 250,
                score: 1250,
                opened: false
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

#[test]
fn rule_11_banking_the_target_wins_at_once() {
    let mut play = Play::new(3).score(0, 4800).score(2, 4950);
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1, 1]);
    let events = play.bank();
    assert_eq!(
        events,
        vec![
            Event::Banked {
                seat: 0,
                points: 200,
                counted: 200,
                score: 5000,
                opened: false
            },
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::TargetReached
            },
        ]
    );
    assert_eq!(play.turn(), Turn::Over);
    // Ranking: the winner first, then the others by banked score.
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (2, 2, 4950), (1, 3, 0)]);
    assert_eq!(play.reason(), "target_reached");
}

#[test]
fn rule_11_five_fives_score_5000_and_win_from_zero() {
    let mut play = Play::new(2);
    play.throw(&[5, 5, 5, 5, 5]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![5], 50),
            (vec![5, 5], 100),
            (vec![5, 5, 5], 500),
            (vec![5, 5, 5, 5], 550),
            (vec![5, 5, 5, 5, 5], 5000),
        ]
    );
    play.keep(&[5, 5, 5, 5, 5]);
    play.bank();
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (1, 2, 0)]);
}

#[test]
fn rule_12_exact_target_a_banking_past_it_is_void() {
    let options = Options {
        target_rule: TargetRule::Exactly,
        ..Options::default()
    };
    let mut play = Play::with(2, options.clone()).score(0, 4900);
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1, 1]);
    assert_eq!(play.view().bank, Some(BankResult::Overshoot));
    let events = play.bank();
    assert_eq!(
        events,
        vec![
            Event::TurnLost {
                seat: 0,
                lost: 200,
                reason: TurnLostReason::Overshoot
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(play.banked(0), 4900);

    let mut play = Play::with(2, options).score(0, 4900);
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1]);
    assert_eq!(
        play.view().bank,
        Some(BankResult::Banked {
            counted: 100,
            score: 5000,
            reaches_target: true
        })
    );
    play.bank();
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (1, 2, 0)]);
}

#[test]
fn rule_12_exact_target_a_forced_banking_past_it_is_void_too() {
    let options = Options {
        target_rule: TargetRule::Exactly,
        ..Options::default()
    };
    let mut play = Play::with(2, options).score(0, 4950);
    play.throw(&[5, 2, 3, 4, 6]);
    play.keep(&[5]);
    play.rethrow();
    play.throw(&[5, 2, 3, 4]);
    play.keep(&[5]);
    play.rethrow();
    play.throw(&[1, 2, 3]);
    let events = play.keep(&[1]);
    assert_eq!(
        events[1],
        Event::TurnLost {
            seat: 0,
            lost: 200,
            reason: TurnLostReason::Overshoot
        }
    );
    assert_eq!(play.banked(0), 4950);
}

#[test]
fn rule_12_last_thousand_in_one_turn_caps_points_above_4000() {
    let options = Options {
        target_rule: TargetRule::LastThousandInOneTurn,
        ..Options::default()
    };
    let bank = |from: u32, throw: &[u8], dice: &[u8]| {
        let mut play = Play::with(2, options.clone()).score(0, from);
        play.throw(throw);
        play.keep(dice);
        let events = play.bank();
        (play, events)
    };
    // 3800 + 500: only 200 count.
    let (play, events) = bank(3800, &[5, 5, 5, 2, 3], &[5, 5, 5]);
    assert_eq!(
        events[0],
        Event::Banked {
            seat: 0,
            points: 500,
            counted: 200,
            score: 4000,
            opened: false
        }
    );
    assert_eq!(play.banked(0), 4000);
    // At 4000, a turn under 1000 counts for nothing...
    let (play, events) = bank(4000, &[6, 6, 6, 2, 3], &[6, 6, 6]);
    assert_eq!(
        events[0],
        Event::Banked {
            seat: 0,
            points: 600,
            counted: 0,
            score: 4000,
            opened: false
        }
    );
    assert_eq!(play.turn(), dice_chance(5));
    // ... and a turn of 1000 wins.
    let (play, _) = bank(4000, &[1, 1, 1, 2, 3], &[1, 1, 1]);
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (1, 2, 0)]);
    // Reaching the target from below 4000 in one banking wins as well.
    let (play, _) = bank(3900, &[1, 1, 1, 5, 5], &[1, 1, 1, 5, 5]);
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (1, 2, 0)]);
}

#[test]
fn rule_12_target_ten_thousand() {
    let options = Options {
        target: 10_000,
        ..Options::default()
    };
    let mut play = Play::with(2, options.clone()).score(0, 4900);
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1, 1]);
    play.bank();
    assert_eq!(play.banked(0), 5100);
    assert_eq!(play.turn(), dice_chance(5));

    let mut play = Play::with(2, options).score(0, 9900);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    let events = play.bank();
    assert_eq!(
        events[1],
        Event::GameOver {
            winner: Some(0),
            reason: EndReason::TargetReached
        }
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Ambiguities

#[test]
fn ambiguity_f1_only_five_fives_and_five_ones_are_special_multiples() {
    let table = Table::default();
    assert_eq!(table.keep_value(faces(&[5, 5, 5, 5, 5])), Some(5000));
    assert_eq!(table.keep_value(faces(&[1, 1, 1, 1, 1])), None);
    for face in [2, 3, 4, 6] {
        let five = faces(&[face; 5]);
        assert_eq!(
            table.keep_value(five),
            None,
            "five {face}s cannot all be kept"
        );
        assert_eq!(table.keep_value(faces(&[face; 3])), Some(brelan(face)));
    }
    assert_eq!(table.keep_value(faces(&[1, 1, 1, 1])), Some(1100));
}

#[test]
fn ambiguity_f2_every_throw_counts_hot_dice_included() {
    // Hot dice on the third throw: no throw is left, so the turn is banked at once.
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[1, 2, 3, 4]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[1, 1, 1]);
    let events = play.keep(&[1, 1, 1]);
    assert_eq!(
        events,
        vec![
            kept(0, &[1, 1, 1], 1000, 1200),
            Event::HotDice { seat: 0 },
            Event::Banked {
                seat: 0,
                points: 1200,
                counted: 1200,
                score: 2200,
                opened: false
            },
            Event::TurnStarted { seat: 1 },
        ]
    );

    // Hot dice on the second throw: the re-throw of five is the third and last.
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[5, 5, 5, 1]);
    play.keep(&[1, 5, 5, 5]);
    play.rethrow();
    assert_eq!(play.view().throws_left, 1);
    assert_eq!(
        play.throw(&[5, 2, 2, 3, 4])[0],
        thrown(0, &[5, 2, 2, 3, 4], 3)
    );
    let events = play.keep(&[5]);
    assert_eq!(
        events[1],
        Event::Banked {
            seat: 0,
            points: 750,
            counted: 750,
            score: 1750,
            opened: false
        }
    );
}

#[test]
fn ambiguity_f2_option_hot_dice_resets_throw_count() {
    let options = Options {
        hot_dice_resets_throw_count: true,
        ..Options::default()
    };
    let mut play = Play::with(2, options).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[1, 2, 3, 4]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[1, 1, 1]);
    let events = play.keep(&[1, 1, 1]);
    assert_eq!(
        events,
        vec![kept(0, &[1, 1, 1], 1000, 1200), Event::HotDice { seat: 0 }]
    );
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
    play.rethrow();
    let view = play.view();
    assert_eq!(
        (view.throws_used, view.throws_left, view.dice_in_hand),
        (0, 3, 5)
    );
    assert_eq!(
        play.throw(&[5, 2, 2, 3, 4])[0],
        thrown(0, &[5, 2, 2, 3, 4], 1)
    );
    play.keep(&[5]);
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
}

#[test]
fn ambiguity_f3_hot_dice_rethrow_is_optional_by_default() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 1, 1, 5, 5]);
    play.keep(&[1, 1, 1, 5, 5]);
    assert_eq!(play.legal(), vec![Action::Bank, Action::Rethrow]);
    play.bank();
    assert_eq!(play.banked(0), 2100);
}

#[test]
fn ambiguity_f3_option_hot_dice_mandatory() {
    let options = Options {
        hot_dice_mandatory: true,
        ..Options::default()
    };
    let mut play = Play::with(2, options.clone()).score(0, 1000);
    play.throw(&[1, 1, 1, 5, 5]);
    let events = play.keep(&[1, 1, 1, 5, 5]);
    assert_eq!(
        events,
        vec![
            kept(0, &[1, 1, 1, 5, 5], 1100, 1100),
            Event::HotDice { seat: 0 }
        ]
    );
    // No choice: the five dice are thrown again at once.
    assert_eq!(play.turn(), dice_chance(5));
    let events = play.throw(&[2, 2, 3, 4, 6]);
    assert_eq!(
        events[1],
        Event::ZeroThrow {
            seat: 0,
            lost: 1100,
            ballot: true
        }
    );
    // Hot dice on the last throw cannot be thrown again: the turn is banked.
    let mut play = Play::with(2, options).score(0, 1000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[1, 2, 3, 4]);
    play.keep(&[1]);
    play.rethrow();
    play.throw(&[5, 5, 1]);
    play.keep(&[1, 5, 5]);
    assert_eq!(play.banked(0), 1400);
}

#[test]
fn ambiguity_f4_not_every_scoring_die_must_be_kept_and_brelan_dice_count_alone() {
    let mut play = Play::new(2);
    play.throw(&[1, 1, 1, 2, 3]);
    assert_eq!(
        play.keeps(),
        vec![(vec![1], 100), (vec![1, 1], 200), (vec![1, 1, 1], 1000)]
    );
    let mut play = Play::new(2);
    play.throw(&[5, 2, 5, 3, 5]);
    assert_eq!(
        play.keeps(),
        vec![(vec![5], 50), (vec![5, 5], 100), (vec![5, 5, 5], 500)]
    );
    let mut play = Play::new(2);
    play.throw(&[4, 4, 4, 1, 3]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![1], 100),
            (vec![1, 4, 4, 4], 500),
            (vec![4, 4, 4], 400)
        ]
    );
    assert!(matches!(
        play.refused_action(0, keep(&[4, 4])),
        ActionError::Illegal(_)
    ));
}

#[test]
fn ambiguity_f4b_one_one_one_five_five_offers_exactly_eleven_keeps_at_their_best_split() {
    let mut play = Play::new(2);
    play.throw(&[1, 5, 1, 5, 1]);
    let expected = vec![
        (vec![1], 100),
        (vec![1, 1], 200),
        (vec![1, 1, 1], 1000),
        (vec![1, 1, 1, 5], 1050),
        (vec![1, 1, 1, 5, 5], 1100),
        (vec![1, 1, 5], 250),
        (vec![1, 1, 5, 5], 300),
        (vec![1, 5], 150),
        (vec![1, 5, 5], 200),
        (vec![5], 50),
        (vec![5, 5], 100),
    ];
    assert_eq!(play.keeps(), expected);
    assert_eq!(play.legal().len(), 11);
    // Three 1s are a brelan, never 3 × 100.
    assert_eq!(play.keep(&[1, 1, 1]), vec![kept(0, &[1, 1, 1], 1000, 1000)]);
}

#[test]
fn ambiguity_f4b_a_keep_names_faces_in_any_order() {
    let mut play = Play::new(2);
    play.throw(&[1, 5, 1, 5, 1]);
    let action: Action = serde_json::from_str(r#"{"type":"keep","dice":[5,1,1]}"#).unwrap();
    assert_eq!(action, keep(&[1, 1, 5]));
    assert_eq!(play.keep(&[5, 1, 1]), vec![kept(0, &[1, 1, 5], 250, 250)]);
}

#[test]
fn ambiguity_f4c_five_ones_leave_nothing_to_keep_or_bank() {
    // Five 1s on a hot-dice re-throw win too ("at any moment").
    let mut play = Play::new(2).score(1, 3000);
    play.throw(&[1, 1, 1, 5, 5]);
    play.keep(&[1, 1, 1, 5, 5]);
    play.rethrow();
    let events = play.throw(&[1, 1, 1, 1, 1]);
    assert_eq!(
        events[1..],
        [
            Event::FiveOnes { seat: 0 },
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::FiveOnes
            }
        ]
    );
    assert!(play.legal().is_empty());
    assert_eq!(play.outcome(), vec![(0, 1, 0), (1, 2, 3000)]);
    // Four 1s on four dice are no five 1s.
    let mut play = Play::new(2);
    play.throw(&[5, 2, 2, 3, 4]);
    play.keep(&[5]);
    play.throw(&[1, 1, 1, 1]);
    assert_eq!(play.keeps().last(), Some(&(vec![1, 1, 1, 1], 1100)));
}

#[test]
fn ambiguity_f5_a_straight_is_1500_and_needs_five_dice_of_one_throw() {
    let mut play = Play::new(2);
    play.throw(&[5, 2, 3, 4, 6]);
    assert_eq!(
        play.keeps(),
        vec![(vec![2, 3, 4, 5, 6], 1500), (vec![5], 50)]
    );
    // 1 kept, then 2-3-4-5 on four dice: no straight.
    let mut play = Play::new(2);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    play.throw(&[2, 3, 4, 5]);
    assert_eq!(play.keeps(), vec![(vec![5], 50)]);
}

#[test]
fn ambiguity_f5_option_straight_value_750() {
    let options = Options {
        straight_value: 750,
        ..Options::default()
    };
    let mut play = Play::with(2, options);
    play.throw(&[1, 2, 3, 4, 5]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![1], 100),
            (vec![1, 2, 3, 4, 5], 750),
            (vec![1, 5], 150),
            (vec![5], 50)
        ]
    );
    play.keep(&[1, 2, 3, 4, 5]);
    play.bank();
    assert_eq!(play.banked(0), 750);
}

#[test]
fn ambiguity_f6_opening_threshold_750_500_or_1000_on_one_turn() {
    let opens_with = |threshold: u32, throw: &[u8], dice: &[u8]| {
        let options = Options {
            opening_threshold: threshold,
            ..Options::default()
        };
        let mut play = Play::with(2, options);
        play.throw(throw);
        play.keep(dice);
        play.legal().contains(&Action::Bank)
    };
    assert!(!opens_with(750, &[5, 5, 5, 2, 3], &[5, 5, 5]));
    assert!(opens_with(500, &[5, 5, 5, 2, 3], &[5, 5, 5]));
    assert!(opens_with(750, &[6, 6, 6, 1, 5], &[1, 5, 6, 6, 6]));
    assert!(!opens_with(1000, &[6, 6, 6, 1, 5], &[1, 5, 6, 6, 6]));
    assert!(opens_with(1000, &[1, 1, 1, 2, 3], &[1, 1, 1]));
}

#[test]
fn ambiguity_f7_unopened_at_the_throw_limit_loses_the_turn_total() {
    let mut play = Play::new(2);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    play.throw(&[5, 2, 3, 4]);
    play.keep(&[5]);
    play.throw(&[1, 2, 3]);
    let events = play.keep(&[1]);
    assert_eq!(
        events,
        vec![
            kept(0, &[1], 100, 250),
            Event::TurnLost {
                seat: 0,
                lost: 250,
                reason: TurnLostReason::NotOpened
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(play.banked(0), 0);
    assert!(!play.view().players[0].opened);
}

#[test]
fn ambiguity_f8_a_ballot_is_only_a_name_for_a_zero_throw_of_five_dice() {
    // After hot dice, a zero throw of the five dice is a ballot too; no extra penalty.
    let mut play = Play::new(2).score(0, 2000);
    play.throw(&[1, 2, 3, 4, 5]);
    play.keep(&[1, 2, 3, 4, 5]);
    play.rethrow();
    let events = play.throw(&[6, 6, 4, 4, 2]);
    assert_eq!(
        events[1],
        Event::ZeroThrow {
            seat: 0,
            lost: 1500,
            ballot: true
        }
    );
    assert_eq!(play.banked(0), 2000);
    // A zero throw of three dice is not.
    let mut play = Play::new(2);
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1, 1]);
    let events = play.throw(&[2, 3, 4]);
    assert_eq!(
        events[1],
        Event::ZeroThrow {
            seat: 0,
            lost: 200,
            ballot: false
        }
    );
}

#[test]
fn ambiguity_f9_the_game_ends_at_once_by_default() {
    let mut play = Play::new(3).score(1, 4900);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    let events = play.bank();
    assert_eq!(
        events[1],
        Event::GameOver {
            winner: Some(1),
            reason: EndReason::TargetReached
        }
    );
}

#[test]
fn ambiguity_f9_option_finish_round() {
    let options = Options {
        finish_round: true,
        ..Options::default()
    };
    // Seat 1 reaches the target; seat 2 still plays and passes it; seat 0 does not play again.
    let mut play = Play::with(3, options.clone())
        .score(0, 4950)
        .score(1, 4900)
        .score(2, 4900);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    let events = play.bank();
    assert_eq!(
        events[1..],
        [
            Event::FinalRound { seat: 1 },
            Event::TurnStarted { seat: 2 }
        ]
    );
    assert_eq!(play.view().final_round, Some(1));
    play.throw(&[1, 1, 2, 3, 4]);
    play.keep(&[1, 1]);
    let events = play.bank();
    assert_eq!(
        events[1],
        Event::GameOver {
            winner: Some(2),
            reason: EndReason::TargetReached
        }
    );
    assert_eq!(
        play.outcome(),
        vec![(2, 1, 5100), (1, 2, 5000), (0, 3, 4950)]
    );

    // Equal highest scores share the first place.
    let mut play = Play::with(3, options.clone()).score(1, 4900).score(2, 4900);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    play.bank();
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    let events = play.bank();
    assert_eq!(
        events[1],
        Event::GameOver {
            winner: None,
            reason: EndReason::TargetReached
        }
    );
    assert_eq!(play.outcome(), vec![(1, 1, 5000), (2, 1, 5000), (0, 3, 0)]);

    // Reached by the last seat of the round: the game ends at once.
    let mut play = Play::with(2, options).score(1, 4900);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    let events = play.bank();
    assert_eq!(
        events[1..],
        [
            Event::FinalRound { seat: 1 },
            Event::GameOver {
                winner: Some(1),
                reason: EndReason::TargetReached
            }
        ]
    );
}

#[test]
fn ambiguity_f9_five_ones_still_win_at_once_during_a_final_round() {
    let options = Options {
        finish_round: true,
        ..Options::default()
    };
    let mut play = Play::with(3, options).score(0, 4900);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    play.bank();
    let events = play.throw(&[1, 1, 1, 1, 1]);
    assert_eq!(
        events[2],
        Event::GameOver {
            winner: Some(1),
            reason: EndReason::FiveOnes
        }
    );
    assert_eq!(play.outcome(), vec![(1, 1, 0), (0, 2, 5000), (2, 3, 0)]);
}

#[test]
fn ambiguity_f10_five_fives_score_5000_under_the_exact_target() {
    let options = Options {
        target_rule: TargetRule::Exactly,
        ..Options::default()
    };
    let mut play = Play::with(2, options.clone());
    play.throw(&[5, 5, 5, 5, 5]);
    play.keep(&[5, 5, 5, 5, 5]);
    play.bank();
    assert_eq!(play.outcome(), vec![(0, 1, 5000), (1, 2, 0)]);

    let mut play = Play::with(2, options).score(0, 750);
    play.throw(&[5, 5, 5, 5, 5]);
    play.keep(&[5, 5, 5, 5, 5]);
    assert_eq!(
        play.bank()[0],
        Event::TurnLost {
            seat: 0,
            lost: 5000,
            reason: TurnLostReason::Overshoot
        }
    );
    assert_eq!(play.banked(0), 750);
}

// ---------------------------------------------------------------------------------------------
// Options

#[test]
fn option_extra_multiples_four_and_five_of_a_kind() {
    let options = Options {
        extra_multiples: true,
        ..Options::default()
    };
    let mut play = Play::with(2, options.clone());
    play.throw(&[2, 2, 2, 2, 3]);
    assert_eq!(
        play.keeps(),
        vec![(vec![2, 2, 2], 200), (vec![2, 2, 2, 2], 400)]
    );
    let mut play = Play::with(2, options.clone());
    play.throw(&[6, 6, 6, 6, 6]);
    assert_eq!(
        play.keeps(),
        vec![
            (vec![6, 6, 6], 600),
            (vec![6, 6, 6, 6], 1200),
            (vec![6, 6, 6, 6, 6], 2400)
        ]
    );
    let mut play = Play::with(2, options);
    play.throw(&[1, 1, 1, 1, 4]);
    assert_eq!(play.keeps().last(), Some(&(vec![1, 1, 1, 1], 2000)));
}

#[test]
fn options_parse_validate_and_describe_every_field() {
    use serde_json::json;
    use tapis_games::read_options::{option_variants, parse_options};

    let specs = FiveThousand::option_specs();
    let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "target",
            "target_rule",
            "opening_threshold",
            "straight_value",
            "extra_multiples",
            "hot_dice_mandatory",
            "hot_dice_resets_throw_count",
            "finish_round"
        ]
    );
    let parsed = parse_options::<FiveThousand>(&json!({
        "target": 10000,
        "target_rule": "last_thousand_in_one_turn",
        "opening_threshold": 1000,
        "straight_value": 750,
        "hot_dice_mandatory": true,
    }))
    .unwrap();
    assert_eq!(
        parsed,
        Options {
            target: 10_000,
            target_rule: TargetRule::LastThousandInOneTurn,
            opening_threshold: 1000,
            straight_value: 750,
            hot_dice_mandatory: true,
            ..Options::default()
        }
    );
    for (bad, option) in [
        (json!({"target": 5025}), "target"),
        (json!({"target": 4000}), "target"),
        (json!({"opening_threshold": 1200}), "opening_threshold"),
        (json!({"straight_value": 1010}), "straight_value"),
        (json!({"target_rule": "at_most"}), "target_rule"),
        (json!({"finish_round": 1}), "finish_round"),
    ] {
        let error = parse_options::<FiveThousand>(&bad).unwrap_err();
        assert_eq!(error.option.as_deref(), Some(option), "{bad}");
    }
    // Typed options are checked by setup too.
    let bad = Options {
        opening_threshold: 760,
        ..Options::default()
    };
    assert!(matches!(
        FiveThousand::setup(2, &bad),
        Err(SetupError::Options(_))
    ));
    // The random-play variants reach every option's other values.
    let variants = option_variants::<FiveThousand>();
    assert_eq!(variants.len(), 1 + 1 + 2 + 2 + 1 + 4);
}

// ---------------------------------------------------------------------------------------------
// Resignation (`docs/rules/README.md` §5)

#[test]
fn resignation_with_two_players_the_other_wins_at_once() {
    let mut play = Play::new(2).score(1, 3000);
    play.throw(&[1, 2, 3, 4, 6]);
    let events = play.resign(1);
    assert_eq!(
        events,
        vec![
            Event::Resigned { seat: 1 },
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::Resignation
            }
        ]
    );
    assert_eq!(play.outcome(), vec![(0, 1, 0), (1, 2, 3000)]);
    assert_eq!(play.reason(), "resignation");
    assert_eq!(
        play.refused(|s, e| FiveThousand::resign(s, 0, e)),
        ActionError::GameOver
    );
}

#[test]
fn resignation_on_its_turn_passes_the_turn_and_later_turns_are_skipped() {
    let mut play = Play::new(3).score(0, 2000);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    let events = play.resign(0);
    assert_eq!(
        events,
        vec![Event::Resigned { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
    assert_eq!(play.turn(), dice_chance(5));
    assert_eq!(play.view().turn_total, 0);
    play.throw(&[2, 2, 3, 4, 6]);
    let events = play.throw(&[2, 2, 3, 4, 6]);
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
}

#[test]
fn resignation_during_a_pending_throw_of_its_turn() {
    let mut play = Play::new(3);
    play.throw(&[1, 2, 3, 4, 6]);
    play.keep(&[1]);
    assert_eq!(play.turn(), dice_chance(4));
    let events = play.resign(0);
    assert_eq!(
        events,
        vec![Event::Resigned { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
    assert_eq!(play.turn(), dice_chance(5));
}

#[test]
fn resignation_off_turn_changes_nothing_else_and_the_last_one_standing_wins() {
    let mut play = Play::new(4).score(0, 900).score(1, 4000).score(3, 3000);
    play.throw(&[1, 2, 3, 4, 6]);
    assert_eq!(play.resign(1), vec![Event::Resigned { seat: 1 }]);
    assert_eq!(play.turn(), Turn::Seat { seat: 0 });
    assert!(matches!(
        play.refused(|s, e| FiveThousand::resign(s, 1, e)),
        ActionError::Illegal(_)
    ));
    assert_eq!(play.resign(3), vec![Event::Resigned { seat: 3 }]);
    let events = play.resign(0);
    assert_eq!(
        events,
        vec![
            Event::Resigned { seat: 0 },
            Event::GameOver {
                winner: Some(2),
                reason: EndReason::Resignation
            }
        ]
    );
    // Leavers rank below those still playing, a later leaver above an earlier one.
    assert_eq!(
        play.outcome(),
        vec![(2, 1, 0), (0, 2, 900), (3, 3, 3000), (1, 4, 4000)]
    );
}

#[test]
fn resignation_during_a_final_round_can_end_the_round() {
    let options = Options {
        finish_round: true,
        ..Options::default()
    };
    let mut play = Play::with(3, options).score(1, 4900).score(2, 800);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    play.bank();
    let events = play.resign(2);
    assert_eq!(
        events,
        vec![
            Event::Resigned { seat: 2 },
            Event::GameOver {
                winner: Some(1),
                reason: EndReason::TargetReached
            }
        ]
    );
    assert_eq!(play.outcome(), vec![(1, 1, 5000), (0, 2, 0), (2, 3, 800)]);
}

#[test]
fn ranking_ties_among_the_others_share_a_rank() {
    let mut play = Play::new(4).score(1, 800).score(2, 800).score(3, 4900);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[2, 2, 3, 4, 6]);
    play.throw(&[1, 2, 2, 3, 4]);
    play.keep(&[1]);
    play.bank();
    assert_eq!(
        play.outcome(),
        vec![(3, 1, 5000), (1, 2, 800), (2, 2, 800), (0, 4, 0)]
    );
}

// ---------------------------------------------------------------------------------------------
// Errors leave everything unchanged

#[test]
fn errors_name_the_fault_and_change_nothing() {
    let mut play = Play::new(2);
    // During a chance step nobody acts.
    assert_eq!(
        play.refused_action(0, Action::Bank),
        ActionError::NotYourTurn
    );
    assert_eq!(
        play.refused_action(2, Action::Bank),
        ActionError::NoSuchSeat
    );
    assert!(matches!(
        play.refused(|s, e| FiveThousand::apply_chance(s, &[1, 2, 3, 4], e)),
        ActionError::BadChance(_)
    ));
    assert!(matches!(
        play.refused(|s, e| FiveThousand::apply_chance(s, &[1, 2, 3, 4, 7], e)),
        ActionError::BadChance(_)
    ));
    assert!(matches!(
        play.refused(|s, e| FiveThousand::apply_chance(s, &[0, 2, 3, 4, 5], e)),
        ActionError::BadChance(_)
    ));
    play.throw(&[1, 5, 2, 3, 3]);
    assert_eq!(play.refused_action(1, keep(&[1])), ActionError::NotYourTurn);
    assert_eq!(
        play.refused(|s, e| FiveThousand::apply_chance(s, &[1, 2, 3, 4, 5], e)),
        ActionError::NoChanceDue
    );
    assert_eq!(
        play.refused_action(0, keep(&[1, 1])),
        illegal("those dice are not all in the last throw")
    );
    assert_eq!(
        play.refused_action(0, keep(&[6])),
        illegal("those dice are not all in the last throw")
    );
    assert_eq!(
        play.refused(|s, e| FiveThousand::resign(s, 2, e)),
        ActionError::NoSuchSeat
    );
    play.keep(&[1]);
    // In the bank-or-rethrow choice the dice are already kept (this player has not opened
    // and must throw again, so give it a score first).
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 5, 2, 3, 3]);
    play.keep(&[1]);
    assert_eq!(
        play.refused_action(0, keep(&[5])),
        illegal("the dice are already set aside: bank or throw again")
    );
    // After the end everything is refused.
    let mut play = Play::new(2);
    play.throw(&[1, 1, 1, 1, 1]);
    assert_eq!(play.refused_action(0, Action::Bank), ActionError::GameOver);
    assert_eq!(
        play.refused(|s, e| FiveThousand::apply_chance(s, &[1, 2, 3, 4, 5], e)),
        ActionError::GameOver
    );
    assert_eq!(
        play.refused(|s, e| FiveThousand::resign(s, 1, e)),
        ActionError::GameOver
    );
}

#[test]
fn a_garbled_stored_state_gives_errors_not_panics() {
    // Stored states are trusted, but even nonsense that deserializes must not panic.
    let garbled = |players: serde_json::Value, seat: usize| {
        serde_json::from_value::<State>(serde_json::json!({
            "options": Options::default(),
            "players": players,
            "resignations": {"order": [7]},
            "seat": seat,
            "phase": "keep",
            "throws": 200,
            "hand": 0,
            "roll": [1, 2],
            "set_aside": [[1], [5], [1], [5], [1]],
            "carried": 4_000_000_000u32,
            "turn_total": 4_000_000_000u32,
            "final_round": 3,
            "winner": null,
            "end": null
        }))
        .unwrap()
    };
    let two = serde_json::json!([{"score": 4990, "opened": true}, {"score": 0, "opened": false}]);
    for mut state in [garbled(serde_json::json!([]), 9), garbled(two, 1)] {
        assert!(FiveThousand::check_invariants(&state).is_err());
        for phase in [Phase::Throw, Phase::Keep, Phase::Decide, Phase::Over] {
            state = patched(&state, json!({ "phase": phase }));
            let mut events = Vec::new();
            for seat in [0, 1, 9] {
                let mut out = Vec::new();
                FiveThousand::legal_actions(&state, seat, &mut out);
                for action in out
                    .iter()
                    .chain(&[Action::Bank, Action::Rethrow, keep(&[1])])
                {
                    let _ = FiveThousand::apply(&mut state.clone(), seat, action, &mut events);
                }
                let _ = FiveThousand::resign(&mut state.clone(), seat, &mut events);
                let _ = FiveThousand::view(&state, Some(seat));
            }
            for values in [&[][..], &[1, 2], &[1, 1, 1, 1, 1]] {
                let _ = FiveThousand::apply_chance(&mut state.clone(), values, &mut events);
            }
            let _ = FiveThousand::outcome(&state);
            let _ = FiveThousand::turn(&state);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Invariants and the view

#[test]
fn invariants_catch_an_inconsistent_turn() {
    let mut play = Play::new(2);
    play.throw(&[1, 5, 2, 3, 3]);
    play.keep(&[1]);
    let good = play.state.clone();
    for patch in [
        json!({"turn_total": 1000}),
        json!({"hand": 5}),
        json!({"throws": 4}),
        json!({"players": [{"score": 0, "opened": false}, {"score": 30, "opened": false}]}),
        json!({"players": [{"score": 0, "opened": false}, {"score": 0, "opened": true}]}),
    ] {
        let bad = patched(&good, patch.clone());
        assert!(FiveThousand::check_invariants(&bad).is_err(), "{patch}");
    }
}

#[test]
fn the_view_shows_the_choices_and_what_they_make() {
    let mut play = Play::new(2).score(0, 1000);
    play.throw(&[1, 5, 2, 3, 3]);
    let view = play.view();
    assert_eq!(view.phase, Phase::Keep);
    assert_eq!(view.last_throw, roll(&[1, 5, 2, 3, 3]));
    assert_eq!(
        view.keep_choices,
        vec![
            KeepChoice {
                dice: faces(&[1, 5]),
                points: 150,
                turn_total: 150,
                dice_left: 3
            },
            KeepChoice {
                dice: faces(&[1]),
                points: 100,
                turn_total: 100,
                dice_left: 4
            },
            KeepChoice {
                dice: faces(&[5]),
                points: 50,
                turn_total: 50,
                dice_left: 4
            },
        ]
    );
    assert_eq!(view.bank, None);
    play.keep(&[1, 5]);
    let view = play.view();
    assert_eq!(
        view.bank,
        Some(BankResult::Banked {
            counted: 150,
            score: 1150,
            reaches_target: false
        })
    );
    assert!(view.can_rethrow);
    assert!(view.keep_choices.is_empty());
    assert_eq!(view.to_open, 0);
    assert_eq!(
        (view.throws_used, view.throws_left, view.dice_in_hand),
        (1, 2, 3)
    );
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["bank"]["type"], "banked");
    assert_eq!(json["set_aside"][0]["dice"], serde_json::json!([1, 5]));
}

#[test]
fn actions_and_events_speak_plain_json() {
    use serde_json::json;
    assert_eq!(
        serde_json::to_value(keep(&[5, 1, 1])).unwrap(),
        json!({"type": "keep", "dice": [1, 1, 5]})
    );
    assert_eq!(
        serde_json::to_value(Action::Rethrow).unwrap(),
        json!({"type": "rethrow"})
    );
    assert_eq!(
        serde_json::to_value(thrown(1, &[3, 3, 5, 1, 6], 1)).unwrap(),
        json!({"type": "dice_thrown", "seat": 1, "dice": [3, 3, 5, 1, 6], "throw": 1})
    );
    assert_eq!(
        serde_json::to_value(Event::TurnLost {
            seat: 0,
            lost: 250,
            reason: TurnLostReason::NotOpened
        })
        .unwrap(),
        json!({"type": "turn_lost", "seat": 0, "lost": 250, "reason": "not_opened"})
    );
    assert!(serde_json::from_value::<Action>(json!({"type": "keep", "dice": [7]})).is_err());
    assert!(
        serde_json::from_value::<Action>(json!({"type": "keep", "dice": [1, 1, 1, 1, 1, 1]}))
            .is_err()
    );
}
