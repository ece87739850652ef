//! The presenters not yet on their game's types: they read the typed values written as JSON,
//! as every presenter did before the typed seam. Each game leaves this module as its
//! presenter takes its types; the module goes when the last one has.

pub mod fallback;

use serde_json::Value;
use tapis_games::GameId;
use tapis_l10n::Language;

pub(crate) use super::{
    Names, action_groups, faces, nth, over_headline, points, rethrow_faces, scores_panel,
};
use crate::present::table::{ActionButton, ScoreRow, Table, Term};

/// What a presenter is given.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The game's view for the viewer (the `state` of the match view).
    pub view: &'a Value,
    /// The viewer's legal actions now (empty for spectators, replays and other players).
    pub legal: &'a [Value],
    pub names: &'a Names,
    /// The viewer's seat, if they play.
    pub viewer: Option<usize>,
    /// The events of the moves the viewer has not seen played yet (the other players' since
    /// the viewer's last move): what the table marks as just played.
    pub recent: &'a [Value],
}

impl Input<'_> {
    /// The language of the page.
    pub fn lang(&self) -> Language {
        self.names.lang()
    }

    /// The recent events of a `type`.
    pub fn recent_of<'b>(&'b self, kind: &'b str) -> impl Iterator<Item = &'b Value> + 'b {
        self.recent.iter().filter(move |e| e["type"] == kind)
    }

    /// The places (`first`, `second` fields) of the recent events of these types: the cells a
    /// move the viewer has not seen yet changed.
    pub fn recent_places(&self, kinds: &[&str], first: &str, second: &str) -> Vec<(u64, u64)> {
        self.recent
            .iter()
            .filter(|e| kinds.iter().any(|k| e["type"] == *k))
            .filter_map(|e| Some((e[first].as_u64()?, e[second].as_u64()?)))
            .collect()
    }

    /// Whether `seat` is the viewer.
    pub fn is_viewer(&self, seat: usize) -> bool {
        self.viewer == Some(seat)
    }

    /// The legal actions of a `type`.
    pub fn legal_of<'b>(&'b self, kind: &'b str) -> impl Iterator<Item = &'b Value> + 'b {
        self.legal.iter().filter(move |a| a["type"] == kind)
    }

    /// Whether some legal action has this `type`.
    pub fn can(&self, kind: &str) -> bool {
        self.legal_of(kind).next().is_some()
    }
}

impl Input<'_> {
    /// The row of `seat` in a scores panel, showing `value`; `current` marks the seat on turn.
    pub fn score_row(
        &self,
        seat: usize,
        value: impl Into<String>,
        detail: Option<Term>,
        current: bool,
    ) -> ScoreRow {
        ScoreRow {
            seat,
            name: self.names.of(seat),
            value: value.into(),
            detail,
            current,
            yours: self.is_viewer(seat),
            recent: self.scored_recently(seat),
        }
    }

    /// Whether a move the viewer has not seen yet changed `seat`'s score or tokens: a bank
    /// (5000), a box (Yams), a pawn placed (La Linotte, Yam Master), a column won (Can't Stop),
    /// a deal scored (Make Five), tokens charged or paid (421).
    pub fn scored_recently(&self, seat: usize) -> bool {
        const SCORING: [&str; 7] = [
            "banked",
            "scored",
            "placed",
            "column_won",
            "deal_scored",
            "charged",
            "paid",
        ];
        let seat = Some(seat as u64);
        self.recent.iter().any(|e| {
            SCORING.iter().any(|k| e["type"] == *k)
                && (e["seat"].as_u64() == seat
                    || e["from"].as_u64() == seat
                    || e["to"].as_u64() == seat)
        })
    }

    /// A button for a legal action the presenter could not read, named from its JSON, so that
    /// it can still be played.
    pub fn unread_choice(&self, raw: &Value) -> ActionButton {
        ActionButton::new(raw, fallback::action_words(raw, self.names))
    }
}

/// A presenter's reading of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A line of the turn log.
    Line(String),
    /// Nothing worth a line (said by another event already).
    Nothing,
}

