//! The games' part of the OpenAPI document: every game's schemas (from
//! [`tapis_games::openapi::schemas`]) made ready for readers of JSON. A seat is the schema
//! [`SEAT`], descriptions written as Rust documentation lose their links, and every tagged union
//! gets its variants named and a `discriminator` ([`name_variants`]): the actions of Can't Stop
//! are `CantStopAdvance`, `CantStopRoll` and `CantStopStop`, its events `CantStopBustEvent`...,
//! so that generated clients get readable tagged unions.

use std::collections::BTreeMap;

use utoipa::openapi::schema::{
    AdditionalProperties, ArrayItems, Discriminator, ObjectBuilder, OneOf, Schema, Type,
};
use utoipa::openapi::{Ref, RefOr};

/// The name of the schema of a seat number.
pub const SEAT: &str = "Seat";

/// The derive sees [`Seat`](tapis_games::Seat) as the name of a type and refers to it by the name of
/// the type it aliases; every such reference is pointed at [`SEAT`] instead.
const USIZE: &str = "usize";

/// Every schema of every game, each under its name, sorted by name: the four top-level schemas
/// of each game (see [`tapis_games::openapi::game_schemas`]) and every schema they refer to, [`SEAT`] included.
pub fn components() -> Vec<(String, RefOr<Schema>)> {
    let mut all = tapis_games::openapi::schemas();
    all.retain(|(name, _)| name != USIZE);
    all.push((SEAT.to_owned(), seat()));
    for (_, schema) in &mut all {
        finish(schema);
    }
    let mut unique: BTreeMap<String, RefOr<Schema>> = all.into_iter().collect();
    name_variants(&mut unique);
    unique.into_iter().collect()
}

/// Moves the variants of every tagged union among `schemas` to schemas of their own, and gives
/// the union a `discriminator` on its tag.
///
/// A tagged union is a `oneOf` of inline objects that all have a required string property
/// holding a single value (`"type": {"enum": ["roll"]}`). A variant of `XAction` is named
/// `X` then its tag in PascalCase (`CantStopRoll`), one of `XEvent` `X`, the tag, then `Event`
/// (`CantStopBustEvent`: actions and events may share a tag), one of any other union its name
/// then the tag (`ChanceDice`). A union whose names would clash with other schemas is left as
/// it is (a test checks that none is). Unions already split are left as they are.
pub fn name_variants(schemas: &mut BTreeMap<String, RefOr<Schema>>) {
    let names: Vec<String> = schemas.keys().cloned().collect();
    for name in names {
        let Some(RefOr::T(Schema::OneOf(union))) = schemas.get(&name) else {
            continue;
        };
        let Some((tag, values)) = union_tag(union) else {
            continue;
        };
        let variant_names: Vec<String> = values
            .iter()
            .map(|value| variant_name(&name, value))
            .collect();
        let clash = variant_names.iter().any(|v| schemas.contains_key(v))
            || variant_names
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len()
                != variant_names.len();
        if clash {
            continue;
        }
        let mut union = union.clone();
        let variants = std::mem::take(&mut union.items);
        let mut mapping = BTreeMap::new();
        for ((value, variant), schema) in values.iter().zip(&variant_names).zip(variants) {
            let reference = Ref::from_schema_name(variant.as_str());
            mapping.insert(value.clone(), reference.ref_location.clone());
            union.items.push(RefOr::Ref(reference));
            schemas.insert(variant.clone(), schema);
        }
        let mut discriminator = Discriminator::new(tag);
        discriminator.mapping = mapping;
        union.discriminator = Some(discriminator);
        schemas.insert(name, RefOr::T(Schema::OneOf(union)));
    }
}

