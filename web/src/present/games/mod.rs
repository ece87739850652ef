//! One presenter per game: it draws the game's typed view and the viewer's legal actions as a
//! [`Table`], says the game's events and actions in words for the turn log, and tells which of
//! its events change a seat's score. Each game implements [`Presenter`] in its module; the
//! functions here ([`table`], [`event_words`], [`action_words`]) dispatch to it once, by the
//! game the value belongs to.
//!
//! To give a game its presenter: add `games/<game>.rs` with `impl Presenter for <Game>`, list
//! the game in the `presenters!` call below, and write its event messages in
//! `play-<game>.ftl` (`play-<game>-event-<type>`, with the event's fields as arguments: see
//! [`Say`]). Offer every legal action somewhere: a player must never be stuck (each game's
//! tests check that its table offers exactly the legal actions).
//!
//! A `table` composes small pieces, each a function named after the part of the table it
//! draws (`headline`, `dice_panel`, `board`, `turn_facts`, `scoreboard`, `choices`,
//! `prompt`...); the pieces several games need are here ([`over_headline`], [`scores_panel`],
//! [`Input::score_row`], [`Input::my_turn`], [`action_groups`], [`hinted_term`],
//! [`throw_words`], [`dice_caption`], [`keep_and_rethrow`]; for events, [`Say::winner`] and
//! [`Say::two_player_over`]). A presenter says in words what the view holds:
//! what the rules decide (which tokens score, which way a piece moves) it asks `tapis-games`,
//! never works out again.

pub mod cant_stop;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja;
pub mod linotte;
pub mod make_five;
mod names;
mod say;
pub mod yams;

pub use names::Names;
pub use say::{Line, Said, Say};

use tapis_games::{AnyAction, AnyEvent, AnyView, Game, Variant};
use tapis_l10n::Language;

use crate::present::table::{
    ActionButton, ActionGroup, Compose, Panel, PanelKind, ScoreRow, Scores, Table, Term, UNPICKED,
};

/// What the web draws of one game.
pub trait Presenter: Variant + Sized {
    /// The start of the ids of the game's messages (`play-yams`): an event of type
    /// `dice_thrown` is said by `play-yams-event-dice-thrown`.
    const MESSAGES: &'static str;

    /// The table: what the viewer sees, and their legal actions as buttons.
    fn table(input: &Input<'_, Self>) -> Table;

    /// An event in words (start them with [`Say::event`]).
    fn event(event: &Self::Event, names: &Names) -> Said;

    /// An action in words, for a turn whose events say nothing.
    fn action(action: &Self::Action, names: &Names) -> String;

    /// Whether the event changed `seat`'s score or tokens (the scores panel marks the seats a
    /// move the viewer has not seen yet scored for).
    fn scores(event: &Self::Event, seat: usize) -> bool;

    /// The seat whose turn the event starts, if it starts one (a new turn's first throw is
    /// made with the move that ended the last one: the turn log files it under the new turn).
    fn starts_turn(_event: &Self::Event) -> Option<usize> {
        None
    }
}

/// [`Presenter::scores`] for a game whose seats score by one event only, `$event`, which names
/// the seat in its field `seat`. Used inside an `impl Presenter` block.
macro_rules! scored_by {
    ($($event:ident)::+) => {
        fn scores(event: &Self::Event, seat: usize) -> bool {
            matches!(event, $($event)::+ { seat: s, .. } if *s == seat)
        }
    };
}

/// [`Presenter::starts_turn`] for a game whose turns start with the event `$event`, which
/// names the seat in its field `seat`. Used inside an `impl Presenter` block.
macro_rules! turn_starts_with {
    ($($event:ident)::+) => {
        fn starts_turn(event: &Self::Event) -> Option<usize> {
            match *event {
                $($event)::+ { seat, .. } => Some(seat),
                _ => None,
            }
        }
    };
}

use {scored_by, turn_starts_with};

/// What a presenter is given: the typed values of one game.
#[derive(Debug)]
pub struct Input<'a, G: Game> {
    /// The game's view for the viewer.
    pub view: &'a G::View,
    /// The viewer's legal actions now (empty for spectators, replays and other players).
    pub legal: Vec<&'a G::Action>,
    pub names: &'a Names,
    /// The viewer's seat, if they play.
    pub viewer: Option<usize>,
    /// The events of the moves the viewer has not seen played yet (the other players' since
    /// the viewer's last move): what the table marks as just played.
    pub recent: Vec<&'a G::Event>,
}