/// A typed value as the presenters still read it.
// The presenters read JSON until each takes its game's types: this is the one place the
// typed values are written for them.
fn written<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Implements [`super::Presenter`] for a game whose presenter still reads JSON.
macro_rules! legacy_presenter {
    ($game:ty, $messages:literal, $table:path, $event:expr) => {
        impl super::Presenter for $game {
            const MESSAGES: &'static str = $messages;

            fn table(input: &super::Input<'_, $game>) -> Table {
                let view = written(input.view);
                let legal: Vec<Value> = input.legal.iter().map(written).collect();
                let recent: Vec<Value> = input.recent.iter().map(written).collect();
                let old = Input {
                    view: &view,
                    legal: &legal,
                    names: input.names,
                    viewer: input.viewer,
                    recent: &recent,
                };
                $table(&old).unwrap_or_else(|_| fallback::table(&old))
            }

            fn event(event: &<$game as tapis_games::Game>::Event, names: &Names) -> super::Said {
                let json = written(event);
                let said: Option<Said> = $event(&json, names);
                match said.unwrap_or_else(|| fallback::event(&json, names)) {
                    Said::Line(text) => super::Said::Line(super::Line {
                        id: String::new(),
                        text,
                    }),
                    Said::Nothing => super::Said::Nothing,
                }
            }

            fn action(action: &<$game as tapis_games::Game>::Action, names: &Names) -> String {
                fallback::action_words(&written(action), names)
            }

            fn scores(event: &<$game as tapis_games::Game>::Event, seat: usize) -> bool {
                scored(&written(event), seat)
            }
        }
    };
}

/// Whether an event written as JSON changed `seat`'s score or tokens.
fn scored(e: &Value, seat: usize) -> bool {
    const SCORING: [&str; 7] = [
        "banked",
        "scored",
        "placed",
        "column_won",
        "deal_scored",
        "charged",
        "paid",
    ];
    let seat = Some(seat as u64);
    SCORING.iter().any(|k| e["type"] == *k)
        && (e["seat"].as_u64() == seat || e["from"].as_u64() == seat || e["to"].as_u64() == seat)
}

legacy_presenter!(
    tapis_games::linotte::Linotte,
    "play-linotte",
    super::linotte::table,
    |e: &Value, n: &Names| super::linotte::event(GameId::Linotte, e, n)
);
legacy_presenter!(
    tapis_games::linotte::YamMaster,
    "play-linotte",
    super::linotte::table,
    |e: &Value, n: &Names| super::linotte::event(GameId::YamMaster, e, n)
);
legacy_presenter!(
    tapis_games::linja::Linja,
    "play-linja",
    super::linja::table,
    super::linja::event
);
legacy_presenter!(
    tapis_games::five_thousand::FiveThousand,
    "play-5000",
    super::five_thousand::table,
    super::five_thousand::event
);
legacy_presenter!(
    tapis_games::four_two_one::FourTwoOne,
    "play-421",
    super::four_two_one::table,
    super::four_two_one::event
);

/// One event of `game`, as JSON, in words.
#[cfg(test)]
pub(crate) fn event_words_json(game: GameId, event: &Value, names: &Names) -> Option<String> {
    let said = match game {
        GameId::Yams => None,
        GameId::FiveThousand => super::five_thousand::event(event, names),
        GameId::FourTwoOne => super::four_two_one::event(event, names),
        GameId::CantStop => None,
        GameId::MakeFive => None,
        GameId::Linotte | GameId::YamMaster => super::linotte::event(game, event, names),
        GameId::Linja => super::linja::event(event, names),
    };
    match said.unwrap_or_else(|| fallback::event(event, names)) {
        Said::Line(line) => Some(line),
        Said::Nothing => None,
    }
}

/// What the presenters' unit tests share: two players, and a table drawn from a real state.
#[cfg(test)]
pub(crate) mod testing {
    use std::collections::BTreeMap;

    use serde_json::Value;
    use tapis_games::{AnyState, GameId};

    use super::{Input, Names};
    use crate::present::table::Table;

