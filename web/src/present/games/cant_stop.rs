//! Can't Stop: the eleven columns with every player's markers and the three runners, the four
//! dice, the pairings the dice allow as buttons in words ("Advance 6 and 8"), then "Throw
//! again" or "Stop".

use serde_json::Value;
use tapis_games::cant_stop::{
    Action, ChoiceView, ColumnView, Columns, EndReason, Event, Stage, View,
};
use tapis_l10n::Language;

use super::legacy::{Input, Names, Said, action_groups, faces, over_headline, scores_panel};
use crate::present::table::{
    ActionButton, ActionGroup, ColumnView as Column, ColumnsPanel, DicePanel, Die, DieState,
    Emphasis, Fact, Panel, PanelKind, Table, Term, Token,
};

/// The throws of four dice there are (6⁴).
const ALL_THROWS: u32 = 1296;

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

/// The label of a choice's button: `Advance 6 and 8`, `Advance 7 twice`, `Advance 5 only`.
pub fn advance_label(columns: &[u8], lang: Language) -> String {
    match columns {
        [one] => lang.t1("play-cant-stop-advance-only", "column", *one),
        [a, b] if a == b => lang.t1("play-cant-stop-advance-twice", "column", *a),
        [a, b] => lang.t2("play-cant-stop-advance-both", "a", *a, "b", *b),
        _ => lang.t("play-cant-stop-advance"),
    }
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

/// The column's text alternative: `Column 7, 13 spaces: Alice's marker at 4 of 13, runner at
/// 6 of 13`.
fn column_words(column: &ColumnView, input: &Input<'_>) -> String {
    let lang = input.lang();
    let height = column.height;
    let head = lang.t2(
        "play-cant-stop-column-head",
        "column",
        column.column,
        "height",
        height,
    );
    if let Some(winner) = column.won_by {
        return lang.t2(
            "play-cant-stop-column-claimed",
            "head",
            head,
            "name",
            input.names.of(winner),
        );
    }
    let mut parts: Vec<String> = column
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, space)| **space > 0)
        .map(|(seat, space)| {
            lang.t2(
                "play-cant-stop-marker-at",
                "name",
                input.names.of(seat),
                "at",
                space_of(*space, height, lang),
            )
        })
        .collect();
    if let Some(runner) = column.runner {
        parts.push(lang.t1(
            "play-cant-stop-runner-at",
            "at",
            space_of(runner, height, lang),
        ));
    }
    if parts.is_empty() {
        lang.t1("play-cant-stop-column-empty", "head", head)
    } else {
        lang.t2(
            "play-cant-stop-column-pieces",
            "head",
            head,
            "pieces",
            parts.join(", "),
        )
    }
}

/// One column of the board, its spaces from the bottom up.
fn column_of(column: &ColumnView, input: &Input<'_>) -> Column {
    let lang = input.lang();
    let height = column.height;
    let label = column.column;
    let spaces = (1..=height)
        .map(|space| {
            let mut tokens: Vec<Token> = column
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, at)| **at == space)
                .map(|(seat, _)| {
                    Token::of_seat(
                        seat,
                        lang.t_with(
                            "play-cant-stop-marker-on",
                            &[
                                ("name", input.names.of(seat).into()),
                                ("column", label.into()),
                                ("at", space_of(space, height, lang).into()),
                            ],
                        ),
                    )
                })
                .collect();
            if column.runner == Some(space) {
                tokens.push(Token::runner(lang.t2(
                    "play-cant-stop-runner-on",
                    "column",
                    label,
                    "at",
                    space_of(space, height, lang),
                )));
            }
            tokens
        })
        .collect();
    Column {
        label: label.to_string(),
        spaces,
        won_by: column.won_by.map(|seat| {
            Token::of_seat(
                seat,
                lang.t2(
                    "play-cant-stop-claimed-by",
                    "column",
                    label,
                    "name",
                    input.names.of(seat),
                ),
            )
        }),
        label_long: column_words(column, input),
        action: None,
        // A column the other players climbed since the viewer's last move.
        recent: input
            .recent_of("piece_moved")
            .chain(input.recent_of("runner_moved"))
            .any(|e| e["column"].as_u64() == Some(u64::from(label))),
    }
}

