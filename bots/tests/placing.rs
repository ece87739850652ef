//! The easy and medium computers play La Linotte and Yam Master as people do: they place pawns
//! (an easy one makes human mistakes, it does not refuse to play). Counted over seeded matches,
//! each decision seeded too, so the counts never change from one run to the next.

// Test code: a refused step is a failed test.
#![allow(clippy::unwrap_used)]

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tapis_bots::search::RngChooser;
use tapis_bots::{BotKind, BotRng, Budget, Level, decide_as};
use tapis_games::playout::chance_values;
use tapis_games::{AnyAction, AnyState, GameId, Turn};

/// What a level did over the first turns of seeded matches against itself.
#[derive(Debug, Default)]
struct Placing {
    /// Turns played.
    turns: u32,
    /// Pawns placed.
    placed: u32,
    /// Turns ended without a pawn while one could be placed.
    declined: u32,
}

/// The type of an action, as its JSON says.
fn kind(action: &AnyAction) -> String {
    let json = serde_json::to_value(action).unwrap();
    json.get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// `level` against itself at `game`, `matches` matches of at most `turns` turns each.
fn placing(game: GameId, level: Level, matches: u64, turns: u32) -> Placing {
    let mut seen = Placing::default();
    for seed in 0..matches {
        let mut state = AnyState::setup(game, 2, &game.default_options()).unwrap();
        let mut dice = BotRng::seed_from_u64(seed);
        let mut seeds = BotRng::seed_from_u64(1000 + seed);
        let mut values = Vec::new();
        let mut played = 0;
        while played < turns {
            let events = match state.turn() {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    chance_values(&chance, &mut RngChooser(&mut dice), &mut values);
                    state.apply_chance(&values).unwrap()
                }
                Turn::Seat { seat } => {
                    let legal = state.legal_actions(seat);
                    let action = if legal.len() == 1 {
                        legal[0].clone()
                    } else {
                        let budget = Budget::default_for(level);
                        decide_as(&state, seat, BotKind::Level(level), budget, seeds.random())
                            .unwrap()
                    };
                    let could_place = legal.iter().any(|a| kind(a) == "place");
                    match kind(&action).as_str() {
                        "place" => seen.placed += 1,
                        "pass" if could_place => seen.declined += 1,
                        _ => {}
                    }
                    state.apply(seat, &action).unwrap()
                }
            };
            for event in events {
                let json = serde_json::to_value(&event).unwrap();
                if json.get("type").and_then(Value::as_str) == Some("turn_started") {
                    played += 1;
                    seen.turns += 1;
                }
            }
        }
    }
    seen
}

/// The easy computer places a pawn most turns at La Linotte (it placed 2 in 9 turns).
#[test]
fn easy_places_pawns_at_la_linotte() {
    let seen = placing(GameId::Linotte, Level::Easy, 6, 16);
    let rate = f64::from(seen.placed) / f64::from(seen.turns);
    eprintln!("{seen:?}: {rate:.2} pawns a turn");
    assert!(rate >= 0.5, "{seen:?}: {rate:.2} pawns a turn");
    assert!(
        seen.declined * 10 <= seen.turns,
        "{seen:?}: it stops without a pawn where it could place one"
    );
}

/// The medium computer does not stop without placing when it may place, at Yam Master.
#[test]
fn medium_places_pawns_at_yam_master() {
    let seen = placing(GameId::YamMaster, Level::Medium, 4, 16);
    let rate = f64::from(seen.placed) / f64::from(seen.turns);
    eprintln!("{seen:?}: {rate:.2} pawns a turn");
    assert!(rate >= 0.5, "{seen:?}: {rate:.2} pawns a turn");
    assert!(
        seen.declined * 10 <= seen.turns,
        "{seen:?}: it stops without a pawn where it could place one"
    );
}
