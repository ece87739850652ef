//! The generic presenter: any game, read from its JSON alone.
//!
//! Every legal action becomes a button named from its JSON in words (`{"type":"place","row":2,
//! "col":3}` → "Place: row 2, col 3"), the dice and the players' figures it finds in the view
//! are shown, and events are said as their type and values. Games get a presenter of their own
//! in time; until then this keeps them playable by clicking.

use serde_json::{Map, Value};
use tapis_l10n::Language;

use super::{Input, Names, Said};
use crate::present::table::{
    ActionButton, ActionGroup, DicePanel, Die, DieState, Emphasis, Panel, PanelKind, ScoreRow,
    Scores, Table, Term,
};
use crate::present::words::term;

/// The figures of a player worth listing, in order of preference.
const FIGURES: [&str; 7] = [
    "score",
    "points",
    "grand_total",
    "tokens",
    "columns_won",
    "reserve",
    "on_board",
];

/// Lists of one figure per seat, in order of preference.
const SEAT_LISTS: [&str; 2] = ["scores", "totals"];

/// The table of any game.
pub fn table(input: &Input<'_>) -> Table {
    let lang = input.lang();
    let mut panels = Vec::new();
    if let Some(dice) = dice_of(input.view) {
        panels.push(Panel::new(
            lang.t("play-common-dice"),
            "dice",
            PanelKind::Dice(dice),
        ));
    }
    if let Some(scores) = scores_of(input) {
        panels.push(Panel::new(
            lang.t("play-common-players"),
            "scores",
            PanelKind::Scores(scores),
        ));
    }
    let buttons: Vec<ActionButton> = input
        .legal
        .iter()
        .map(|action| {
            let emphasis = if matches!(action["type"].as_str(), Some("pass" | "decline_bonus")) {
                Emphasis::Quiet
            } else {
                Emphasis::Normal
            };
            ActionButton::new(action, action_words(action, input.names)).emphasis(emphasis)
        })
        .collect();
    let over = !input.view["outcome"].is_null() && input.view.get("outcome").is_some();
    Table {
        headline: if over {
            lang.t("play-common-over")
        } else {
            String::new()
        },
        prompt: (!buttons.is_empty()).then(|| lang.t("play-common-choose")),
        panels,
        actions: if buttons.is_empty() {
            Vec::new()
        } else {
            vec![ActionGroup::new(lang.t("play-common-choices"), buttons)]
        },
    }
}

/// The dice of a view, if it has a `dice` list of faces.
fn dice_of(view: &Value) -> Option<DicePanel> {
    let faces: Vec<u8> = view["dice"]
        .as_array()?
        .iter()
        .map(|v| v.as_u64().and_then(|n| u8::try_from(n).ok()))
        .collect::<Option<Vec<u8>>>()?;
    if faces.is_empty() || faces.iter().any(|f| *f > 6) {
        return None;
    }
    Some(DicePanel::new(
        faces
            .into_iter()
            .map(|face| {
                let state = if face == 0 {
                    DieState::Waiting
                } else {
                    DieState::Thrown
                };
                Die::new(face, state)
            })
            .collect(),
    ))
}

/// The players' figures: `players[*]` with a known figure, or a `scores` or `totals` list.
fn scores_of(input: &Input<'_>) -> Option<Scores> {
    let view = input.view;
    let players = view["players"].as_array();
    let figure = players.and_then(|players| {
        FIGURES
            .into_iter()
            .find(|f| players.iter().any(|p| p[*f].is_number()))
    });
    if let (Some(players), Some(figure)) = (players, figure) {
        let rows = players
            .iter()
            .enumerate()
            .map(|(index, p)| {
                let seat = p["seat"]
                    .as_u64()
                    .and_then(|s| usize::try_from(s).ok())
                    .unwrap_or(index);
                ScoreRow {
                    seat,
                    name: input.names.of(seat),
                    value: number_text(&p[figure]),
                    detail: (p["resigned"] == Value::Bool(true))
                        .then(|| Term::plain(input.lang().t("play-common-resigned"))),
                    current: false,
                    yours: input.is_viewer(seat),
                    recent: false,
                }
            })
            .collect();
        return Some(Scores {
            caption: input.lang().t("play-common-players"),
            unit: term(figure, input.lang()),
            rows,
        });
    }
    let (list, scores) = SEAT_LISTS
        .into_iter()
        .find_map(|key| view[key].as_array().map(|a| (key, a)))?;
    Some(Scores {
        caption: input.lang().t("play-common-players"),
        unit: term(list, input.lang()),
        rows: scores
            .iter()
            .enumerate()
            .map(|(seat, v)| ScoreRow {
                seat,
                name: input.names.of(seat),
                value: number_text(v),
                detail: None,
                current: false,
                yours: input.is_viewer(seat),
                recent: false,
            })
            .collect(),
    })
}

fn number_text(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        Value::Null => "—".to_owned(),
        other => other.to_string(),
    }
}

