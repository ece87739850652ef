//! La Linotte and Yam Master (one presenter, two games): the 5×5 grid of printed combinations
//! with the pawns on it, whose free cells the player clicks to place a pawn; the five dice,
//! ticked to throw some again; the challenge taken after the first throw (La Linotte's Appel
//! on a named major combination, Yam Master's Défi) and Yam Master's Yam Predator; the pawns
//! left and the alignment points.
//!
//! The two games share their actions, events and words (`play-linotte-*`); their views differ
//! by their options, of which the table reads only the rules they select ([`Rules`]).

mod grid;
mod panels;
mod said;

use tapis_games::GameId;
use tapis_games::linotte::{
    Action, Cell, Challenge, Combination, Event, Linotte, Major, Options, Rules, View, YamMaster,
    YamMasterOptions,
};
use tapis_l10n::Language;

use super::{Input, Names, Presenter, Said, over_headline};
use crate::present::table::{ActionButton, ActionGroup, Emphasis, Panel, PanelKind, Table, Term};

/// La Linotte or Yam Master: a game this presenter draws, whose view is that of its options.
pub trait LinotteGame:
    Presenter<Action = Action, Event = Event, View = View<<Self as LinotteGame>::Options>>
{
    /// The game's options, which say the rules the table explains.
    type Options: tapis_games::linotte::Variant;
}

/// Implements [`Presenter`] for one of the two games, on the shared code.
macro_rules! linotte_presenter {
    ($game:ty, $options:ty) => {
        impl LinotteGame for $game {
            type Options = $options;
        }

        impl Presenter for $game {
            const MESSAGES: &'static str = "play-linotte";

            fn table(input: &Input<'_, $game>) -> Table {
                table(input)
            }

            fn event(event: &Event, names: &Names) -> Said {
                said::event::<$game>(event, names)
            }

            fn action(action: &Action, names: &Names) -> String {
                said::action::<$game>(action, names)
            }

            fn scores(event: &Event, seat: usize) -> bool {
                said::scores(event, seat)
            }

            super::turn_starts_with!(Event::TurnStarted);
        }
    };
}

linotte_presenter!(Linotte, Options);
linotte_presenter!(YamMaster, YamMasterOptions);

/// The rules the options of the view select.
fn rules<O: tapis_games::linotte::Variant>(view: &View<O>) -> Rules {
    view.options.rules()
}

/// `Full`, `Brelan of 3s`, `Suite`: a combination as the log and the buttons name it.
pub fn combination_name(combination: Combination, game: GameId, lang: Language) -> String {
    match brelan_face(combination) {
        Some(face) => lang.t1("play-linotte-brelan-of", "face", face),
        None => combination.label(game).to_owned(),
    }
}

/// The face of a brelan, if the combination is one.
fn brelan_face(combination: Combination) -> Option<u8> {
    (1..=6).find(|face| Combination::brelan(*face) == Some(combination))
}

/// The five major combinations of `game`, in words: `Full, Quinte, Carré, Small or Yam`.
fn majors(game: GameId, lang: Language) -> String {
    let names: Vec<&str> = Major::ALL
        .iter()
        .map(|m| m.combination().label(game))
        .collect();
    join_or(&names, lang)
}

/// What a combination printed on the grid means.
pub fn combination_hint(combination: Combination, game: GameId, lang: Language) -> String {
    let yam_master = game == GameId::YamMaster;
    let key = match combination {
        Combination::Full => "play-linotte-hint-full",
        Combination::Carre => "play-linotte-hint-carre",
        Combination::Yam if yam_master => "play-linotte-hint-yam-predator",
        Combination::Yam => "play-linotte-hint-yam",
        Combination::Quinte => "play-linotte-hint-quinte",
        Combination::Small => "play-linotte-hint-small",
        Combination::Sec => "play-linotte-hint-sec",
        Combination::Challenge if yam_master => "play-linotte-hint-defi",
        Combination::Challenge => "play-linotte-hint-appel",
        other => {
            return match brelan_face(other) {
                Some(face) => lang.t1("play-linotte-hint-brelan", "face", face),
                None => String::new(),
            };
        }
    };
    match combination {
        Combination::Sec | Combination::Challenge => lang.t1(key, "majors", majors(game, lang)),
        _ => lang.t(key),
    }
}