impl<'a, G: Presenter> Input<'a, G> {
    /// The values of `seen` that belong to game `G` (all of them: a match is of one game).
    pub fn of(view: &'a G::View, seen: &Seen<'a>) -> Input<'a, G> {
        Input {
            view,
            legal: seen.legal.iter().filter_map(G::action_of).collect(),
            names: seen.names,
            viewer: seen.viewer,
            recent: seen.recent.iter().filter_map(G::event_of).collect(),
        }
    }

    /// The language of the page.
    pub fn lang(&self) -> Language {
        self.names.lang()
    }

    /// Whether `seat` is the viewer.
    pub fn is_viewer(&self, seat: usize) -> bool {
        self.viewer == Some(seat)
    }

    /// Whether it is the viewer's turn: `seat` is to play, it is theirs, and they have legal
    /// actions.
    pub fn my_turn(&self, seat: Option<usize>) -> bool {
        seat.is_some_and(|s| self.is_viewer(s)) && !self.legal.is_empty()
    }

    /// Whether a move the viewer has not seen yet changed `seat`'s score or tokens.
    pub fn scored_recently(&self, seat: usize) -> bool {
        self.recent.iter().any(|e| G::scores(e, seat))
    }

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

/// The one dispatch from the enums over all games to each game's [`Presenter`].
macro_rules! presenters {
    ($($variant:ident => $game:ty),* $(,)?) => {
        /// The table of a match.
        pub fn table(seen: &Seen<'_>) -> Table {
            match seen.view {
                $(AnyView::$variant(view) => {
                    <$game as Presenter>::table(&Input::of(view.as_ref(), seen))
                })*
            }
        }

        /// One event as its game's presenter says it.
        pub fn said(event: &AnyEvent, names: &Names) -> Said {
            match event {
                $(AnyEvent::$variant(event) => <$game as Presenter>::event(event, names),)*
            }
        }

        /// The seat whose turn the event starts, if it starts one.
        pub fn starts_turn(event: &AnyEvent) -> Option<usize> {
            match event {
                $(AnyEvent::$variant(event) => <$game as Presenter>::starts_turn(event),)*
            }
        }

        /// The start of the ids of the messages of the event's game.
        #[cfg(test)]
        fn messages_of(event: &AnyEvent) -> &'static str {
            match event {
                $(AnyEvent::$variant(_) => <$game as Presenter>::MESSAGES,)*
            }
        }

        /// An action in words, for a turn whose events say nothing.
        pub fn action_words(action: &AnyAction, names: &Names) -> String {
            match action {
                $(AnyAction::$variant(action) => <$game as Presenter>::action(action, names),)*
            }
        }
    };
}

presenters! {
    Linotte => tapis_games::linotte::Linotte,
    YamMaster => tapis_games::linotte::YamMaster,
    Linja => tapis_games::linja::Linja,
    FiveThousand => tapis_games::five_thousand::FiveThousand,
    FourTwoOne => tapis_games::four_two_one::FourTwoOne,
    CantStop => tapis_games::cant_stop::CantStop,
    Yams => tapis_games::yams::Yams,
    MakeFive => tapis_games::make_five::MakeFive,
}

/// One event in words; `None` when there is nothing to say.
pub fn event_words(event: &AnyEvent, names: &Names) -> Option<String> {
    said(event, names).text()
}

/// The headline of a finished game: `The game is over: Alice reached 5000 points.`
pub(crate) fn over_headline(reason: &str, lang: Language) -> String {
    lang.t1(
        "match-game-over",
        "reason",
        crate::present::words::reason_words(reason, lang),
    )
}

/// The message `key`, explained by the message `<key>-hint`.
pub(crate) fn hinted_term(key: &str, lang: Language) -> Term {
    Term::explained(lang.t(key), lang.t(&format!("{key}-hint")))
}

