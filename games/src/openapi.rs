//! The JSON schemas of every game's actions, views, events and options, for the API's OpenAPI
//! document (feature `openapi`).
//!
//! The public types derive [`utoipa::ToSchema`] under names prefixed by their game
//! (`YamsAction`, `CantStopView`, `LinjaEvent`, `FiveThousandOptions`...); the few whose JSON is
//! written by hand (dice lists, sets of seats, boards) implement it by hand, next to their
//! `Serialize` impls. [`schemas`] lists every schema with all the schemas they refer to,
//! [`game_schemas`] names a game's four top-level ones, and [`any_action`], [`any_view`],
//! [`any_event`] and [`any_options`] describe a value of whichever game a match plays (the
//! schemas of [`AnyAction`](crate::AnyAction), [`AnyView`](crate::AnyView) and
//! [`AnyEvent`](crate::AnyEvent)). The API assembles the document from them.
//!
//! La Linotte and Yam Master share their actions and events (`LinotteAction`,
//! `LinotteEvent`); their options and views have a schema each.

use utoipa::ToSchema;
use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

use crate::contract::Game;
use crate::id::GameId;
use crate::{cant_stop, five_thousand, four_two_one, linja, linotte, make_five, yams};

/// The names, in `components/schemas`, of the schemas of one game's JSON documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSchemas {
    /// A decision of a seat: an item of the legal actions, the body of a move.
    pub action: String,
    /// What a seat or a spectator sees: the match's `state`.
    pub view: String,
    /// Something that happened: an item of a turn's `events`.
    pub event: String,
    /// The match's options, every one present.
    pub options: String,
}

/// The schemas of `game`'s action, view, event and options.
pub fn game_schemas(game: GameId) -> GameSchemas {
    document(game, &mut Vec::new())
}

/// Every schema of every game, as the types describe themselves (descriptions in Rust's words,
/// a seat as the type `usize`): the four top-level schemas of each game (see [`game_schemas`])
/// and every schema they refer to. A name may come more than once (a type used by several
/// others), always with the same schema.
pub fn schemas() -> Vec<(String, RefOr<Schema>)> {
    let mut all = Vec::new();
    for game in GameId::ALL {
        document(game, &mut all);
    }
    all
}

/// Registers the schemas of `game` (and those they refer to) in `out`; returns their names.
fn document(game: GameId, out: &mut Vec<(String, RefOr<Schema>)>) -> GameSchemas {
    /// The four schemas of `$game`, the view under its own name unless one is given.
    macro_rules! schemas_of {
        ($game:ty) => {
            schemas_of!($game, view = register::<<$game as Game>::View>(out))
        };
        ($game:ty, view = $view:expr) => {
            GameSchemas {
                action: register::<<$game as Game>::Action>(out),
                view: $view,
                event: register::<<$game as Game>::Event>(out),
                options: register::<<$game as Game>::Options>(out),
            }
        };
    }
    match game {
        // One generic view type serves both games: each instance gets its own name.
        GameId::Linotte => schemas_of!(
            linotte::Linotte,
            view = register_as::<<linotte::Linotte as Game>::View>("LinotteView", out)
        ),
        GameId::YamMaster => schemas_of!(
            linotte::YamMaster,
            view = register_as::<<linotte::YamMaster as Game>::View>("YamMasterView", out)
        ),
        GameId::Linja => schemas_of!(linja::Linja),
        GameId::FiveThousand => schemas_of!(five_thousand::FiveThousand),
        GameId::FourTwoOne => schemas_of!(four_two_one::FourTwoOne),
        GameId::CantStop => schemas_of!(cant_stop::CantStop),
        GameId::Yams => schemas_of!(yams::Yams),
        GameId::MakeFive => schemas_of!(make_five::MakeFive),
    }
}

/// Adds the schema of `T` and every schema it refers to; returns its name.
fn register<T: ToSchema>(out: &mut Vec<(String, RefOr<Schema>)>) -> String {
    register_as::<T>(&T::name(), out)
}

/// Adds the schema of `T` under `name` and every schema it refers to; returns the name.
fn register_as<T: ToSchema>(name: &str, out: &mut Vec<(String, RefOr<Schema>)>) -> String {
    out.push((name.to_owned(), T::schema()));
    T::schemas(out);
    name.to_owned()
}

