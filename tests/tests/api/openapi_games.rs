//! The per-game schemas of the OpenAPI document tell the truth: the views, legal actions,
//! events and options of every game, as the rules produce them and as the API serves them,
//! validate against the schemas the document gives for that game.
//!
//! The validation is stricter than the document: an object may hold no property its schema
//! does not declare, and a game's objects must hold every property their schema declares (the
//! games never leave a field out). So a schema that misses, misnames or mistypes a field fails.

use std::collections::{BTreeSet, HashMap};

use jsonschema::Validator;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_games::openapi::{GameSchemas, game_schemas};
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::{AnyState, Chance, GameId, OptionKind, Turn, linja};
use tapis_tests::{Rng, TestApp};

/// A typed value of the games as the API writes it.
fn json_of<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap()
}

/// The schemas of the OpenAPI document (the one served and committed), made strict, with a
/// validator per schema name.
struct Schemas {
    root: Value,
    validators: HashMap<String, Validator>,
}

impl Schemas {
    fn load() -> Schemas {
        let document: Value = serde_json::from_str(&tapis_api::openapi::document_json()).unwrap();
        Schemas::of(document)
    }

    /// The schemas of `document`, made strict.
    fn of(mut document: Value) -> Schemas {
        let game_owned: BTreeSet<String> = tapis_api::game_schemas::components()
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let schemas = document["components"]["schemas"].as_object_mut().unwrap();
        for (name, schema) in schemas.iter_mut() {
            make_strict(schema, game_owned.contains(name));
        }
        Schemas {
            root: json!({"components": document["components"].take()}),
            validators: HashMap::new(),
        }
    }

    /// Panics with every error if `instance` does not validate against the schema `name`.
    fn check(&mut self, name: &str, instance: &Value, context: &str) {
        let root = &self.root;
        assert!(
            root["components"]["schemas"].get(name).is_some(),
            "the document has no schema {name}"
        );
        let validator = self.validators.entry(name.to_owned()).or_insert_with(|| {
            let mut schema = root.clone();
            schema["$ref"] = json!(format!("#/components/schemas/{name}"));
            jsonschema::draft202012::new(&schema).unwrap()
        });
        let errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{context}: does not match the schema {name}: {errors:#?}\nin {instance}"
        );
    }
}

/// Forbids undeclared properties in every object schema; with `require_all`, also requires
/// every declared one.
fn make_strict(schema: &mut Value, require_all: bool) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                let names: Vec<Value> = properties.keys().map(|k| json!(k)).collect();
                map.entry("additionalProperties").or_insert(json!(false));
                if require_all {
                    map.insert("required".to_owned(), Value::Array(names));
                }
            }
            for (key, child) in map.iter_mut() {
                if key == "properties" {
                    for property in child.as_object_mut().unwrap().values_mut() {
                        make_strict(property, require_all);
                    }
                } else if key != "enum" && key != "default" && key != "examples" {
                    make_strict(child, require_all);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| make_strict(item, require_all)),
        _ => {}
    }
}

/// Fair chance values from the test generator.
struct Dice<'a>(&'a mut Rng);

