//! Can't Stop: the eleven columns with every player's markers and the three runners, the four
//! dice, the pairings the dice allow as buttons in words ("Advance 6 and 8"), then "Throw
//! again" or "Stop".

mod board;
mod choices;
mod said;

use tapis_games::cant_stop::{Action, CantStop, Event, Stage, View};
use tapis_l10n::Language;

use super::{Input, Names, Presenter, Said, faces, hinted_term, over_headline, scores_panel};
use crate::present::table::{DicePanel, Die, DieState, Fact, Panel, PanelKind, Table, Term};
use choices::advance_args;

/// The throws of four dice there are (6⁴).
const ALL_THROWS: u32 = 1296;

/// The runners left, explained.
fn runner_term(lang: Language) -> Term {
    Term::explained(
        lang.t("play-cant-stop-runners-left"),
        lang.t("play-cant-stop-runners-hint"),
    )
}

/// `4 of 13`.
fn space_of(space: u8, height: u8, lang: Language) -> String {
    lang.t2("play-cant-stop-space-of", "space", space, "height", height)
}

/// The chance of not busting on the next throw, in words.
fn progress_chance(throws: u16, lang: Language) -> String {
    let percent = (u32::from(throws) * 100 + ALL_THROWS / 2) / ALL_THROWS;
    lang.t_with(
        "play-cant-stop-chance",
        &[
            ("percent", percent.into()),
            ("throws", throws.into()),
            ("all", ALL_THROWS.into()),
        ],
    )
}

impl Presenter for CantStop {
    const MESSAGES: &'static str = "play-cant-stop";