/// Where a turn of three throws stands, for the headline: `about to throw` before the first
/// throw, else `second throw of 3` (the game's messages `<messages>-about-to-throw` and
/// `<messages>-throw-of`).
pub(crate) fn throw_words(messages: &str, throws: u8, lang: Language) -> String {
    if throws == 0 {
        lang.t(&format!("{messages}-about-to-throw"))
    } else {
        lang.t1(&format!("{messages}-throw-of"), "nth", nth(throws, lang))
    }
}

/// The caption of the dice of a turn of three throws: `Not thrown yet`, else which throw and
/// how many are left (the game's messages `<messages>-not-thrown` and
/// `<messages>-dice-caption`).
pub(crate) fn dice_caption(messages: &str, throws: u8, left: u8, lang: Language) -> String {
    if throws == 0 {
        lang.t(&format!("{messages}-not-thrown"))
    } else {
        lang.t2(
            &format!("{messages}-dice-caption"),
            "throw",
            throws,
            "left",
            left,
        )
    }
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

/// The dice form of a game whose action names the dice thrown again (`{"type": "reroll",
/// "faces": [...]}`): as in every game, the player ticks the dice they keep (docs/match-page.md,
/// "Ticking dice"), and the others are thrown again.
pub(crate) fn keep_and_rethrow(hint: impl Into<String>, lang: Language) -> Compose {
    Compose::new(
        &serde_json::json!({"type": "reroll", "faces": UNPICKED}),
        lang.t("match-keep"),
        lang.t("match-throw-others-again"),
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
    use serde_json::json;
    use tapis_games::{AnyState, Chance, GameId, Turn};

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

    /// A small deterministic generator for the playouts below.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % n as u64) as usize
        }

        fn chance(&mut self, chance: Chance) -> Vec<u8> {
            match chance {
                Chance::Dice { count } => (0..count).map(|_| self.below(6) as u8 + 1).collect(),
                Chance::Draw { counts } => {
                    let kinds: Vec<u8> = (0u8..)
                        .zip(counts)
                        .filter(|(_, c)| *c > 0)
                        .map(|(k, _)| k)
                        .collect();
                    vec![kinds[self.below(kinds.len())]]
                }
            }
        }
    }

    /// Checks one event's words in both languages: from the message named after its game
    /// and type, with every argument the message needs.
    fn check_said(event: &AnyEvent) {
        let json = serde_json::to_value(event).unwrap_or_else(|e| panic!("{e}"));
        let kind = json["type"].as_str().unwrap_or_else(|| panic!("{json}"));
        let expected = format!("{}-event-{}", messages_of(event), kind.replace('_', "-"));
        for lang in Language::ALL {
            let names = Names(
                [
                    "Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo",
                ]
                .map(String::from)
                .to_vec(),
                lang,
            );
            if let Said::Line(line) = said(event, &names) {
                assert_eq!(line.id, expected, "{json}");
                assert!(
                    !line.text.contains(tapis_l10n::MISSING),
                    "{json}: {}",
                    line.text
                );
                assert!(!line.text.is_empty(), "{json}");
            }
        }
    }

    /// Ticking a die means keeping it, in every game with a dice form, said in the same words;
    /// the dice left unticked are the ones thrown again.
    #[test]
    fn ticking_a_die_keeps_it_in_every_game() {
        use crate::present::table::compose_action;
        let dice_games = [
            GameId::Yams,
            GameId::FourTwoOne,
            GameId::Linotte,
            GameId::YamMaster,
            GameId::FiveThousand,
        ];
        for game in dice_games {
            let mut state =
                AnyState::setup(game, 2, &json!({})).unwrap_or_else(|e| panic!("{game}: {e}"));
            let mut rng = Lcg(11);
            let mut forms = 0;
            for _ in 0..300 {
                let seat = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance { chance } => {
                        state
                            .apply_chance(&rng.chance(chance))
                            .unwrap_or_else(|e| panic!("{game}: {e}"));
                        continue;
                    }
                    Turn::Seat { seat } => seat,
                };
                let legal = state.legal_actions(seat);
                let view = state.view(Some(seat));
                for lang in Language::ALL {
                    let names = Names(vec!["Alice".into(), "Bob".into()], lang);
                    let drawn = table(&Seen {
                        view: &view,
                        legal: &legal,
                        recent: &[],
                        names: &names,
                        viewer: Some(seat),
                    });
                    for panel in &drawn.panels {
                        let PanelKind::Dice(dice) = &panel.kind else {
                            continue;
                        };
                        let Some(compose) = &dice.compose else {
                            continue;
                        };
                        forms += 1;
                        assert_eq!(compose.verb, lang.t("match-keep"), "{game}");
                        if lang == Language::En {
                            let hint = compose.hint.clone().unwrap_or_default();
                            assert!(hint.contains("dice you keep"), "{game}: {hint}");
                        }
                        let faces: Vec<String> =
                            dice.dice.iter().filter_map(|d| d.pick.clone()).collect();
                        let faces: Vec<&str> = faces.iter().map(String::as_str).collect();
                        if game == GameId::FiveThousand || faces.len() < 2 {
                            continue;
                        }
                        // Keep the first die: the composed move is legal, and throws again
                        // every other die.
                        let action = compose_action(&compose.template, &faces[..1], &faces)
                            .unwrap_or_else(|e| panic!("{game}: {e}"));
                        let events = state
                            .clone()
                            .apply_json(seat, &action)
                            .unwrap_or_else(|e| panic!("{game}: {action}: {e}"));
                        assert!(!events.is_empty(), "{game}");
                        let thrown = action.get("faces").or_else(|| action.get("keep"));
                        let count = thrown.and_then(|v| v.as_array()).map_or(0, Vec::len);
                        let expected = if action.get("faces").is_some() {
                            faces.len() - 1
                        } else {
                            1
                        };
                        assert_eq!(count, expected, "{game}: {action}");
                    }
                }
                let action = legal[rng.below(legal.len())].clone();
                state
                    .apply(seat, &action)
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
                if forms >= 4 {
                    break;
                }
            }
            assert!(forms > 0, "{game}: a dice form was drawn");
        }
    }

    /// Random matches of every game, some resigned along the way: every event they make is
    /// said by the message `play-<game>-event-<type>`, complete in both languages; every
    /// action has words too.
    #[test]
    fn every_event_is_said_by_the_message_named_after_its_game_and_type() {
        for game in GameId::ALL {
            for seed in 0..6u64 {
                let seats = game
                    .min_seats()
                    .max(2 + (seed as usize % 2))
                    .min(game.max_seats());
                let mut state = AnyState::setup(game, seats, &json!({}))
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
                let mut rng = Lcg(seed * 7919 + 1);
                let resign_at = (seed % 3 == 0).then_some(5 + seed as usize * 3);
                for step in 0..4000 {
                    let events = match state.turn() {
                        Turn::Over => break,
                        Turn::Chance { chance } => state.apply_chance(&rng.chance(chance)),
                        Turn::Seat { seat } if resign_at == Some(step) => state.resign(seat),
                        Turn::Seat { seat } => {
                            let legal = state.legal_actions(seat);
                            let action = &legal[rng.below(legal.len())];
                            let words = action_words(action, &Names::default());
                            assert!(!words.is_empty() && !words.contains(tapis_l10n::MISSING));
                            state.apply(seat, action)
                        }
                    }
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
                    events.iter().for_each(check_said);
                }
            }
        }
    }
}