impl Chooser for Dice<'_> {
    fn choose(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

/// The values of a chance step: fair, except that one throw in eight shows a single face on
/// every die, so that the rarer throws (five 1s, a Yams...) come up too.
fn throw(chance: &Chance, rng: &mut Rng, values: &mut Vec<u8>) {
    match *chance {
        Chance::Dice { count } if rng.below(8) == 0 => {
            let face = rng.below(6) as u8 + 1;
            values.clear();
            values.extend(std::iter::repeat_n(face, usize::from(count)));
        }
        _ => chance_values(chance, &mut Dice(rng), values),
    }
}

/// The defaults, then every other value of each option on its own (integers at both ends),
/// each in full as the server stores it.
fn option_sets(game: GameId) -> Vec<Value> {
    let mut sets = vec![json!({})];
    for spec in game.option_specs() {
        let values: Vec<Value> = match spec.kind {
            OptionKind::Bool => vec![json!(true), json!(false)],
            OptionKind::Integer { min, max } => vec![json!(min), json!(max)],
            OptionKind::Choice { values } => values.into_iter().map(|v| json!(v)).collect(),
        };
        for value in values.into_iter().filter(|v| *v != spec.default) {
            sets.push(json!({ spec.name: value }));
        }
    }
    sets.iter()
        .filter_map(|options| game.normalize_options(options).ok())
        .collect()
}

/// What the rules-only matches have checked.
struct Checker {
    schemas: Schemas,
    rng: Rng,
    /// `schema type` of every action and event variant met.
    seen: BTreeSet<String>,
}

impl Checker {
    /// Checks the options, then plays a new match of `game` with them.
    fn play(&mut self, game: GameId, seats: usize, options: &Value) {
        let names = game_schemas(game);
        let context = format!("{game}, {seats} seats, options {options}");
        self.schemas.check(&names.options, options, &context);
        let state = AnyState::setup(game, seats, options).unwrap();
        self.play_from(state, seats, &context);
    }

    /// Plays `state` to the end with the rules alone, choosing at random (in one match in four
    /// a seat resigns early on); checks a view after every step (of each viewer in turn), every
    /// legal action and every event.
    fn play_from(&mut self, mut state: AnyState, seats: usize, context: &str) {
        let names = game_schemas(state.game());
        let mut values = Vec::new();
        let mut decisions = 0;
        let resign_at = (self.rng.below(4) == 0).then(|| self.rng.below(40));
        for step in 0..20_000 {
            // Each seat in turn, then a spectator: views differ by viewer.
            let viewer = Some(step % (seats + 1)).filter(|v| *v < seats);
            self.schemas
                .check(&names.view, &json_of(&state.view(viewer)), context);
            let events = match state.turn() {
                Turn::Over => return,
                Turn::Chance { chance } => {
                    throw(&chance, &mut self.rng, &mut values);
                    state.apply_chance(&values).unwrap()
                }
                Turn::Seat { seat } if resign_at == Some(decisions) => {
                    decisions += 1;
                    state.resign(seat).unwrap()
                }
                Turn::Seat { seat } => {
                    decisions += 1;
                    let actions: Vec<Value> =
                        state.legal_actions(seat).iter().map(json_of).collect();
                    for action in &actions {
                        self.check_variant(&names.action, action, context);
                    }
                    // Mostly avoid passing, so that the pass-heavy games end sooner.
                    let active: Vec<&Value> =
                        actions.iter().filter(|a| a["type"] != "pass").collect();
                    let action = if !active.is_empty() && self.rng.below(10) < 9 {
                        active[self.rng.below(active.len())]
                    } else {
                        &actions[self.rng.below(actions.len())]
                    };
                    state.apply_json(seat, action).unwrap()
                }
            };
            for event in &events {
                self.check_variant(&names.event, &json_of(event), context);
            }
        }
        panic!("{context}: the match did not end");
    }

    fn check_variant(&mut self, schema: &str, instance: &Value, context: &str) {
        self.schemas.check(schema, instance, context);
        self.seen.insert(format!("{schema} {}", instance["type"]));
    }

    /// Every variant the document declares for the games' actions and events, none met.
    fn unseen(&self) -> Vec<String> {
        let schemas = &self.schemas.root["components"]["schemas"];
        let mut unseen = Vec::new();
        for game in GameId::ALL {
            let names = game_schemas(game);
            for schema in [names.action, names.event] {
                for variant in schemas[&schema]["oneOf"].as_array().unwrap() {
                    // Each variant is a schema of its own (`CantStopRoll`...).
                    let target = variant["$ref"].as_str().unwrap();
                    let name = target.strip_prefix("#/components/schemas/").unwrap();
                    let variant = &schemas[name];
                    let key = format!("{schema} {}", variant["properties"]["type"]["enum"][0]);
                    if !self.seen.contains(&key) && !unseen.contains(&key) {
                        unseen.push(key);
                    }
                }
            }
        }
        unseen
    }
}

/// Linja positions random play seldom reaches: the seat to move has no initial move (it
/// passes), or no piece can make its following move (it is forfeited).
fn blocked_linja_positions() -> Vec<AnyState> {
    let rows = |pairs: &[(usize, u8)]| {
        let mut counts = [0; linja::ROWS];
        for (row, count) in pairs {
            counts[*row] = *count;
        }
        counts
    };
    let no_initial_move = linja::Position {
        // Row 1, full of the opponent's pieces, stops every piece of seat 0.
        board: linja::Board::new([rows(&[(0, 12)]), rows(&[(1, 6), (7, 6)])]),
        to_move: 0,
        phase: linja::Phase::Initial,
        extra_turn: false,
    };
    let no_following_move = linja::Position {
        // Two rows forward is row 2, full.
        board: linja::Board::new([rows(&[(0, 12)]), rows(&[(2, 6), (7, 6)])]),
        to_move: 0,
        phase: linja::Phase::Following { rows: 2 },
        extra_turn: false,
    };
    [no_initial_move, no_following_move]
        .into_iter()
        .map(|position| {
            let state = linja::State::from_position(linja::Options::default(), position).unwrap();
            AnyState::Linja(Box::new(state))
        })
        .collect()
}

#[test]
fn the_openapi_schemas_of_every_game_match_what_the_rules_produce() {
    let mut checker = Checker {
        schemas: Schemas::load(),
        rng: Rng(421),
        seen: BTreeSet::new(),
    };
    for game in GameId::ALL {
        let sets = option_sets(game);
        // Every option value, at the smallest table.
        for options in &sets {
            checker.play(game, game.min_seats(), options);
        }
        // Every size of table, with the defaults.
        for seats in game.min_seats() + 1..=game.max_seats() {
            checker.play(game, seats, &sets[0]);
        }
    }
    for state in blocked_linja_positions() {
        checker.play_from(state, 2, "a blocked Linja position");
    }
    // A player taking all 21 tokens of the charge, which loses with `espagnole`, is rare.
    let espagnole = GameId::FourTwoOne
        .normalize_options(&json!({"espagnole": true}))
        .unwrap();
    for _ in 0..500 {
        if checker.seen.contains("FourTwoOneEvent \"espagnole\"") {
            break;
        }
        checker.play(GameId::FourTwoOne, 2, &espagnole);
    }
    // More matches of the games whose actions or events have not all come up yet.
    for _ in 0..50 {
        let unseen = checker.unseen();
        let games: Vec<GameId> = GameId::ALL
            .into_iter()
            .filter(|game| {
                let names = game_schemas(*game);
                unseen.iter().any(|u| {
                    u.starts_with(&format!("{} ", names.action))
                        || u.starts_with(&format!("{} ", names.event))
                })
            })
            .collect();
        for game in games {
            let sets = option_sets(game);
            let options = &sets[checker.rng.below(sets.len())];
            let seats =
                game.min_seats() + checker.rng.below(game.max_seats() - game.min_seats() + 1);
            checker.play(game, seats, options);
        }
    }
    // Every action and event of every game has been met, and matched its schema.
    assert_eq!(checker.unseen(), Vec::<String>::new());
}

#[test]
fn the_openapi_strict_check_refuses_json_its_schema_does_not_describe() {
    let mut schemas = Schemas::load();
    let names = game_schemas(GameId::Yams);
    let state = AnyState::setup(GameId::Yams, 2, &json!({})).unwrap();
    let view = json_of(&state.view(Some(0)));
    schemas.check(&names.view, &view, "a real view");
    let mut broken = Vec::new();
    // A field the schema does not declare.
    let mut extra = view.clone();
    extra["unexpected"] = json!(1);
    broken.push(extra);
    // A field of the schema missing (not optional in what the game writes, even if nullable).
    let mut missing = view.clone();
    missing.as_object_mut().unwrap().remove("outcome");
    broken.push(missing);
    // A value of the wrong type.
    let mut mistyped = view.clone();
    mistyped["dice"] = json!("12345");
    broken.push(mistyped);
    // A nested value outside its range: a die showing 7.
    let mut nested = view;
    nested["dice"] = json!([7]);
    broken.push(nested);
    for instance in broken {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Schemas::load().check(&names.view, &instance, "broken");
        }));
        assert!(outcome.is_err(), "accepted: {instance}");
    }
    // An action of another game is refused too.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        Schemas::load().check(&names.action, &json!({"type": "stop"}), "broken");
    }));
    assert!(outcome.is_err());
}