    /// The table of a Can't Stop match.
    fn table(input: &Input<'_, CantStop>) -> Table {
        let view = input.view;
        let over = view.outcome.is_some() || view.stage == Stage::Over;
        let seat = view.seat_to_play.filter(|_| !over);
        let my_turn = input.my_turn(seat);
        let lang = input.lang();
        let mut panels = Vec::new();
        if let Some(dice) = view.dice.filter(|_| !over) {
            panels.push(dice_panel(dice, lang));
        }
        panels.push(board::board(view, input));
        panels.push(turn_facts(view, input, over));
        panels.push(scoreboard(view, input, seat));
        Table {
            headline: headline(view, input, seat),
            prompt: my_turn.then(|| prompt(view, lang)),
            panels,
            actions: choices::choices(view, input),
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        said::event(event, names)
    }

    /// One Can't Stop action in words: `advances 6 and 8`.
    fn action(action: &Action, names: &Names) -> String {
        let lang = names.lang();
        match action {
            Action::Advance { columns } => {
                lang.t_with("play-cant-stop-action-advance", &advance_args(*columns))
            }
            Action::Roll => lang.t("play-cant-stop-action-roll"),
            Action::Stop => lang.t("play-cant-stop-action-stop"),
        }
    }

    super::scored_by!(Event::ColumnWon);

    super::turn_starts_with!(Event::TurnStarted);
}

/// Where the game stands: the start throw, whose turn and what they do, or the end.
fn headline(view: &View, input: &Input<'_, CantStop>, seat: Option<usize>) -> String {
    let lang = input.lang();
    match (&view.outcome, seat) {
        (Some(outcome), _) => over_headline(&outcome.reason, lang),
        (None, _) if view.stage == Stage::StartThrow => lang.t("play-cant-stop-headline-start"),
        (None, Some(seat)) => {
            let step = match view.stage {
                Stage::Throw => lang.t("play-cant-stop-step-throw"),
                Stage::Choose => match view.dice {
                    Some(dice) => lang.t1("play-cant-stop-step-threw", "dice", faces(dice)),
                    None => lang.t("play-cant-stop-step-choose"),
                },
                Stage::Decide => lang.t("play-cant-stop-step-decide"),
                Stage::StartThrow | Stage::Over => String::new(),
            };
            if input.is_viewer(seat) {
                lang.t2(
                    "play-cant-stop-headline-yours",
                    "step",
                    step,
                    "runners",
                    view.runners_left,
                )
            } else {
                lang.t_with(
                    "play-cant-stop-headline-other",
                    &[
                        ("name", input.names.of(seat).into()),
                        ("step", step.into()),
                        ("runners", view.runners_left.into()),
                    ],
                )
            }
        }
        (None, None) => String::new(),
    }
}

/// The four dice thrown, with the ways to pair them: three at most, each said once (`2 2 2 2`
/// makes only 4 and 4).
fn dice_panel(dice: [u8; 4], lang: Language) -> Panel {
    let [a, b, c, d] = dice;
    let mut sums: Vec<(u8, u8)> = Vec::with_capacity(3);
    for (w, x, y, z) in [(a, b, c, d), (a, c, b, d), (a, d, b, c)] {
        let (one, other) = (w.saturating_add(x), y.saturating_add(z));
        let pairing = (one.min(other), one.max(other));
        if !sums.contains(&pairing) {
            sums.push(pairing);
        }
    }
    let mut args = vec![("count", sums.len().into())];
    for (arg, (low, high)) in ["first", "second", "third"].into_iter().zip(&sums) {
        args.push((
            arg,
            lang.t2("play-cant-stop-pair", "a", *low, "b", *high).into(),
        ));
    }
    let caption = lang.t_with("play-cant-stop-pairs", &args);
    Panel::new(
        lang.t("play-cant-stop-dice"),
        "dice",
        PanelKind::Dice(
            DicePanel::new(
                dice.iter()
                    .map(|face| Die::new(*face, DieState::Thrown))
                    .collect(),
            )
            .caption(caption),
        ),
    )
}

/// The start throws, or the turn's figures; then the goal and the variants in play.
fn turn_facts(view: &View, input: &Input<'_, CantStop>, over: bool) -> Panel {
    let lang = input.lang();
    let mut facts = Vec::new();
    if view.stage == Stage::StartThrow {
        facts.extend(view.start.iter().map(|start| {
            Fact::new(
                Term::plain(lang.t1(
                    "play-cant-stop-start-throw",
                    "name",
                    input.names.of(start.seat),
                )),
                start
                    .total
                    .map_or_else(|| lang.t("play-cant-stop-to-throw"), |t| t.to_string()),
            )
        }));
    } else if !over {
        facts.push(Fact::new(runner_term(lang), view.runners_left.to_string()));
        if let Some(throws) = view.throws_with_progress {
            facts.push(Fact::new(
                hinted_term("play-cant-stop-next-throw", lang),
                progress_chance(throws, lang),
            ));
        }
        facts.extend(stop_claims(view, lang));
    }
    facts.push(Fact::new(
        Term::plain(lang.t("play-cant-stop-to-win")),
        lang.t1("play-cant-stop-claim", "count", view.options.columns_to_win),
    ));
    let variants = [
        (view.options.skip_occupied, "play-cant-stop-skip-occupied"),
        (
            view.options.no_stop_on_opponent,
            "play-cant-stop-no-stop-on-opponent",
        ),
    ];
    facts.extend(
        variants.into_iter().filter(|(on, _)| *on).map(|(_, rule)| {
            Fact::new(Term::plain(lang.t("play-cant-stop-variant")), lang.t(rule))
        }),
    );
    Panel::new(
        lang.t("play-cant-stop-this-turn"),
        "facts",
        PanelKind::Facts(facts),
    )
}

/// `Stopping now claims columns 7 and 9 and wins the game`, when stopping would claim any.
fn stop_claims(view: &View, lang: Language) -> Option<Fact> {
    if view.stop_would_win.is_empty() {
        return None;
    }
    let columns: Vec<String> = view
        .stop_would_win
        .iter()
        .map(ToString::to_string)
        .collect();
    let key = if view.stop_would_win_game {
        "play-cant-stop-claims-win"
    } else {
        "play-cant-stop-claims"
    };
    Some(Fact::new(
        Term::plain(lang.t("play-cant-stop-stopping-claims")),
        lang.t2(
            key,
            "count",
            columns.len(),
            "columns",
            crate::present::join_names(&columns, lang),
        ),
    ))
}

/// Every player's columns claimed, spaces climbed and markers left.
fn scoreboard(view: &View, input: &Input<'_, CantStop>, seat: Option<usize>) -> Panel {
    let lang = input.lang();
    let to_win = view.options.columns_to_win;
    let limited = usize::from(view.options.pieces_per_player) < view.columns.len();
    let rows = view.players.iter().map(|p| {
        let detail = if p.resigned {
            lang.t("play-cant-stop-resigned")
        } else if limited {
            lang.t2(
                "play-cant-stop-climbed-left",
                "spaces",
                p.progress,
                "markers",
                p.pieces_left,
            )
        } else {
            lang.t1("play-cant-stop-climbed", "spaces", p.progress)
        };
        input.score_row(
            p.seat,
            lang.t2(
                "play-cant-stop-won-of",
                "won",
                p.columns_won,
                "total",
                to_win,
            ),
            Some(Term::plain(detail)),
            seat == Some(p.seat),
        )
    });
    scores_panel(
        &lang.t("play-cant-stop-players"),
        &lang.t("play-cant-stop-columns-claimed"),
        &lang.t("play-cant-stop-columns"),
        rows,
    )
}

/// What the player on turn is asked to do.
fn prompt(view: &View, lang: Language) -> String {
    match view.stage {
        Stage::Choose => lang.t1(
            "play-cant-stop-prompt-choose",
            "dice",
            view.dice.map(faces).unwrap_or_default(),
        ),
        Stage::Decide if !view.can_stop => lang.t("play-cant-stop-prompt-must-throw"),
        Stage::Decide if view.stop_would_win_game => lang.t("play-cant-stop-prompt-win"),
        Stage::Decide => lang.t("play-cant-stop-prompt-decide"),
        _ => lang.t("play-cant-stop-prompt"),
    }
}

#[cfg(test)]
mod tests;