/// A combination's printed label, explained.
fn combination_term(combination: Combination, game: GameId, lang: Language) -> Term {
    let hint = combination_hint(combination, game, lang);
    match brelan_face(combination) {
        Some(face) => Term::explained(
            face.to_string(),
            lang.t2("play-linotte-term-brelan", "face", face, "hint", hint),
        ),
        None => Term::explained(combination.label(game), hint),
    }
}

/// The challenge's name in `game`: `Appel` or `Défi`.
fn challenge_word(game: GameId) -> &'static str {
    Combination::Challenge.label(game)
}

/// The challenge of `game`, explained.
fn challenge_term(game: GameId, lang: Language) -> Term {
    Term::explained(
        challenge_word(game),
        combination_hint(Combination::Challenge, game, lang),
    )
}

/// `row 2, column 3` (counted from 1, top left).
pub fn cell_words(row: u8, col: u8, lang: Language) -> String {
    lang.t2("play-linotte-cell", "row", row + 1, "col", col + 1)
}

/// `Brelan of 3s (row 2, column 3)`: a cell by its combination and place.
fn cell_name(row: u8, col: u8, game: GameId, lang: Language) -> String {
    match Cell::at(row, col) {
        Some(cell) => lang.t2(
            "play-linotte-cell-named",
            "name",
            combination_name(cell.label(), game, lang),
            "cell",
            cell_words(row, col, lang),
        ),
        None => cell_words(row, col, lang),
    }
}

/// `a, b or c`.
fn join_or<S: AsRef<str>>(items: &[S], lang: Language) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            lang.t2(
                "play-linotte-or",
                "init",
                init.join(", "),
                "last",
                last.as_ref(),
            )
        }
    }
}

