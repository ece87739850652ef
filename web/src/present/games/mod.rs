//! One presenter per game: it turns the game's view (JSON, read into the game's own view type)
//! and the viewer's legal actions into a [`Table`], and says the game's events in words for the
//! turn log.
//!
//! A game without a presenter of its own, or whose view cannot be read, is drawn by
//! [`fallback`]: every legal action becomes a labelled button and the figures it can find are
//! listed, so that every game can always be played.
//!
//! To give a game its own presenter: add `games/<game>.rs` with
//! `pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error>` (read `input.view` into
//! the game's view type from `tapis-games`, offer `input.legal` as buttons, sheet cells, board
//! cells or a [`Compose`](crate::present::table::Compose) form) and
//! `pub fn event(event: &Value, names: &Names) -> Option<Said>` (the game's event type, in
//! words), then route the game to them in [`table`] and [`event_words`]. Offer every legal
//! action somewhere: a player must never be stuck.
//!
//! A `table` reads the view, then composes small pieces, each a function named after the part
//! of the table it draws (`headline`, `dice_panel`, `board`, `turn_facts`, `scoreboard`,
//! `choices`, `prompt`...); the pieces every game needs are here ([`over_headline`],
//! [`scores_panel`], [`Input::score_row`], [`Input::unread_choice`], [`action_groups`]). A
//! presenter says in words what the view holds: what the rules decide (which tokens score,
//! which way a piece moves) it asks `tapis-games`, never works out again.

pub mod cant_stop;
pub mod fallback;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja;
pub mod linotte;
pub mod make_five;
pub mod yams;

use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, AnyView, GameId};
use tapis_l10n::Language;

use crate::present::table::{
    ActionButton, ActionGroup, Compose, PICKED, Panel, PanelKind, ScoreRow, Scores, Table, Term,
};

/// The players' names, by seat, and the language the page speaks (every presenter is given
/// the names, so they carry it).
#[derive(Debug, Clone, Default)]
pub struct Names(pub Vec<String>, pub Language);

impl Names {
    /// The language of the page.
    pub fn lang(&self) -> Language {
        self.1
    }

    /// The name at `seat` ("seat 3" if nobody is known there).
    pub fn of(&self, seat: usize) -> String {
        self.0
            .get(seat)
            .cloned()
            .unwrap_or_else(|| self.1.t1("match-seat", "seat", seat + 1))
    }

    /// `Alice's`, `James'` (`d’Alice`, `de Bob` in French: say whole sentences with the name
    /// where word order matters).
    pub fn possessive(&self, seat: usize) -> String {
        let name = self.of(seat);
        let vowel = name
            .chars()
            .next()
            .and_then(|c| c.to_lowercase().next())
            .is_some_and(|c| "aeiouyàâäéèêëîïôöùûüœæ".contains(c));
        let key = match (vowel, name.ends_with('s')) {
            (false, false) => "match-table-possessive",
            (false, true) => "match-table-possessive-s",
            (true, false) => "match-table-possessive-vowel",
            (true, true) => "match-table-possessive-vowel-s",
        };
        self.1.t1(key, "name", name)
    }