/// The table of a Can't Stop match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: View = serde_json::from_value(input.view.clone())?;
    let over = view.outcome.is_some() || view.stage == Stage::Over;
    let seat = view.seat_to_play.filter(|_| !over);
    let my_turn = seat.is_some_and(|s| input.is_viewer(s)) && !input.legal.is_empty();
    let lang = input.lang();
    let mut panels = Vec::new();
    if let Some(dice) = view.dice.filter(|_| !over) {
        panels.push(dice_panel(dice, lang));
    }
    panels.push(board(&view, input));
    panels.push(turn_facts(&view, input, over));
    panels.push(scoreboard(&view, input, seat));
    Ok(Table {
        headline: headline(&view, input, seat),
        prompt: my_turn.then(|| prompt(&view, lang)),
        panels,
        actions: choices(&view, input),
    })
}

/// Where the game stands: the start throw, whose turn and what they do, or the end.
fn headline(view: &View, input: &Input<'_>, seat: Option<usize>) -> String {
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

/// The four dice thrown, with the three ways to pair them.
fn dice_panel(dice: [u8; 4], lang: Language) -> Panel {
    let [a, b, c, d] = dice;
    let pair = |(w, x, y, z): (u8, u8, u8, u8)| {
        lang.t2(
            "play-cant-stop-pair",
            "a",
            w.saturating_add(x),
            "b",
            y.saturating_add(z),
        )
    };
    let caption = lang.t_with(
        "play-cant-stop-pairs",
        &[
            ("first", pair((a, b, c, d)).into()),
            ("second", pair((a, c, b, d)).into()),
            ("third", pair((a, d, b, c)).into()),
        ],
    );
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

/// The eleven columns with every marker and runner.
fn board(view: &View, input: &Input<'_>) -> Panel {
    let lang = input.lang();
    Panel::new(
        lang.t("play-cant-stop-board"),
        "columns",
        PanelKind::Columns(ColumnsPanel {
            caption: lang.t1(
                "play-cant-stop-board-caption",
                "count",
                view.options.columns_to_win,
            ),
            columns: view
                .columns
                .iter()
                .map(|column| column_of(column, input))
                .collect(),
        }),
    )
}

/// The start throws, or the turn's figures; then the goal and the variants in play.
fn turn_facts(view: &View, input: &Input<'_>, over: bool) -> Panel {
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
                Term::explained(
                    lang.t("play-cant-stop-next-throw"),
                    lang.t("play-cant-stop-next-throw-hint"),
                ),
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
fn scoreboard(view: &View, input: &Input<'_>, seat: Option<usize>) -> Panel {
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

/// The viewer's choices, every legal action exactly once: the pairings, then stop or throw.
fn choices(view: &View, input: &Input<'_>) -> Vec<ActionGroup> {
    let lang = input.lang();
    let mut advances = Vec::new();
    let mut decisions = Vec::new();
    let mut others = Vec::new();
    for raw in input.legal {
        match serde_json::from_value::<Action>(raw.clone()) {
            Ok(Action::Advance { columns }) => {
                advances.push(advance_button(view, raw, columns, lang))
            }
            Ok(Action::Roll) => decisions.push(throw_again_button(view, raw, lang)),
            Ok(Action::Stop) => decisions.push(stop_button(view, raw, lang)),
            Err(_) => others.push(input.unread_choice(raw)),
        }
    }
    // Stop first: it is the safe choice.
    decisions.reverse();
    action_groups([
        (lang.t("play-cant-stop-choose-columns").as_str(), advances),
        (lang.t("play-cant-stop-stop-or-throw").as_str(), decisions),
        (lang.t("play-cant-stop-other-choices").as_str(), others),
    ])
}

/// `Advance 6 and 8`, with what it does to the runners.
fn advance_button(view: &View, raw: &Value, columns: Columns, lang: Language) -> ActionButton {
    let labels: Vec<u8> = columns.labels().collect();
    let mut button = ActionButton::new(raw, advance_label(&labels, lang));
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
fn throw_again_button(view: &View, raw: &Value, lang: Language) -> ActionButton {
    let button = ActionButton::new(raw, lang.t("play-cant-stop-throw-again"));
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
fn stop_button(view: &View, raw: &Value, lang: Language) -> ActionButton {
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
    ActionButton::new(raw, lang.t("play-cant-stop-stop"))
        .term(Term::explained(
            lang.t("play-cant-stop-stop"),
            lang.t("play-cant-stop-stop-hint"),
        ))
        .detail(detail)
        .emphasis(Emphasis::Primary)
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

/// One Can't Stop event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    let lang = names.lang();
    let line =
        |key: &str, args: &[(&str, tapis_l10n::Value<'_>)]| Said::Line(lang.t_with(key, args));
    Some(match event {
        Event::StartThrown { seat, dice, total } => line(
            "play-cant-stop-log-start",
            &[
                ("name", names.of(seat).into()),
                ("dice", faces(dice).into()),
                ("total", total.into()),
            ],
        ),
        Event::StartTied { seats, total } => line(
            "play-cant-stop-log-start-tie",
            &[
                ("names", names.list(&seats).into()),
                ("total", total.into()),
            ],
        ),
        Event::FirstPlayer { seat } => line(
            "play-cant-stop-log-first-player",
            &[("name", names.of(seat).into())],
        ),
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceThrown { seat, dice } => line(
            "play-cant-stop-log-threw",
            &[
                ("name", names.of(seat).into()),
                ("dice", faces(dice).into()),
            ],
        ),
        Event::RunnerMoved {
            seat,
            column,
            to,
            steps,
            ..
        } => line(
            if steps > 1 {
                "play-cant-stop-log-advanced-twice"
            } else {
                "play-cant-stop-log-advanced"
            },
            &[
                ("name", names.of(seat).into()),
                ("column", column.into()),
                ("at", space_of(to, height_of(column), lang).into()),
            ],
        ),
        Event::RolledAgain { seat } => line(
            "play-cant-stop-log-rolled-again",
            &[("name", names.of(seat).into())],
        ),
        Event::Bust { seat, runners } => {
            let lost: Vec<String> = runners
                .as_slice()
                .iter()
                .map(|r| r.column.to_string())
                .collect();
            if lost.is_empty() {
                line(
                    "play-cant-stop-log-bust",
                    &[("name", names.of(seat).into())],
                )
            } else {
                line(
                    "play-cant-stop-log-bust-runners",
                    &[
                        ("name", names.of(seat).into()),
                        ("columns", crate::present::join_names(&lost, lang).into()),
                    ],
                )
            }
        }
        // Said by the markers' moves that follow.
        Event::Stopped { .. } => Said::Nothing,
        Event::PieceMoved {
            seat, column, to, ..
        } => line(
            "play-cant-stop-log-stopped",
            &[
                ("name", names.of(seat).into()),
                ("column", column.into()),
                ("to", to.into()),
                ("height", height_of(column).into()),
            ],
        ),
        Event::ColumnWon {
            seat,
            column,
            removed,
        } => {
            if removed.is_empty() {
                line(
                    "play-cant-stop-log-claimed",
                    &[("name", names.of(seat).into()), ("column", column.into())],
                )
            } else {
                line(
                    "play-cant-stop-log-claimed-removed",
                    &[
                        ("name", names.of(seat).into()),
                        ("column", column.into()),
                        ("owners", names.list(&removed).into()),
                        ("count", removed.len().into()),
                    ],
                )
            }
        }
        Event::Resigned { seat } => line(
            "play-cant-stop-log-resigned",
            &[("name", names.of(seat).into())],
        ),
        Event::GameOver { winner, reason } => {
            let why = lang.t(match reason {
                EndReason::ColumnsWon => "play-cant-stop-why-columns-won",
                EndReason::AllColumnsWon => "play-cant-stop-why-all-columns",
                EndReason::Resignation => "play-cant-stop-why-resignation",
            });
            match winner {
                Some(seat) => line(
                    "play-cant-stop-log-over-winner",
                    &[("why", why.into()), ("name", names.of(seat).into())],
                ),
                None => line("play-cant-stop-log-over", &[("why", why.into())]),
            }
        }
    })
}

/// The height of column `label` (0 for a column that does not exist).
fn height_of(label: u8) -> u8 {
    tapis_games::cant_stop::index_of(label)
        .and_then(|i| tapis_games::cant_stop::HEIGHTS.get(i))
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::legacy::testing::AsJson;
    use super::*;
    use crate::present::games::legacy::testing::{self, act, chance, names};
    use serde_json::json;
    use tapis_games::{AnyState, GameId};

    fn table_for(state: &AnyState, viewer: Option<usize>) -> Table {
        testing::drawn(table, state, viewer, &names()).0
    }

    fn said(events: &[Value]) -> Vec<String> {
        testing::said(GameId::CantStop, events, &names())
    }

    /// Every legal action is offered exactly once, and nothing else.
    fn assert_offers_every_legal_action(state: &AnyState, seat: usize) -> Table {
        let table = table_for(state, Some(seat));
        testing::assert_offers_exactly(&table, &state.legal_json(seat));
        table
    }

    fn labels(table: &Table) -> Vec<String> {
        table
            .actions
            .iter()
            .flat_map(|g| g.buttons.iter().map(|b| b.action.label.clone()))
            .collect()
    }

    fn columns(table: &Table) -> &ColumnsPanel {
        table
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Columns(columns) => Some(columns),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no columns"))
    }

    /// Alice starts (12 against 2).
    fn started() -> (AnyState, Vec<String>) {
        let mut state =
            AnyState::setup(GameId::CantStop, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        let mut words = said(&chance(&mut state, &[6, 6]));
        words.extend(said(&chance(&mut state, &[1, 1])));
        (state, words)
    }

    #[test]
    fn the_start_throw_then_the_pairings_as_buttons_in_words() {
        let (mut state, words) = started();
        assert_eq!(
            words,
            [
                "Alice threw 6 6 to decide who starts (12)",
                "Bob threw 1 1 to decide who starts (2)",
                "Alice plays first",
            ]
        );
        let waiting = table_for(&state, Some(0));
        assert!(waiting.actions.is_empty());
        assert!(
            waiting
                .headline
                .contains("Your turn · throwing the four dice"),
            "{}",
            waiting.headline
        );

        let thrown = chance(&mut state, &[1, 5, 2, 6]);
        assert_eq!(said(&thrown), ["Alice threw 1 5 2 6"]);
        let table = assert_offers_every_legal_action(&state, 0);
        assert_eq!(
            labels(&table),
            ["Advance 6 and 8", "Advance 3 and 11", "Advance 7 twice"]
        );
        assert_eq!(
            table.actions[0].buttons[0].detail.as_deref(),
            Some("new runner on 6 at 1 of 11 · new runner on 8 at 1 of 11")
        );
        assert!(
            table
                .prompt
                .as_deref()
                .is_some_and(|p| p.contains("1 5 2 6")),
            "{:?}",
            table.prompt
        );
        let PanelKind::Dice(dice) = &table.panels[0].kind else {
            panic!("dice first")
        };
        let alts: Vec<String> = dice.dice.iter().map(|d| d.alt(Language::En)).collect();
        assert_eq!(
            alts,
            [
                "die showing 1",
                "die showing 5",
                "die showing 2",
                "die showing 6"
            ]
        );
        assert_eq!(
            dice.caption.as_deref(),
            Some("Pairs make 6 and 8, or 3 and 11, or 7 and 7")
        );
        // The board: eleven columns of 3 to 13 spaces, each with words.
        let board = columns(&table);
        let heights: Vec<usize> = board.columns.iter().map(|c| c.spaces.len()).collect();
        assert_eq!(heights, [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]);
        assert_eq!(board.columns[5].label, "7");
        assert_eq!(board.columns[5].label_long, "Column 7, 13 spaces: empty");

        // Bob watches: the same board, nothing to click.
        let theirs = table_for(&state, Some(1));
        assert!(theirs.offered_actions().is_empty());
        assert!(theirs.prompt.is_none());
        assert!(theirs.headline.starts_with("Alice's turn · threw 1 5 2 6"));
        let spectator = table_for(&state, None);
        assert!(spectator.offered_actions().is_empty());
    }

    #[test]
    fn runners_markers_stop_and_claimed_columns() {
        let (mut state, _) = started();
        chance(&mut state, &[1, 1, 1, 1]);
        let table = assert_offers_every_legal_action(&state, 0);
        assert_eq!(labels(&table), ["Advance 2 twice"]);
        let moved = act(&mut state, 0, json!({"type": "advance", "columns": [2, 2]}));
        assert_eq!(said(&moved), ["Alice advanced 2 twice: runner at 2 of 3"]);

        // Stop (first, the likely choice) or throw again, with the odds.
        let table = assert_offers_every_legal_action(&state, 0);
        assert_eq!(labels(&table), ["Stop", "Throw again"]);
        let stop = &table.actions[0].buttons[0];
        assert_eq!(stop.emphasis, Emphasis::Primary);
        assert_eq!(stop.detail.as_deref(), Some("keep 2 at 2/3"));
        assert!(stop.text.hint.is_some());
        let again = &table.actions[0].buttons[1];
        assert!(
            again
                .detail
                .as_deref()
                .is_some_and(|d| d.ends_with("of 1,296 throws) to advance")),
            "{:?}",
            again.detail
        );
        // The runner is a neutral marker with words.
        let board = columns(&table);
        assert_eq!(
            board.columns[0].label_long,
            "Column 2, 3 spaces: runner at 2 of 3"
        );
        let runner = &board.columns[0].spaces[1][0];
        assert_eq!(runner.colour, "runner");
        assert_eq!(runner.label, "runner on 2, 2 of 3");

        let rolled = act(&mut state, 0, json!({"type": "roll"}));
        assert_eq!(said(&rolled), ["Alice chose to throw again"]);
        chance(&mut state, &[1, 1, 2, 3]);
        assert_offers_every_legal_action(&state, 0);
        act(&mut state, 0, json!({"type": "advance", "columns": [2, 5]}));
        let table = assert_offers_every_legal_action(&state, 0);
        assert_eq!(
            table.actions[0].buttons[0].detail.as_deref(),
            Some("keep 2 at 3/3 and 5 at 1/9 and claim a column")
        );
        assert!(table.panels.iter().any(
            |p| matches!(&p.kind, PanelKind::Facts(f) if f.iter().any(|f| f.value == "column 2"))
        ));
        let stopped = act(&mut state, 0, json!({"type": "stop"}));
        assert_eq!(
            said(&stopped),
            [
                "Alice stopped: 2 at 3/3",
                "Alice claimed column 2",
                "Alice stopped: 5 at 1/9",
            ]
        );

        // Bob sees Alice's markers and her claimed column.
        let table = table_for(&state, Some(1));
        let board = columns(&table);
        assert_eq!(
            board.columns[0].label_long,
            "Column 2, 3 spaces: claimed by Alice"
        );
        assert!(board.columns[0].won_by.is_some());
        assert_eq!(
            board.columns[3].label_long,
            "Column 5, 9 spaces: Alice's marker at 1 of 9"
        );
        let marker = &board.columns[3].spaces[0][0];
        assert_eq!(marker.label, "Alice's marker on 5, 1 of 9");
        assert_eq!(marker.colour, "seat-0");
        // Every token on the board has words.
        assert!(
            board
                .columns
                .iter()
                .flat_map(|c| c.spaces.iter().flatten())
                .all(|t| !t.label.is_empty() && !t.symbol.is_empty())
        );
        let PanelKind::Scores(scores) = &table
            .panels
            .last()
            .map(|p| &p.kind)
            .unwrap_or_else(|| panic!("panels"))
        else {
            panic!("scores last")
        };
        assert_eq!(scores.rows[0].value, "1 of 3");
    }

    #[test]
    fn one_sum_only_and_a_bust() {
        let (mut state, _) = started();
        // Alice stops at once so that Bob plays.
        chance(&mut state, &[1, 1, 1, 1]);
        act(&mut state, 0, json!({"type": "advance", "columns": [2, 2]}));
        act(&mut state, 0, json!({"type": "roll"}));
        chance(&mut state, &[1, 1, 2, 3]);
        act(&mut state, 0, json!({"type": "advance", "columns": [2, 5]}));
        act(&mut state, 0, json!({"type": "stop"}));

        chance(&mut state, &[1, 5, 2, 6]);
        act(&mut state, 1, json!({"type": "advance", "columns": [6, 8]}));
        act(&mut state, 1, json!({"type": "roll"}));
        // 3 and 11 both need the last runner: one of them only.
        chance(&mut state, &[1, 2, 5, 6]);
        let table = assert_offers_every_legal_action(&state, 1);
        let offered = labels(&table);
        assert!(
            offered.contains(&"Advance 3 only".to_owned()),
            "{offered:?}"
        );
        assert!(
            offered.contains(&"Advance 11 only".to_owned()),
            "{offered:?}"
        );
        assert!(
            offered.contains(&"Advance 6 and 8".to_owned()),
            "{offered:?}"
        );
        let six_eight = table.actions[0]
            .buttons
            .iter()
            .find(|b| b.action.label == "Advance 6 and 8")
            .and_then(|b| b.detail.clone());
        assert_eq!(
            six_eight.as_deref(),
            Some("6 up to 2 of 11 · 8 up to 2 of 11")
        );
        act(&mut state, 1, json!({"type": "advance", "columns": [7, 7]}));
        act(&mut state, 1, json!({"type": "roll"}));
        // Three runners out and only 2s (claimed by Alice): Bob busts.
        let bust = chance(&mut state, &[1, 1, 1, 1]);
        assert_eq!(
            said(&bust),
            [
                "Bob threw 1 1 1 1",
                "Bob busted: no pair of dice could be used, the runners on 6, 7 and 8 go back \
                 and the turn's progress is lost",
            ]
        );
        let table = table_for(&state, Some(1));
        assert_eq!(
            columns(&table).columns[4].label_long,
            "Column 6, 11 spaces: empty"
        );
    }

    #[test]
    fn the_end_of_the_game_in_words() {
        let names = names();
        let over = json!({"type": "game_over", "winner": 1, "reason": "columns_won"});
        assert_eq!(
            event(&over, &names),
            Some(Said::Line(
                "Game over, the columns needed are claimed: Bob wins".to_owned()
            ))
        );
        let won = json!({"type": "column_won", "seat": 0, "column": 7, "removed": [1]});
        assert_eq!(
            event(&won, &names),
            Some(Said::Line(
                "Alice claimed column 7: Bob's marker leaves it".to_owned()
            ))
        );
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            event(&won, &noms),
            Some(Said::Line(
                "Alice remporte la colonne 7\u{a0}: le pion de Bob en est retiré".to_owned()
            ))
        );
        let (state, _) = started();
        let (table, _) = testing::drawn(super::table, &state, Some(0), &noms);
        assert!(
            table.headline.starts_with("À vous · lancer des quatre dés"),
            "{}",
            table.headline
        );
        assert_eq!(advance_label(&[5], Language::En), "Advance 5 only");
        assert_eq!(advance_label(&[7, 7], Language::Fr), "Avancer 7 deux fois");
    }
}