/// The tag of a tagged union and the value of each variant, in order; `None` if `union` is not
/// one (see [`name_variants`]).
fn union_tag(union: &OneOf) -> Option<(String, Vec<String>)> {
    let objects: Vec<&utoipa::openapi::schema::Object> = union
        .items
        .iter()
        .map(|item| match item {
            RefOr::T(Schema::Object(object)) => Some(object),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = objects.first()?;
    // The tag: `type` if every variant has one, else the first property that fits.
    let mut candidates: Vec<&String> = first.properties.keys().collect();
    candidates.sort_by_key(|name| name.as_str() != "type");
    candidates.into_iter().find_map(|tag| {
        let values: Vec<String> = objects
            .iter()
            .map(|object| single_value(object, tag))
            .collect::<Option<_>>()?;
        Some((tag.clone(), values))
    })
}

/// The one string `object`'s required property `property` may hold.
fn single_value(object: &utoipa::openapi::schema::Object, property: &str) -> Option<String> {
    if !object.required.iter().any(|r| r == property) {
        return None;
    }
    let Some(RefOr::T(Schema::Object(schema))) = object.properties.get(property) else {
        return None;
    };
    match schema.enum_values.as_deref() {
        Some([serde_json::Value::String(value)]) => Some(value.clone()),
        _ => None,
    }
}

/// The name of the variant tagged `value` of the union `union` (see [`name_variants`]).
fn variant_name(union: &str, value: &str) -> String {
    let pascal: String = value
        .split(['_', '-'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect();
    if let Some(game) = union.strip_suffix("Action") {
        format!("{game}{pascal}")
    } else if let Some(game) = union.strip_suffix("Event") {
        format!("{game}{pascal}Event")
    } else {
        format!("{union}{pascal}")
    }
}

/// The schema of a seat number.
fn seat() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0))
        .description(Some(
            "A seat at the table, numbered from 0 in playing order.",
        ))
        .into()
}

/// Calls `on_ref` on every reference and `on_schema` on every schema inside `schema`.
fn visit(
    schema: &mut RefOr<Schema>,
    on_ref: &mut impl FnMut(&mut Ref),
    on_schema: &mut impl FnMut(&mut Schema),
) {
    match schema {
        RefOr::Ref(reference) => on_ref(reference),
        RefOr::T(schema) => visit_schema(schema, on_ref, on_schema),
    }
}

fn visit_schema(
    schema: &mut Schema,
    on_ref: &mut impl FnMut(&mut Ref),
    on_schema: &mut impl FnMut(&mut Schema),
) {
    on_schema(schema);
    let children: Vec<&mut RefOr<Schema>> = match schema {
        Schema::Array(array) => {
            for item in &mut array.prefix_items {
                visit_schema(item, on_ref, on_schema);
            }
            match &mut array.items {
                ArrayItems::RefOrSchema(items) => vec![items.as_mut()],
                _ => Vec::new(),
            }
        }
        Schema::Object(object) => {
            let mut children: Vec<&mut RefOr<Schema>> = object.properties.values_mut().collect();
            if let Some(AdditionalProperties::RefOr(additional)) =
                object.additional_properties.as_deref_mut()
            {
                children.push(additional);
            }
            children
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().collect(),
        Schema::AllOf(all_of) => all_of.items.iter_mut().collect(),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().collect(),
        _ => Vec::new(),
    };
    for child in children {
        visit(child, on_ref, on_schema);
    }
}

/// Points every reference to `usize` at [`SEAT`], and words the descriptions (written as Rust
/// documentation) for readers of JSON.
fn finish(schema: &mut RefOr<Schema>) {
    let usize_ref = Ref::from_schema_name(USIZE).ref_location;
    let seat_ref = Ref::from_schema_name(SEAT).ref_location;
    visit(
        schema,
        &mut |reference| {
            if reference.ref_location == usize_ref {
                reference.ref_location.clone_from(&seat_ref);
            }
            reference.description = for_json(&reference.description);
        },
        &mut |schema| {
            let description = match schema {
                Schema::Array(array) => &mut array.description,
                Schema::Object(object) => &mut object.description,
                Schema::OneOf(one_of) => &mut one_of.description,
                Schema::AllOf(all_of) => &mut all_of.description,
                Schema::AnyOf(any_of) => &mut any_of.description,
                _ => return,
            };
            if let Some(text) = description {
                *text = for_json(text);
            }
        },
    );
}

/// A doc comment as a JSON reader needs it: `None` is `null`, and links to Rust items are
/// plain code (`` [`BoxId::in_play`] `` and `` [`Action::Score`](super::Action::Score) `` lose
/// their brackets and target).
fn for_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        let Some(end) = rest[start..].find("`]").map(|e| start + e) else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str(&rest[start + 1..=end]);
        rest = &rest[end + 2..];
        // A link target, `(...)`, right after the brackets.
        if rest.starts_with('(')
            && let Some(close) = rest.find(')')
        {
            rest = &rest[close + 1..];
        }
    }
    out.push_str(rest);
    out.replace("`None`", "`null`")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn json(schema: &RefOr<Schema>) -> serde_json::Value {
        serde_json::to_value(schema).unwrap()
    }

    #[test]
    fn descriptions_speak_json() {
        assert_eq!(
            for_json("Its id, as in [`Action::Score`](super::Action::Score), or `None`."),
            "Its id, as in `Action::Score`, or `null`."
        );
        assert_eq!(
            for_json("See [`BoxId::in_play`]; up to [`MAX`] (a [note] here)."),
            "See `BoxId::in_play`; up to `MAX` (a [note] here)."
        );
        assert_eq!(for_json("no link [`unclosed"), "no link [`unclosed");
        let text = serde_json::to_string(&components()).unwrap();
        assert!(!text.contains("`None`"));
        assert!(!text.contains("[`"));
    }

    #[test]
    fn every_reference_resolves_and_seats_are_seats() {
        let components = components();
        let names: BTreeSet<&str> = components.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(SEAT));
        assert!(!names.contains(USIZE));
        let text = serde_json::to_string(&components).unwrap();
        for reference in text.split("\"$ref\":\"").skip(1) {
            let target = reference.split('"').next().unwrap();
            let name = target.strip_prefix("#/components/schemas/").unwrap();
            assert!(names.contains(name), "{target} is not a component");
        }
        assert!(text.contains("\"$ref\":\"#/components/schemas/Seat\""));
    }

    #[test]
    fn every_tagged_union_names_its_variants_and_discriminates_on_its_tag() {
        let components: BTreeMap<String, serde_json::Value> = components()
            .iter()
            .map(|(name, schema)| (name.clone(), json(schema)))
            .collect();
        let action = &components["CantStopAction"];
        assert_eq!(action["discriminator"]["propertyName"], "type");
        assert_eq!(
            action["discriminator"]["mapping"]["roll"],
            "#/components/schemas/CantStopRoll"
        );
        let variants: Vec<&str> = action["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["$ref"].as_str().unwrap())
            .collect();
        assert_eq!(
            variants,
            [
                "#/components/schemas/CantStopAdvance",
                "#/components/schemas/CantStopRoll",
                "#/components/schemas/CantStopStop"
            ]
        );
        assert_eq!(
            components["CantStopRoll"]["properties"]["type"]["enum"],
            serde_json::json!(["roll"])
        );
        // Actions and events may share a tag: the events' names say so.
        assert!(components.contains_key("FourTwoOneLeBon"));
        assert!(components.contains_key("FourTwoOneLeBonEvent"));
        assert_eq!(
            components["LinjaPhase"]["discriminator"]["propertyName"],
            "stage"
        );
        // No union is left with inline variants: none clashed with another name.
        let mut unions = 0;
        for (name, schema) in &components {
            if let Some(items) = schema["oneOf"].as_array()
                && items.iter().all(|item| item.get("properties").is_some())
            {
                panic!("{name} still has inline variants");
            }
            if schema.get("discriminator").is_some() {
                unions += 1;
                for item in schema["oneOf"].as_array().unwrap() {
                    let target = item["$ref"].as_str().unwrap();
                    let variant = target.strip_prefix("#/components/schemas/").unwrap();
                    assert!(components.contains_key(variant), "{variant} is missing");
                }
            }
        }
        // Actions and events of seven rule sets, and the unions inside views and events.
        assert!(unions >= 14, "{unions}");
        // Splitting again changes nothing.
        let mut again: BTreeMap<String, RefOr<Schema>> = super::components().into_iter().collect();
        let before = serde_json::to_value(&again).unwrap();
        name_variants(&mut again);
        assert_eq!(serde_json::to_value(&again).unwrap(), before);
    }

    #[test]
    fn variant_names_are_pascal_case_and_events_say_so() {
        assert_eq!(variant_name("CantStopAction", "roll"), "CantStopRoll");
        assert_eq!(
            variant_name("FourTwoOneEvent", "le_bon"),
            "FourTwoOneLeBonEvent"
        );
        assert_eq!(
            variant_name("LinjaPhase", "following"),
            "LinjaPhaseFollowing"
        );
    }
}