/// What the presenters' unit tests share: two players, and a table drawn from a real state.
#[cfg(test)]
pub(crate) mod testing {
    use std::collections::BTreeMap;

    use serde_json::Value;
    use tapis_games::{AnyAction, AnyEvent, AnyState};

    use super::{Input, Names, Presenter, Seen};
    use crate::present::table::{Board, DicePanel, PanelKind, Scores, Table, written};

    /// Alice at seat 0, Bob at seat 1.
    pub fn names() -> Names {
        Names(vec!["Alice".into(), "Bob".into()], tapis_l10n::Language::En)
    }

    /// The table game `G`'s presenter draws of `state` for `viewer`, given the events of
    /// `recent`, and the viewer's legal actions.
    pub fn drawn_after<G: Presenter>(
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
        recent: &[AnyEvent],
    ) -> (Table, Vec<AnyAction>) {
        let view = state.view(viewer);
        let legal = viewer.map(|v| state.legal_actions(v)).unwrap_or_default();
        let seen = Seen {
            view: &view,
            legal: &legal,
            recent,
            names,
            viewer,
        };
        let typed = G::view_of(&view).unwrap_or_else(|| panic!("a view of another game"));
        (G::table(&Input::of(typed, &seen)), legal)
    }

    /// The table game `G`'s presenter draws of `state` for `viewer`, and the viewer's legal
    /// actions.
    pub fn drawn<G: Presenter>(
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
    ) -> (Table, Vec<AnyAction>) {
        drawn_after::<G>(state, viewer, names, &[])
    }