    /// A presenter's `table` function.
    pub type Present = fn(&Input<'_>) -> Result<Table, serde_json::Error>;

    /// Alice at seat 0, Bob at seat 1.
    pub fn names() -> Names {
        Names(vec!["Alice".into(), "Bob".into()], tapis_l10n::Language::En)
    }

    /// The table `present` draws of `state` for `viewer`, and the viewer's legal actions.
    pub fn drawn(
        present: Present,
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
    ) -> (Table, Vec<Value>) {
        let view = state.view_json(viewer);
        let legal = viewer.map(|v| state.legal_json(v)).unwrap_or_default();
        let table = present(&Input {
            view: &view,
            legal: &legal,
            names,
            viewer,
            recent: &[],
        })
        .unwrap_or_else(|e| panic!("{e}"));
        (table, legal)
    }

    /// Checks that `table` offers each of `legal` exactly once, with a label, and nothing else.
    pub fn assert_offers_exactly(table: &Table, legal: &[Value]) {
        let mut offered: BTreeMap<String, usize> = BTreeMap::new();
        for action in table.offered_actions() {
            *offered.entry(action.json.clone()).or_default() += 1;
            assert!(!action.label.is_empty(), "{} has no label", action.json);
        }
        let mut expected: BTreeMap<String, usize> = BTreeMap::new();
        for action in legal {
            *expected.entry(action.to_string()).or_default() += 1;
        }
        assert_eq!(offered, expected);
    }

    /// A seat's score row is marked when a move the viewer has not seen changed its score or
    /// its tokens, whoever gave or took them.
    #[test]
    fn score_rows_mark_the_seats_a_recent_move_scored_for() {
        let names = names();
        let view = Value::Null;
        let recent = [
            serde_json::json!({"type": "banked", "seat": 1, "points": 350}),
            serde_json::json!({"type": "dice_thrown", "seat": 0}),
        ];
        let input = Input {
            view: &view,
            legal: &[],
            names: &names,
            viewer: Some(0),
            recent: &recent,
        };
        assert!(input.scored_recently(1));
        assert!(!input.scored_recently(0), "a throw changes no score");
        let paid = [serde_json::json!({"type": "paid", "from": 0, "to": 1, "count": 2})];
        let input = Input {
            recent: &paid,
            ..input
        };
        assert!(input.scored_recently(0) && input.scored_recently(1));
    }

    /// Applies a legal action of `seat`, and returns its events.
    pub fn act(state: &mut AnyState, seat: usize, action: Value) -> Vec<Value> {
        state
            .act_json(seat, &action)
            .unwrap_or_else(|e| panic!("{action}: {e}"))
    }

    /// Resolves the chance step due with `dice`, and returns its events.
    pub fn chance(state: &mut AnyState, dice: &[u8]) -> Vec<Value> {
        state.chance_json(dice).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A match as the presenters still read it: actions, events and views as JSON.
    pub trait AsJson {
        fn legal_json(&self, seat: usize) -> Vec<Value>;
        fn view_json(&self, viewer: Option<usize>) -> Value;
        fn act_json(
            &mut self,
            seat: usize,
            action: &Value,
        ) -> Result<Vec<Value>, tapis_games::ActionError>;
        fn chance_json(&mut self, values: &[u8]) -> Result<Vec<Value>, tapis_games::ActionError>;
    }

    impl AsJson for AnyState {
        fn legal_json(&self, seat: usize) -> Vec<Value> {
            self.legal_actions(seat)
                .iter()
                .map(super::written)
                .collect()
        }

        fn view_json(&self, viewer: Option<usize>) -> Value {
            super::written(&self.view(viewer))
        }

        fn act_json(
            &mut self,
            seat: usize,
            action: &Value,
        ) -> Result<Vec<Value>, tapis_games::ActionError> {
            let events = self.apply_json(seat, action)?;
            Ok(events.iter().map(super::written).collect())
        }

        fn chance_json(&mut self, values: &[u8]) -> Result<Vec<Value>, tapis_games::ActionError> {
            let events = self.apply_chance(values)?;
            Ok(events.iter().map(super::written).collect())
        }
    }

    /// `events` of `game` in words, the silent ones left out.
    #[allow(dead_code)] // for the presenters still here, as their tests read JSON
    pub fn said(game: GameId, events: &[Value], names: &Names) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| super::event_words_json(game, e, names))
            .collect()
    }
}