/// The legal actions, sorted by what they do.
#[derive(Default)]
struct Choices<'a> {
    rerolls: bool,
    places: Vec<(u8, u8, &'a Action)>,
    removes: Vec<(u8, u8, &'a Action)>,
    appels: Vec<(Major, &'a Action)>,
    defi: Option<&'a Action>,
    pass: Option<&'a Action>,
}

impl<'a> Choices<'a> {
    fn of(legal: &[&'a Action]) -> Choices<'a> {
        let mut choices = Choices::default();
        for &action in legal {
            match *action {
                Action::Reroll { .. } => choices.rerolls = true,
                Action::Place { row, col } => choices.places.push((row, col, action)),
                Action::Remove { row, col } => choices.removes.push((row, col, action)),
                Action::Appel { combination } => choices.appels.push((combination, action)),
                Action::Defi => choices.defi = Some(action),
                Action::Pass => choices.pass = Some(action),
            }
        }
        choices
    }

    /// Whether a choice is a cell of the grid.
    fn on_grid(&self) -> bool {
        !(self.places.is_empty() && self.removes.is_empty())
    }
}

/// The table of a La Linotte or Yam Master match.
fn table<G: LinotteGame>(input: &Input<'_, G>) -> Table {
    let view = input.view;
    let lang = input.lang();
    let choices = Choices::of(&input.legal);
    let my_turn = input.my_turn(view.to_play);
    let mut panels = Vec::new();
    if view.outcome.is_none() {
        panels.push(Panel::new(
            lang.t("play-linotte-dice"),
            "dice",
            PanelKind::Dice(panels::dice_panel::<G>(view, &choices, my_turn, lang)),
        ));
        if view.throws > 0
            && let Some(seat) = view.to_play
        {
            panels.push(Panel::new(
                lang.t("play-linotte-this-turn"),
                "facts",
                PanelKind::Facts(panels::turn_facts(input, seat)),
            ));
        }
    }
    panels.push(Panel::new(
        lang.t("play-linotte-grid"),
        "board",
        PanelKind::Board(grid::grid(input, &choices, my_turn)),
    ));
    panels.push(panels::scoreboard(input));
    Table {
        headline: headline(input),
        prompt: my_turn.then(|| prompt(view, &choices, lang)),
        panels,
        actions: choices_off_grid(view.game, &choices, lang),
    }
}

/// Whose turn and which throw, with the challenge taken; or the end.
fn headline<G: LinotteGame>(input: &Input<'_, G>) -> String {
    let view = input.view;
    let lang = input.lang();
    let seat = match (&view.outcome, view.to_play) {
        (Some(outcome), _) => return over_headline(&outcome.reason, lang),
        (None, Some(seat)) => seat,
        (None, None) => return String::new(),
    };
    let throw = super::throw_words(G::MESSAGES, view.throws, lang);
    let turn = if input.is_viewer(seat) {
        lang.t1("play-linotte-headline-yours", "throw", throw)
    } else {
        lang.t2(
            "play-linotte-headline-other",
            "name",
            input.names.of(seat),
            "throw",
            throw,
        )
    };
    let taken = match view.challenge {
        Some(Challenge::Appel { combination, .. }) => lang.t1(
            "play-linotte-appel-called",
            "combination",
            combination.combination().label(view.game),
        ),
        Some(Challenge::Defi { .. }) => lang.t("play-linotte-defi-taken"),
        None => return turn,
    };
    lang.t2(
        "play-linotte-headline-taken",
        "headline",
        turn,
        "taken",
        taken,
    )
}

/// The buttons off the grid: the challenge, and stopping without a pawn.
fn choices_off_grid(game: GameId, choices: &Choices<'_>, lang: Language) -> Vec<ActionGroup> {
    let mut groups = Vec::new();
    if !choices.appels.is_empty() {
        let buttons = choices
            .appels
            .iter()
            .map(|(major, action)| {
                let combination = major.combination();
                ActionButton::new(
                    *action,
                    lang.t1(
                        "play-linotte-appel-button",
                        "combination",
                        combination.label(game),
                    ),
                )
                .term(combination_term(combination, game, lang))
            })
            .collect();
        groups.push(ActionGroup::new(
            lang.t("play-linotte-appel-group"),
            buttons,
        ));
    }
    if let Some(action) = choices.defi {
        groups.push(ActionGroup::new(
            lang.t("play-linotte-defi-button"),
            vec![
                ActionButton::new(action, lang.t("play-linotte-defi-button"))
                    .term(challenge_term(GameId::YamMaster, lang))
                    .detail(lang.t("play-linotte-defi-detail")),
            ],
        ));
    }
    if let Some(action) = choices.pass {
        groups.push(ActionGroup::new(
            lang.t("play-linotte-or-group"),
            vec![ActionButton::new(action, lang.t("play-linotte-pass")).emphasis(Emphasis::Quiet)],
        ));
    }
    groups
}

/// What the player on turn may do, in one sentence.
fn prompt<O>(view: &View<O>, choices: &Choices<'_>, lang: Language) -> String {
    let can: Vec<String> = [
        (!choices.places.is_empty(), "play-linotte-can-place"),
        (!choices.removes.is_empty(), "play-linotte-can-remove"),
        (choices.rerolls, "play-linotte-can-reroll"),
        (!choices.appels.is_empty(), "play-linotte-can-appel"),
        (choices.defi.is_some(), "play-linotte-can-defi"),
        (choices.pass.is_some(), "play-linotte-can-pass"),
    ]
    .into_iter()
    .filter(|(can, _)| *can)
    .map(|(_, key)| lang.t(key))
    .collect();
    let mut line = lang.t1("play-linotte-prompt", "choices", join_or(&can, lang));
    if view.throws == 1 && view.challenge.is_some() {
        line = lang.t2(
            "play-linotte-prompt-taken",
            "challenge",
            challenge_word(view.game),
            "prompt",
            line,
        );
    }
    if view.combinations.contains(&Combination::Sec) {
        line = lang.t1("play-linotte-prompt-sec", "prompt", line);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, act, chance, names};
    use crate::present::table::{Board, BoardCell, DicePanel, Scores};
    use serde_json::json;
    use tapis_games::{AnyAction, AnyEvent, AnyState};

    fn started(game: GameId) -> AnyState {
        AnyState::setup(game, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"))
    }

    fn table_for(
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
    ) -> (Table, Vec<AnyAction>) {
        table_after(state, viewer, names, &[])
    }

    /// The table of the state's game for `viewer`, who has not seen the `recent` events yet.
    fn table_after(
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
        recent: &[AnyEvent],
    ) -> (Table, Vec<AnyAction>) {
        match state.game() {
            GameId::YamMaster => testing::drawn_after::<YamMaster>(state, viewer, names, recent),
            _ => testing::drawn_after::<Linotte>(state, viewer, names, recent),
        }
    }

    fn board(table: &Table) -> &Board {
        testing::panel(table)
    }

    fn dice(table: &Table) -> &DicePanel {
        testing::panel(table)
    }

    fn facts(table: &Table) -> Vec<(String, String)> {
        table
            .panels
            .iter()
            .filter_map(|p| match &p.kind {
                PanelKind::Facts(f) => Some(f),
                _ => None,
            })
            .flatten()
            .map(|f| (f.label.text.clone(), f.value.clone()))
            .collect()
    }

    /// Every legal action but the re-throws is offered exactly once as a literal action; the
    /// re-throws are the dice form.
    fn assert_everything_offered_once(table: &Table, legal: &[AnyAction]) {
        let (rerolls, others): (Vec<AnyAction>, Vec<AnyAction>) =
            legal.iter().cloned().partition(|a| {
                matches!(
                    a,
                    AnyAction::Linotte(Action::Reroll { .. })
                        | AnyAction::YamMaster(Action::Reroll { .. })
                )
            });
        testing::assert_offers_exactly(table, &others);
        let compose = dice(table).compose.as_ref();
        assert_eq!(compose.is_some(), !rerolls.is_empty());
        if let Some(compose) = compose {
            assert_eq!(compose.template, r#"{"faces":"$unpicked","type":"reroll"}"#);
        }
    }

    /// A game of `game` played out (placing a pawn whenever one may be placed) until it ends
    /// with five in a row; seeded, so always the same game.
    fn won_by_five(game: GameId) -> AnyState {
        for seed in 1..500u64 {
            let mut state = started(game);
            let mut rng = seed;
            let mut next = |n: usize| {
                rng = rng
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((rng >> 33) % n as u64) as usize
            };
            while let tapis_games::Turn::Seat { .. } | tapis_games::Turn::Chance { .. } =
                state.turn()
            {
                match state.turn() {
                    tapis_games::Turn::Chance { chance: c } => {
                        let tapis_games::Chance::Dice { count } = c else {
                            panic!("dice only");
                        };
                        let dice: Vec<u8> = (0..count).map(|_| next(6) as u8 + 1).collect();
                        testing::chance(&mut state, &dice);
                    }
                    tapis_games::Turn::Seat { seat } => {
                        let legal = state.legal_actions(seat);
                        let place = legal.iter().find(|a| {
                            matches!(
                                a,
                                AnyAction::Linotte(Action::Place { .. })
                                    | AnyAction::YamMaster(Action::Place { .. })
                            )
                        });
                        let action = place.unwrap_or(&legal[next(legal.len())]).clone();
                        state.apply(seat, &action).unwrap_or_else(|e| panic!("{e}"));
                    }
                    tapis_games::Turn::Over => {}
                }
            }
            if state.outcome().is_some_and(|o| o.reason == "five_in_a_row") {
                return state;
            }
        }
        panic!("no game of five in a row");
    }

    /// At the end, the five in a row that won is highlighted on the grid, and said.
    #[test]
    fn the_winning_line_is_highlighted() {
        for game in [GameId::Linotte, GameId::YamMaster] {
            let state = won_by_five(game);
            let (table, _) = table_for(&state, Some(0), &names());
            let cells: Vec<&BoardCell> = board(&table).rows.iter().flat_map(|r| &r.cells).collect();
            let marked: Vec<&&BoardCell> = cells.iter().filter(|c| c.highlight).collect();
            assert_eq!(marked.len(), 5, "{game}: five cells marked");
            for cell in marked {
                assert_eq!(cell.tokens.len(), 1, "{game}: a pawn on each");
                assert!(
                    cell.label.ends_with("in the five in a row"),
                    "{}",
                    cell.label
                );
            }
        }
    }

    #[test]
    fn the_player_on_turn_gets_the_grid_the_dice_and_every_choice() {
        let names = names();
        let mut state = started(GameId::Linotte);
        chance(&mut state, &[2, 6, 2, 5, 2]);
        let (table, legal) = table_for(&state, Some(0), &names);
        assert_everything_offered_once(&table, &legal);
        assert_eq!(table.headline, "Your turn · first throw of 3");
        let prompt = table.prompt.clone().unwrap_or_default();
        assert!(
            prompt.contains("place a pawn on a highlighted cell"),
            "{prompt}"
        );
        assert!(prompt.contains("call an Appel"), "{prompt}");

        // The dice, sorted and tickable.
        let shown: Vec<u8> = dice(&table).dice.iter().map(|d| d.face).collect();
        assert_eq!(shown, [2, 2, 2, 5, 6]);
        assert!(dice(&table).dice.iter().all(|d| d.pick.is_some()));

        // The grid: 25 cells in words, the two Brelan-of-2s cells clickable.
        let grid = board(&table);
        let cells: Vec<&BoardCell> = grid.rows.iter().flat_map(|r| &r.cells).collect();
        assert_eq!(cells.len(), 25);
        assert_eq!(cells[0].label, "Row 1, column 1: Brelan of 1s, free");
        assert_eq!(cells[2].label, "Row 1, column 3: Appel, free");
        assert!(
            cells
                .iter()
                .all(|c| c.text.as_ref().is_some_and(|t| t.hint.is_some()))
        );
        let clickable: Vec<&str> = cells
            .iter()
            .flat_map(|c| &c.actions)
            .map(|a| a.label.as_str())
            .collect();
        assert_eq!(
            clickable,
            [
                "Place a pawn on Brelan of 2s (row 2, column 1)",
                "Place a pawn on Brelan of 2s (row 5, column 2)",
            ]
        );
        assert_eq!(cells.iter().filter(|c| c.highlight).count(), 2);

        // The Appels name the combination, explained; stopping is quiet.
        let appels = &table.actions[0];
        assert_eq!(appels.buttons.len(), 5);
        assert_eq!(appels.buttons[0].action.label, "Call an Appel for Full");
        assert!(appels.buttons[0].text.hint.is_some());
        let pass = &table.actions[1].buttons[0];
        assert_eq!(pass.action.label, "Stop without placing a pawn");
        assert_eq!(pass.emphasis, Emphasis::Quiet);

        let facts = facts(&table);
        assert!(facts.contains(&("A pawn may go on".to_owned(), "Brelan of 2s".to_owned())));
    }

    #[test]
    fn a_major_on_the_first_throw_is_a_sec() {
        let names = names();
        let mut state = started(GameId::Linotte);
        chance(&mut state, &[5, 4, 3, 2, 1]);
        let (table, legal) = table_for(&state, Some(0), &names);
        assert_everything_offered_once(&table, &legal);
        let prompt = table.prompt.clone().unwrap_or_default();
        assert!(prompt.contains("Stopping now makes a Sec"), "{prompt}");
        let sec = table
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Facts(f) => f.iter().find(|f| f.label.text == "Sec").cloned(),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no Sec fact"));
        assert_eq!(sec.value, "yes, if you stop now");
        assert!(
            sec.label
                .hint
                .as_deref()
                .is_some_and(|h| h.contains("first throw"))
        );
        let offered: Vec<String> = table
            .offered_actions()
            .iter()
            .map(|a| a.label.clone())
            .collect();
        assert!(offered.contains(&"Place a pawn on Sec (row 2, column 3)".to_owned()));
        assert!(offered.contains(&"Place a pawn on Quinte (row 3, column 5)".to_owned()));
    }

    #[test]
    fn yam_master_has_its_own_labels_the_defi_and_the_yam_predator() {
        let names = names();
        let mut state = started(GameId::YamMaster);
        chance(&mut state, &[1, 1, 2, 2, 1]);
        let (table, legal) = table_for(&state, Some(0), &names);
        assert_everything_offered_once(&table, &legal);
        let labels: Vec<String> = board(&table)
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| c.text.as_ref().map(|t| t.text.clone()))
            .collect();
        assert!(labels.contains(&"≤8".to_owned()) && labels.contains(&"Suite".to_owned()));
        assert!(labels.contains(&"Défi".to_owned()) && !labels.contains(&"Appel".to_owned()));
        let defi = &table.actions[0].buttons[0];
        assert_eq!(defi.action.label, "Take up the Défi");
        assert_eq!(defi.text.text, "Défi");
        // 1 1 1 2 2 is a Full and ≤8: Alice takes the Full at row 2, column 4.
        act(&mut state, 0, json!({"type": "place", "row": 1, "col": 3}));

        // Bob throws a Yam of 6s: he may place, or remove Alice's pawn.
        chance(&mut state, &[6, 6, 6, 6, 6]);
        let (table, legal) = table_for(&state, Some(1), &names);
        assert_everything_offered_once(&table, &legal);
        let removal = board(&table).rows[1].cells[3].actions[0].clone();
        assert_eq!(removal.mark.as_deref(), Some("✕"));
        assert_eq!(
            removal.label,
            "Yam Predator: remove Alice's pawn from Full (row 2, column 4): Alice left with 0 points"
        );
        assert_eq!(
            board(&table).rows[1].cells[3].label,
            "Row 2, column 4: Full, Alice's pawn"
        );
        let predator = facts(&table)
            .into_iter()
            .find(|(label, _)| label == "Yam Predator");
        assert_eq!(
            predator.map(|(_, value)| value).as_deref(),
            Some("You may remove a pawn (✕)")
        );

        // Alice watches: the same grid, nothing to click, her pawn in words.
        let (watching, _) = table_for(&state, Some(0), &names);
        assert!(watching.offered_actions().is_empty());
        assert!(watching.prompt.is_none());
        assert!(dice(&watching).compose.is_none());
        assert_eq!(watching.headline, "Bob's turn · first throw of 3");
        let scores: &Scores = testing::panel(&watching);
        assert_eq!(
            scores.rows[0].detail.as_ref().map(|d| d.text.as_str()),
            Some("11 pawns left, 1 on the grid")
        );
        assert!(scores.rows[1].current);
    }

    #[test]
    fn a_challenge_after_a_sec_says_what_to_throw_again() {
        let names = names();
        let mut state = started(GameId::Linotte);
        chance(&mut state, &[4, 4, 4, 4, 1]);
        act(
            &mut state,
            0,
            json!({"type": "appel", "combination": "yam"}),
        );
        let (table, legal) = table_for(&state, Some(0), &names);
        assert_everything_offered_once(&table, &legal);
        assert_eq!(
            table.headline,
            "Your turn · first throw of 3 · Appel for Yam called"
        );
        let hint = dice(&table)
            .compose
            .as_ref()
            .and_then(|c| c.hint.clone())
            .unwrap_or_default();
        assert!(hint.contains("do not keep every die of it"), "{hint}");
        let appel = facts(&table).into_iter().find(|(l, _)| l == "Appel");
        assert_eq!(
            appel.map(|(_, v)| v).as_deref(),
            Some("Yam: throw again first")
        );
        // Nothing to place before the next throw: only the dice form.
        assert!(table.offered_actions().is_empty());
        assert!(table.is_playable());
    }

    #[test]
    fn events_read_as_sentences() {
        let names = names();
        let mut state = started(GameId::Linotte);
        let mut events = chance(&mut state, &[2, 6, 2, 5, 2]);
        events.extend(act(
            &mut state,
            0,
            json!({"type": "appel", "combination": "full"}),
        ));
        events.extend(act(
            &mut state,
            0,
            json!({"type": "reroll", "faces": [5, 6]}),
        ));
        events.extend(chance(&mut state, &[3, 3]));
        events.extend(act(
            &mut state,
            0,
            json!({"type": "place", "row": 0, "col": 2}),
        ));
        events.extend(chance(&mut state, &[1, 2, 3, 4, 6]));
        events.extend(act(&mut state, 1, json!({"type": "pass"})));
        let words = testing::said(&events, &names);
        assert_eq!(
            words,
            [
                "Alice threw 2 6 2 5 2",
                "Alice called an Appel for Full",
                "Alice picked up 5 6 to throw them again",
                "Alice threw 3 3 (second throw: 2 2 2 3 3)",
                "Alice made the Appel",
                "Alice placed a pawn on Appel (row 1, column 3): 11 pawns left, 0 points",
                "Bob threw 1 2 3 4 6",
                "Bob stopped without placing a pawn",
            ]
        );
        // One die or several: the words agree (French: « le 6 pour le relancer »).
        let one = testing::event::<Linotte>(json!({"type": "rerolled", "seat": 0, "faces": [6]}));
        assert_eq!(
            testing::line::<Linotte>(&one, &names).as_deref(),
            Some("Alice picked up 6 to throw it again")
        );
        let noms = Names(vec!["Alice".into(), "Bob".into()], Language::Fr);
        assert_eq!(
            testing::line::<Linotte>(&one, &noms).as_deref(),
            Some("Alice a repris le 6 pour le relancer")
        );
        let two =
            testing::event::<Linotte>(json!({"type": "rerolled", "seat": 0, "faces": [5, 6]}));
        assert_eq!(
            testing::line::<Linotte>(&two, &noms).as_deref(),
            Some("Alice a repris 5 6 pour les relancer")
        );
        let defi = testing::event::<YamMaster>(json!({"type": "defi_declared", "seat": 1}));
        assert_eq!(
            testing::line::<YamMaster>(&defi, &names).as_deref(),
            Some("Bob took up the Défi")
        );
        let removed = testing::event::<YamMaster>(
            json!({"type": "pawn_removed", "seat": 1, "owner": 0, "row": 2, "col": 4,
            "returned": false, "owner_points": 1}),
        );
        assert_eq!(
            testing::line::<YamMaster>(&removed, &names).as_deref(),
            Some(
                "Bob used the Yam Predator: Alice's pawn on Suite (row 3, column 5) left the game; Alice now has 1 point"
            )
        );
        let over = testing::event::<YamMaster>(
            json!({"type": "game_over", "reason": "five_in_a_row", "winner": 0, "points": [3, 1]}),
        );
        assert_eq!(
            testing::line::<YamMaster>(&over, &names).as_deref(),
            Some("Game over, five in a row: Alice wins (Alice 3 points, Bob 1 point)")
        );
        let noms = Names(vec!["Alice".into(), "Bob".into()], Language::Fr);
        assert_eq!(
            testing::line::<YamMaster>(&defi, &noms).as_deref(),
            Some("Bob a relevé le Défi")
        );
        assert_eq!(
            testing::line::<YamMaster>(&over, &noms).as_deref(),
            Some(
                "Partie terminée, cinq pions alignés\u{a0}: Alice gagne (Alice 3 points, Bob 1 point)"
            )
        );
    }

    #[test]
    fn the_pawn_another_player_just_placed_is_marked() {
        let names = names();
        let mut state = started(GameId::Linotte);
        chance(&mut state, &[2, 6, 2, 5, 2]);
        let placed = act(&mut state, 0, json!({"type": "place", "row": 1, "col": 0}));
        let (table, _) = table_after(&state, Some(1), &names, &placed);
        // Seen: nothing is marked.
        let (seen, _) = table_for(&state, Some(1), &names);
        testing::assert_marks(&table, &[(1, 0)], &seen);
    }

    #[test]
    fn actions_read_as_what_the_player_did() {
        let names = names();
        let mut state = started(GameId::Linotte);
        chance(&mut state, &[2, 6, 2, 5, 2]);
        let legal = state.legal_actions(0);
        let words = |wanted: &dyn Fn(&Action) -> bool| -> Vec<String> {
            legal
                .iter()
                .filter(|a| matches!(a, AnyAction::Linotte(a) if wanted(a)))
                .map(|a| super::super::action_words(a, &names))
                .collect()
        };
        assert_eq!(
            words(&|a| matches!(a, Action::Reroll { faces } if faces.as_slice() == [5, 6])),
            ["throws 5 6 again"]
        );
        assert_eq!(
            words(&|a| matches!(
                a,
                Action::Appel {
                    combination: Major::Full
                }
            )),
            ["calls an Appel for Full"]
        );
        assert_eq!(
            words(&|a| matches!(a, Action::Place { row: 1, col: 0 } | Action::Pass)),
            [
                "places a pawn on Brelan of 2s (row 2, column 1)",
                "stops without placing a pawn"
            ]
        );
        let defi = AnyAction::YamMaster(Action::Defi);
        assert_eq!(
            super::super::action_words(&defi, &names),
            "takes up the Défi"
        );
        let remove = AnyAction::YamMaster(Action::Remove { row: 2, col: 4 });
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            super::super::action_words(&remove, &noms),
            "retire le pion de Suite (ligne 3, colonne 5) avec le Yam Predator"
        );
        let started = testing::event::<Linotte>(json!({"type": "turn_started", "seat": 0}));
        assert_eq!(Linotte::event(&started, &names), Said::Nothing);
    }
}