    /// `Alice and Bob`.
    pub fn list(&self, seats: &[usize]) -> String {
        let names: Vec<String> = seats.iter().map(|s| self.of(*s)).collect();
        crate::present::join_names(&names, self.1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

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

/// The headline of a finished game: `The game is over: Alice reached 5000 points.`
pub(crate) fn over_headline(reason: &str, lang: Language) -> String {
    lang.t1(
        "match-game-over",
        "reason",
        crate::present::words::reason_words(reason, lang),
    )
}

/// The panel of every seat's total (`data-testid="scores"`).
pub(crate) fn scores_panel(
    title: &str,
    caption: &str,
    unit: &str,
    rows: impl IntoIterator<Item = ScoreRow>,
) -> Panel {
    Panel::new(
        title,
        "scores",
        PanelKind::Scores(Scores {
            caption: caption.to_owned(),
            unit: unit.to_owned(),
            rows: rows.into_iter().collect(),
        }),
    )
}

/// The dice form that throws the ticked dice again (`{"type": "reroll", "faces": [...]}`).
pub(crate) fn rethrow_faces(hint: impl Into<String>, lang: Language) -> Compose {
    Compose::new(
        &serde_json::json!({"type": "reroll", "faces": PICKED}),
        lang.t("match-throw-again"),
        lang.t("match-throw-ticked-again"),
    )
    .hint(hint)
}

/// The groups of buttons that have any, in the order given.
pub(crate) fn action_groups<'t>(
    groups: impl IntoIterator<Item = (&'t str, Vec<ActionButton>)>,
) -> Vec<ActionGroup> {
    groups
        .into_iter()
        .filter(|(_, buttons)| !buttons.is_empty())
        .map(|(title, buttons)| ActionGroup::new(title, buttons))
        .collect()
}

/// A presenter's reading of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A line of the turn log.
    Line(String),
    /// Nothing worth a line (said by another event already).
    Nothing,
}

/// The typed values of the match, as the table is drawn from them: the viewer's view, their
/// legal actions, and the events of the moves they have not seen played yet.
#[derive(Debug, Clone, Copy)]
pub struct Seen<'a> {
    pub view: &'a AnyView,
    pub legal: &'a [AnyAction],
    pub recent: &'a [AnyEvent],
    pub names: &'a Names,
    pub viewer: Option<usize>,
}

/// A typed value as the presenters still read it.
// The presenters read JSON until each takes its game's types: this is the one place the
// typed values are written for them.
fn written<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The table of a match.
pub fn table(seen: &Seen<'_>) -> Table {
    let game = seen.view.game();
    let view = written(seen.view);
    let legal: Vec<Value> = seen.legal.iter().map(written).collect();
    let recent: Vec<Value> = seen.recent.iter().map(written).collect();
    let input = Input {
        view: &view,
        legal: &legal,
        names: seen.names,
        viewer: seen.viewer,
        recent: &recent,
    };
    let typed = match game {
        GameId::Yams => yams::table(&input),
        GameId::FiveThousand => five_thousand::table(&input),
        GameId::FourTwoOne => four_two_one::table(&input),
        GameId::CantStop => cant_stop::table(&input),
        GameId::MakeFive => make_five::table(&input),
        GameId::Linotte | GameId::YamMaster => linotte::table(&input),
        GameId::Linja => linja::table(&input),
    };
    typed.unwrap_or_else(|e| {
        tracing::warn!(game = %game, error = %e, "a game view could not be read; drawn generically");
        fallback::table(&input)
    })
}

/// One event in words; `None` when there is nothing to say.
pub fn event_words(event: &AnyEvent, names: &Names) -> Option<String> {
    event_words_json(event.game(), &written(event), names)
}

/// One event of `game`, as JSON, in words.
fn event_words_json(game: GameId, event: &Value, names: &Names) -> Option<String> {
    let said = match game {
        GameId::Yams => yams::event(event, names),
        GameId::FiveThousand => five_thousand::event(event, names),
        GameId::FourTwoOne => four_two_one::event(event, names),
        GameId::CantStop => cant_stop::event(event, names),
        GameId::MakeFive => make_five::event(event, names),
        GameId::Linotte | GameId::YamMaster => linotte::event(game, event, names),
        GameId::Linja => linja::event(event, names),
    };
    match said.unwrap_or_else(|| fallback::event(event, names)) {
        Said::Line(line) => Some(line),
        Said::Nothing => None,
    }
}

/// An action in words, for a turn whose events say nothing.
pub fn action_words(action: &AnyAction, names: &Names) -> String {
    fallback::action_words(&written(action), names)
}

/// `text` with its first letter in capitals ("alice threw" → "Alice threw").
pub(crate) fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Faces as written in the log: `3 3 5 1 6`.
pub fn faces(dice: impl IntoIterator<Item = u8>) -> String {
    dice.into_iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 point`, `25 points`.
pub fn points(n: impl Into<i64>, lang: Language) -> String {
    lang.t1("match-points", "count", n.into())
}

/// `first`, `second`, `third` (throws of a turn).
pub fn nth(n: u8, lang: Language) -> String {
    match n {
        1..=3 => lang.t1("match-nth", "n", n),
        n => crate::present::ordinal(usize::from(n), lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_naturally() {
        let names = Names(vec!["Alice".into(), "James".into()], Language::En);
        assert_eq!(names.of(0), "Alice");
        assert_eq!(names.of(5), "seat 6");
        assert_eq!(names.possessive(1), "James'");
        assert_eq!(names.list(&[0, 1]), "Alice and James");
        assert_eq!(faces([3, 3, 5, 1, 6]), "3 3 5 1 6");
        assert_eq!(points(1, Language::En), "1 point");
        assert_eq!(points(1500, Language::Fr), "1\u{202f}500 points");
        assert_eq!(nth(2, Language::En), "second");
        assert_eq!(nth(2, Language::Fr), "deuxième");
        let noms = Names(vec!["Alice".into(), "Bob".into()], Language::Fr);
        assert_eq!(noms.of(2), "place 3");
        assert_eq!(noms.possessive(0), "d’Alice");
        assert_eq!(noms.possessive(1), "de Bob");
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
    pub fn said(game: GameId, events: &[Value], names: &Names) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| super::event_words_json(game, e, names))
            .collect()
    }
}