/// Checks a match view: its game parts against the game's schemas (first, for the most precise
/// errors), then the whole against `MatchView`.
fn check_match_view(schemas: &mut Schemas, names: &GameSchemas, view: &Value, context: &str) {
    schemas.check(&names.options, &view["options"], context);
    if !view["state"].is_null() {
        schemas.check(&names.view, &view["state"], context);
    }
    for action in view["legal_actions"].as_array().unwrap() {
        schemas.check(&names.action, action, context);
    }
    schemas.check("MatchView", view, context);
}

/// Plays a match of `game` through the API, checking every document the API serves on the way
/// against the schema the OpenAPI document gives it, and its game parts against the game's
/// schemas.
async fn play_through_the_api(game: GameId, seats: usize, seed: u64) {
    let mut schemas = Schemas::load();
    let names = game_schemas(game);
    let app = TestApp::spawn().await;

    let info = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(info.status, StatusCode::OK);
    schemas.check("GameInfo", &info.body, "the game");
    schemas.check(
        &names.options,
        &info.body["default_options"],
        "its defaults",
    );

    let mut players = Vec::new();
    for i in 0..seats {
        let name = format!("player{i}");
        let token = app.player(&name).await;
        players.push((name, token));
    }
    let tokens: Vec<&str> = players.iter().map(|(_, t)| t.as_str()).collect();
    let created = app
        .post(
            "/api/v1/matches",
            Some(tokens[0]),
            json!({"game": game.as_str(), "seats": seats}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    check_match_view(&mut schemas, &names, &created.body, "an open match");
    let id = created.body["id"].as_str().unwrap().to_owned();
    for token in &tokens[1..] {
        let joined = app
            .post(
                &format!("/api/v1/matches/{id}/join"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
        check_match_view(&mut schemas, &names, &joined.body, "a join");
    }
    let started = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    let seat_tokens = app.tokens_by_seat(&started, &players);

    let mut rng = Rng(seed);
    let mut finished = false;
    for _ in 0..20_000 {
        let mut to_post = None;
        let viewers = seat_tokens.iter().map(|t| Some(t.as_str())).chain([None]);
        for token in viewers {
            let view = app.get(&format!("/api/v1/matches/{id}"), token).await.body;
            check_match_view(&mut schemas, &names, &view, "a match");
            let actions = view["legal_actions"].as_array().unwrap();
            if to_post.is_none() && !actions.is_empty() {
                let active: Vec<&Value> = actions.iter().filter(|a| a["type"] != "pass").collect();
                let action = if !active.is_empty() && rng.below(10) < 9 {
                    active[rng.below(active.len())].clone()
                } else {
                    actions[rng.below(actions.len())].clone()
                };
                to_post = Some((token.unwrap().to_owned(), view["version"].clone(), action));
            }
            finished = view["status"] == "finished";
        }
        let Some((token, version, action)) = to_post else {
            assert!(finished, "nobody can act in an unfinished match");
            break;
        };
        let body = json!({"version": version, "action": action});
        schemas.check("PostAction", &body, "a move");
        let reply = app
            .post(&format!("/api/v1/matches/{id}/actions"), Some(&token), body)
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{action}: {:?}", reply.body);
        check_match_view(&mut schemas, &names, &reply.body, "the reply to a move");
    }
    assert!(finished, "{game}: the match did not end");

    let turns = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    let mut events = 0;
    for turn in turns.as_array().unwrap() {
        schemas.check("TurnEntry", turn, "a turn");
        if !turn["action"].is_null() {
            schemas.check(&names.action, &turn["action"], "a turn's action");
        }
        for event in turn["events"].as_array().unwrap() {
            schemas.check(&names.event, event, "an event");
            events += 1;
        }
    }
    assert!(events > 0);
    let export = app
        .get(&format!("/api/v1/matches/{id}/export"), None)
        .await
        .body;
    schemas.check("MatchExport", &export, "the export");
    schemas.check(&names.options, &export["options"], "the exported options");
}

#[tokio::test]
async fn openapi_schemas_describe_a_la_linotte_match_served_by_the_api() {
    play_through_the_api(GameId::Linotte, 2, 11).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_yam_master_match_served_by_the_api() {
    play_through_the_api(GameId::YamMaster, 2, 12).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_linja_match_served_by_the_api() {
    play_through_the_api(GameId::Linja, 2, 13).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_5000_match_served_by_the_api() {
    play_through_the_api(GameId::FiveThousand, 3, 14).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_421_match_served_by_the_api() {
    play_through_the_api(GameId::FourTwoOne, 3, 15).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_cant_stop_match_served_by_the_api() {
    play_through_the_api(GameId::CantStop, 2, 16).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_yams_match_served_by_the_api() {
    play_through_the_api(GameId::Yams, 2, 17).await;
}

#[tokio::test]
async fn openapi_schemas_describe_a_make_five_match_served_by_the_api() {
    play_through_the_api(GameId::MakeFive, 2, 18).await;
}