/// Which of the games' schemas `pick` chooses, as a list of `game: schema` for descriptions.
fn by_game(pick: fn(GameSchemas) -> String) -> String {
    GameId::ALL
        .into_iter()
        .map(|game| format!("`{game}`: `{}`", pick(game_schemas(game))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Any of the games' schemas that `pick` chooses (each once), described by `what`.
fn any_of(what: &str, pick: fn(GameSchemas) -> String) -> AnyOfBuilder {
    let mut names: Vec<String> = Vec::new();
    for game in GameId::ALL {
        let name = pick(game_schemas(game));
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
        .into_iter()
        .fold(AnyOfBuilder::new(), |any, name| {
            any.item(Ref::from_schema_name(name))
        })
        .description(Some(format!(
            "{what} The match's `game` says which schema applies: {}.",
            by_game(pick)
        )))
}

/// An action of any game.
pub fn any_action() -> RefOr<Schema> {
    any_of("An action, as listed in `legal_actions`.", |s| s.action).into()
}

/// A list of actions of any game (all of the same game).
pub fn action_list() -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(any_action())
        .description(Some(
            "The caller's legal actions now, each ready to post back unchanged as `action`.",
        ))
        .into()
}

/// An action of any game, or `null`.
pub fn action_or_null() -> RefOr<Schema> {
    any_of("An action, or `null` when there is none.", |s| s.action)
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .into()
}

/// The view of any game.
pub fn any_view() -> RefOr<Schema> {
    any_of("The game's view for the caller.", |s| s.view).into()
}

/// The view of any game, or `null`.
pub fn view_or_null() -> RefOr<Schema> {
    any_of(
        "The game's view for the caller, `null` before the match starts.",
        |s| s.view,
    )
    .item(ObjectBuilder::new().schema_type(Type::Null))
    .into()
}

/// An event of any game.
pub fn any_event() -> RefOr<Schema> {
    any_of("Something that happened.", |s| s.event).into()
}

/// A list of events of any game (all of the same game).
pub fn event_list() -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(any_event())
        .description(Some("What happened, in order."))
        .into()
}

/// The options of any game, every one present.
pub fn any_options() -> RefOr<Schema> {
    any_of("The options of a match, every one present.", |s| s.options).into()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn json(schema: &RefOr<Schema>) -> serde_json::Value {
        serde_json::to_value(schema).unwrap()
    }

    #[test]
    fn a_name_always_comes_with_the_same_schema() {
        let mut seen: BTreeMap<String, serde_json::Value> = BTreeMap::new();
        for (name, schema) in schemas() {
            let schema = json(&schema);
            if let Some(previous) = seen.insert(name.clone(), schema.clone()) {
                assert_eq!(previous, schema, "two different schemas are named {name}");
            }
        }
    }

    #[test]
    fn every_game_names_its_four_schemas_with_its_prefix() {
        let names: Vec<String> = schemas().into_iter().map(|(n, _)| n).collect();
        for game in GameId::ALL {
            let schemas = game_schemas(game);
            let prefix = match game {
                GameId::Linotte => "Linotte",
                GameId::YamMaster => "YamMaster",
                GameId::Linja => "Linja",
                GameId::FiveThousand => "FiveThousand",
                GameId::FourTwoOne => "FourTwoOne",
                GameId::CantStop => "CantStop",
                GameId::Yams => "Yams",
                GameId::MakeFive => "MakeFive",
            };
            assert_eq!(schemas.view, format!("{prefix}View"));
            assert_eq!(schemas.options, format!("{prefix}Options"));
            // Yam Master plays La Linotte's actions and events.
            let shared = if game == GameId::YamMaster {
                "Linotte"
            } else {
                prefix
            };
            assert_eq!(schemas.action, format!("{shared}Action"));
            assert_eq!(schemas.event, format!("{shared}Event"));
            for name in [schemas.action, schemas.view, schemas.event, schemas.options] {
                assert!(names.contains(&name), "{name} is missing");
            }
        }
    }

    #[test]
    fn the_unions_list_each_schema_once_and_say_which_game_uses_it() {
        let actions = json(&any_action());
        let items = actions["anyOf"].as_array().unwrap();
        // Eight games, two of which share their actions.
        assert_eq!(items.len(), 7);
        let description = actions["description"].as_str().unwrap();
        assert!(description.contains("`yam-master`: `LinotteAction`"));
        assert!(description.contains("`cant-stop`: `CantStopAction`"));
        let views = json(&view_or_null());
        assert_eq!(views["anyOf"].as_array().unwrap().len(), 9);
        assert_eq!(views["anyOf"][8]["type"], "null");
    }
}
