//! The choices of the player on turn: the pairings the dice allow, then stop or throw again.

use tapis_games::cant_stop::{Action, CantStop, ChoiceView, ColumnView, Columns, View};
use tapis_l10n::{Language, Value};

use super::{progress_chance, space_of};
use crate::present::games::{Input, action_groups, hinted_term};
use crate::present::table::{ActionButton, ActionGroup, Emphasis};

/// The label of a choice's button: `Advance 6 and 8`, `Advance 7 twice`, `Advance 5 only`.
pub(super) fn advance_label(columns: Columns, lang: Language) -> String {
    lang.t_with("play-cant-stop-advance", &advance_args(columns))
}

/// The arguments of the messages that say an advance: `how` (`only`, `twice` or `both`) and
/// the columns `a` and `b`.
pub(super) fn advance_args(columns: Columns) -> [(&'static str, Value<'static>); 3] {
    let mut labels = columns.labels();
    let a = labels.next().unwrap_or(0);
    let (how, b) = match labels.next() {
        None => ("only", a),
        Some(b) if b == a => ("twice", b),
        Some(b) => ("both", b),
    };
    [("how", how.into()), ("a", a.into()), ("b", b.into())]
}

/// What a choice does to the runners: `6 up to 3 of 11 · new runner on 8 at 1 of 11`.
fn choice_detail(choice: &ChoiceView, columns: &[ColumnView], lang: Language) -> String {
    let mut parts = Vec::new();
    for step in &choice.moves {
        let column = columns.iter().find(|c| c.column == step.column);
        let height = column.map_or(0, |c| c.height);
        let new = column.is_some_and(|c| c.runner.is_none());
        let key = match (new, step.tops) {
            (true, false) => "play-cant-stop-new-runner",
            (true, true) => "play-cant-stop-new-runner-top",
            (false, false) => "play-cant-stop-up-to",
            (false, true) => "play-cant-stop-up-to-top",
        };
        parts.push(lang.t2(
            key,
            "column",
            step.column,
            "at",
            space_of(step.to, height, lang),
        ));
    }
    parts.join(" · ")
}

/// The viewer's choices, every legal action exactly once: the pairings, then stop or throw.
pub(super) fn choices(view: &View, input: &Input<'_, CantStop>) -> Vec<ActionGroup> {
    let lang = input.lang();
    let mut advances = Vec::new();
    let mut decisions = Vec::new();
    for &action in &input.legal {
        match action {
            Action::Advance { columns } => {
                advances.push(advance_button(view, action, *columns, lang))
            }
            Action::Roll => decisions.push(throw_again_button(view, action, lang)),
            Action::Stop => decisions.push(stop_button(view, action, lang)),
        }
    }
    // Stop first: it is the safe choice.
    decisions.reverse();
    action_groups([
        (lang.t("play-cant-stop-choose-columns").as_str(), advances),
        (lang.t("play-cant-stop-stop-or-throw").as_str(), decisions),
    ])
}

/// `Advance 6 and 8`, with what it does to the runners.
fn advance_button(view: &View, action: &Action, columns: Columns, lang: Language) -> ActionButton {
    let mut button = ActionButton::new(action, advance_label(columns, lang));
    if let Some(choice) = view
        .choices
        .iter()
        .find(|c| matches!(c.action, Action::Advance { columns: theirs } if theirs == columns))
    {
        let detail = choice_detail(choice, &view.columns, lang);
        if !detail.is_empty() {
            button = button.detail(detail);
        }
    }
    button
}

/// `Throw again`, with the chance that the throw advances.
fn throw_again_button(view: &View, action: &Action, lang: Language) -> ActionButton {
    let button = ActionButton::new(action, lang.t("play-cant-stop-throw-again"));
    match view.throws_with_progress {
        Some(throws) => button.detail(lang.t1(
            "play-cant-stop-to-advance",
            "chance",
            progress_chance(throws, lang),
        )),
        None => button,
    }
}

/// `Stop`, with the spaces it keeps and what it claims.
fn stop_button(view: &View, action: &Action, lang: Language) -> ActionButton {
    let kept: Vec<String> = view
        .columns
        .iter()
        .filter_map(|c| {
            c.runner.map(|r| {
                lang.t_with(
                    "play-cant-stop-kept-at",
                    &[
                        ("column", c.column.into()),
                        ("space", r.into()),
                        ("height", c.height.into()),
                    ],
                )
            })
        })
        .collect();
    let key = if view.stop_would_win_game {
        "play-cant-stop-keep-win"
    } else if !view.stop_would_win.is_empty() {
        "play-cant-stop-keep-claim"
    } else {
        "play-cant-stop-keep"
    };
    let detail = lang.t1(key, "kept", crate::present::join_names(&kept, lang));
    ActionButton::new(action, lang.t("play-cant-stop-stop"))
        .term(hinted_term("play-cant-stop-stop", lang))
        .detail(detail)
        .emphasis(Emphasis::Primary)
}