/// A JSON value in words: lists of numbers as `3 3 5`, objects as `key value` pairs.
fn value_words(value: &Value, lang: Language) -> String {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|v| value_words(v, lang))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Object(map) => fields_words(map, None, lang),
        Value::String(s) => term(s, lang).to_lowercase(),
        Value::Bool(true) => lang.t("play-common-yes"),
        Value::Bool(false) => lang.t("play-common-no"),
        Value::Null => lang.t("play-common-none"),
        Value::Number(n) => n.to_string(),
    }
}

fn fields_words(map: &Map<String, Value>, names: Option<&Names>, lang: Language) -> String {
    map.iter()
        .filter(|(key, _)| key.as_str() != "type")
        .map(|(key, value)| {
            let seat_name = names
                .zip(value.as_u64())
                .filter(|_| matches!(key.as_str(), "owner" | "winner" | "from_seat" | "to_seat"));
            let value = match seat_name {
                Some((names, seat)) => names.of(usize::try_from(seat).unwrap_or(usize::MAX)),
                None => value_words(value, lang),
            };
            lang.t2(
                "play-common-field",
                "name",
                term(key, lang).to_lowercase(),
                "value",
                value,
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An action in words, from its JSON: `Place: row 2, col 3`.
pub fn action_words(action: &Value, names: &Names) -> String {
    let lang = names.lang();
    let kind = term(action["type"].as_str().unwrap_or("action"), lang);
    match action.as_object() {
        Some(map) if map.len() > 1 => lang.t2(
            "play-common-action",
            "kind",
            kind,
            "details",
            fields_words(map, Some(names), lang),
        ),
        _ => kind,
    }
}

/// An event in words, from its JSON: `Alice — dice thrown: throw 1, values 3 3 5 1 6`.
pub fn event(event: &Value, names: &Names) -> Said {
    let lang = names.lang();
    let kind = term(event["type"].as_str().unwrap_or("event"), lang);
    let who = event["seat"]
        .as_u64()
        .and_then(|s| usize::try_from(s).ok())
        .map(|seat| names.of(seat));
    let mut rest = event.as_object().cloned().unwrap_or_default();
    rest.remove("seat");
    let details = fields_words(&rest, Some(names), lang);
    let line = match (who, details.is_empty()) {
        (Some(who), true) => lang.t2(
            "play-common-event-seat",
            "name",
            who,
            "kind",
            kind.to_lowercase(),
        ),
        (Some(who), false) => lang.t_with(
            "play-common-event-seat-details",
            &[
                ("name", who.into()),
                ("kind", kind.to_lowercase().into()),
                ("details", details.into()),
            ],
        ),
        (None, true) => kind,
        (None, false) => lang.t2(
            "play-common-event-details",
            "kind",
            kind,
            "details",
            details,
        ),
    };
    Said::Line(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::names;
    use serde_json::json;

    #[test]
    fn actions_are_named_from_their_json() {
        let names = names();
        assert_eq!(
            action_words(&json!({"type": "place", "row": 2, "col": 3}), &names),
            "Place: col 3, row 2"
        );
        assert_eq!(action_words(&json!({"type": "pass"}), &names), "Pass");
        assert_eq!(
            action_words(&json!({"type": "advance", "columns": [6, 8]}), &names),
            "Advance: columns 6 8"
        );
        assert_eq!(
            action_words(
                &json!({"type": "bonus_move", "owner": 1, "from": 2, "to": 3}),
                &names
            ),
            "Bonus move: from 2, owner Bob, to 3"
        );
    }

    #[test]
    fn events_name_their_seat() {
        let line = event(
            &json!({"type": "dice_thrown", "seat": 0, "dice": [3, 4]}),
            &names(),
        );
        assert_eq!(line, Said::Line("Alice — dice thrown: dice 3 4".to_owned()));
        let line = event(&json!({"type": "game_over", "winner": 1}), &names());
        assert_eq!(line, Said::Line("Game over: winner Bob".to_owned()));
        let noms = Names(names().0, tapis_l10n::Language::Fr);
        let line = event(
            &json!({"type": "dice_thrown", "seat": 0, "dice": [3, 4], "bank": null}),
            &noms,
        );
        assert_eq!(
            line,
            Said::Line("Alice — dés lancés\u{a0}: marquer aucun, dés 3 4".to_owned())
        );
    }

    #[test]
    fn every_legal_action_is_a_button_and_figures_are_listed() {
        let names = names();
        let view = json!({"dice": [1, 4, 0], "players": [{"seat": 0, "points": 3}, {"seat": 1, "points": 5, "resigned": true}]});
        let legal = [
            json!({"type": "place", "row": 0, "col": 1}),
            json!({"type": "pass"}),
        ];
        let table = table(&Input {
            view: &view,
            legal: &legal,
            names: &names,
            viewer: Some(0),
            recent: &[],
        });
        assert_eq!(table.offered_actions().len(), 2);
        assert!(table.is_playable());
        let kinds: Vec<&str> = table.panels.iter().map(|p| p.testid.as_str()).collect();
        assert_eq!(kinds, ["dice", "scores"]);
        match &table.panels[1].kind {
            PanelKind::Scores(scores) => {
                assert_eq!(scores.unit, "Points");
                assert_eq!(scores.rows[1].value, "5");
            }
            other => panic!("{other:?}"),
        }
    }
}