    /// Checks that `table` offers each of `legal` exactly once, with a label, and nothing else.
    pub fn assert_offers_exactly(table: &Table, legal: &[AnyAction]) {
        let mut offered: BTreeMap<String, usize> = BTreeMap::new();
        for action in table.offered_actions() {
            *offered.entry(action.json.clone()).or_default() += 1;
            assert!(!action.label.is_empty(), "{} has no label", action.json);
        }
        let mut expected: BTreeMap<String, usize> = BTreeMap::new();
        for action in legal {
            *expected.entry(written(action)).or_default() += 1;
        }
        assert_eq!(offered, expected);
    }

    /// Applies an action of `seat`, written as JSON, and returns its events.
    pub fn act(state: &mut AnyState, seat: usize, action: Value) -> Vec<AnyEvent> {
        state
            .apply_json(seat, &action)
            .unwrap_or_else(|e| panic!("{action}: {e}"))
    }

    /// Resolves the chance step due with `dice`, and returns its events.
    pub fn chance(state: &mut AnyState, dice: &[u8]) -> Vec<AnyEvent> {
        state.apply_chance(dice).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An event of game `G` written as JSON, for examples no short match reaches.
    pub fn event<G: Presenter>(json: Value) -> G::Event {
        serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    /// `events` in words, the silent ones left out.
    pub fn said(events: &[AnyEvent], names: &Names) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| super::event_words(e, names))
            .collect()
    }

    /// One event of game `G` in words, if it says anything.
    pub fn line<G: Presenter>(event: &G::Event, names: &Names) -> Option<String> {
        G::event(event, names).text()
    }

    /// A kind of panel a table can hold, as the tests look for it.
    pub trait Panel: Sized {
        /// The panel `kind` is, if it is of this kind.
        fn of(kind: &PanelKind) -> Option<&Self>;
    }

    macro_rules! panels {
        ($($variant:ident($panel:ty)),* $(,)?) => {$(
            impl Panel for $panel {
                fn of(kind: &PanelKind) -> Option<&Self> {
                    match kind {
                        PanelKind::$variant(panel) => Some(panel),
                        _ => None,
                    }
                }
            }
        )*};
    }

    panels!(Board(Board), Dice(DicePanel), Scores(Scores));

    /// Checks that the first panel of `table` is dice showing `faces`, in this order, which the
    /// player ticks to compose an action.
    pub fn assert_tickable_dice(table: &Table, faces: &[u8]) {
        let PanelKind::Dice(dice) = &table.panels[0].kind else {
            panic!("dice first")
        };
        let shown: Vec<u8> = dice.dice.iter().map(|d| d.face).collect();
        assert_eq!(shown, faces);
        assert!(dice.compose.is_some());
    }

    /// The first panel of kind `P` on `table`.
    pub fn panel<P: Panel>(table: &Table) -> &P {
        table
            .panels
            .iter()
            .find_map(|p| P::of(&p.kind))
            .unwrap_or_else(|| panic!("no {}", std::any::type_name::<P>()))
    }

    /// Checks the marks of what another player just did: on `table`, the cells of the board
    /// at `cells` (row, column, in the order drawn) and the first line of the scores, that
    /// player's; on `seen`, the table once the viewer has seen it, no cell at all.
    pub fn assert_marks(table: &Table, cells: &[(usize, usize)], seen: &Table) {
        assert_eq!(marked_cells(panel(table)), cells);
        let recent: Vec<bool> = panel::<Scores>(table)
            .rows
            .iter()
            .map(|r| r.recent)
            .collect();
        assert_eq!(recent, [true, false]);
        assert!(marked_cells(panel(seen)).is_empty());
    }

    /// The cells of `board` marked as just changed, as (row, column) in the order drawn.
    fn marked_cells(board: &Board) -> Vec<(usize, usize)> {
        board
            .rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.recent)
                    .map(move |(c, _)| (r, c))
            })
            .collect()
    }
}
