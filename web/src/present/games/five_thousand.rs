//! 5000: the last throw (tick the scoring dice to set aside, or pick one of the keeps listed
//! with what it is worth), the dice set aside this turn, the turn total, and bank or throw
//! again.

use serde_json::{Value, json};
use tapis_games::five_thousand::{
    Action, BankResult, EndReason, Event, Faces, Phase, TargetRule, TurnLostReason, View,
};
use tapis_l10n::Language;

use super::{Input, Names, Said, action_groups, faces, nth, plural, points, scores_panel};
use crate::present::table::{
    ActionButton, ActionGroup, Compose, DicePanel, Die, DieState, Emphasis, Fact, PICKED, Panel,
    PanelKind, Table, Term,
};

fn opened_term() -> Term {
    Term::explained(
        "not opened yet",
        "a player must make the opening total in a single turn before banking anything",
    )
}

fn hot_dice_term() -> Term {
    Term::explained(
        "main pleine",
        "hot dice: every die has been set aside, so all five may be thrown again",
    )
}

/// The table of a 5000 match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: View = serde_json::from_value(input.view.clone())?;
    let over = view.phase == Phase::Over;
    let my_turn = !over && input.is_viewer(view.seat) && !input.legal.is_empty();
    let mut panels = Vec::new();
    if !over {
        panels.extend(last_throw(&view, my_turn));
        panels.extend(set_aside(&view, input.lang()));
        panels.push(turn_facts(&view, input));
    }
    panels.push(scoreboard(&view, input, over));
    Ok(Table {
        headline: headline(&view, input, over),
        prompt: my_turn.then(|| prompt(&view)),
        panels,
        actions: if my_turn {
            choices(&view, input)
        } else {
            Vec::new()
        },
    })
}

/// Whose turn, which throw and the turn total; or the end.
fn headline(view: &View, input: &Input<'_>, over: bool) -> String {
    if over {
        return "The game is over.".to_owned();
    }
    let throw = if view.throws_used == 0 {
        "about to throw".to_owned()
    } else {
        format!("{} throw of 3", nth(view.throws_used, input.lang()))
    };
    format!(
        "{} turn · {throw} · turn total {}",
        input.whose_first(view.seat),
        view.turn_total
    )
}

/// The last throw, to tick the dice to set aside; in the decide phase, the dice just set aside
/// are marked. `None` before the first throw.
fn last_throw(view: &View, my_turn: bool) -> Option<Panel> {
    let mut aside_now: Vec<u8> = match view.phase {
        Phase::Decide => view
            .set_aside
            .last()
            .map(|k| k.dice.iter().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let keeping = my_turn && view.phase == Phase::Keep;
    let dice: Vec<Die> = view
        .last_throw
        .dice()
        .iter()
        .map(|&face| {
            if let Some(at) = aside_now.iter().position(|f| *f == face) {
                aside_now.remove(at);
                Die::new(face, DieState::SetAside)
            } else if keeping {
                Die::pickable(face, DieState::Thrown)
            } else {
                Die::new(face, DieState::Thrown)
            }
        })
        .collect();
    if dice.is_empty() {
        return None;
    }
    let mut panel = DicePanel::new(dice).caption(format!(
        "Throw {} of 3 · {} in hand",
        view.throws_used,
        plural(view.dice_in_hand, "die", "dice")
    ));
    if keeping {
        panel = panel.compose(
            Compose::new(&json!({"type": "keep", "dice": PICKED}), "Set aside", "Set aside the ticked dice")
                .hint("Tick the scoring dice to set aside: 1s (100), 5s (50), a brelan (three of a kind) or a straight."),
        );
    }
    Some(Panel::new("Last throw", "dice", PanelKind::Dice(panel)))
}

/// The dice set aside this turn, with what each keep scored; `None` when there are none.
fn set_aside(view: &View, lang: Language) -> Option<Panel> {
    let kept: Vec<Die> = view
        .set_aside
        .iter()
        .flat_map(|k| k.dice.iter())
        .map(|face| Die::new(face, DieState::SetAside))
        .collect();
    if kept.is_empty() {
        return None;
    }
    let groups: Vec<String> = view
        .set_aside
        .iter()
        .map(|k| format!("{} for {}", faces(k.dice.iter()), k.points))
        .collect();
    let mut caption = format!("Set aside: {}", groups.join(", "));
    if view.carried > 0 {
        caption.push_str(&format!(
            " · {} carried from before the main pleine",
            points(view.carried, lang)
        ));
    }
    Some(Panel::new(
        "Set aside this turn",
        "set-aside",
        PanelKind::Dice(DicePanel::new(kept).caption(caption)),
    ))
}

/// The turn's figures: its total, the throws left, the opening still to make, the target.
fn turn_facts(view: &View, input: &Input<'_>) -> Panel {
    let mut facts = vec![
        Fact::new(Term::plain("Turn total"), view.turn_total.to_string()),
        Fact::new(Term::plain("Throws left"), view.throws_left.to_string()),
    ];
    if view.phase == Phase::Decide && view.dice_in_hand == 0 {
        facts.push(Fact::new(
            hot_dice_term(),
            "all five dice may be thrown again",
        ));
    }
    if !view.players.get(view.seat).is_some_and(|p| p.opened) {
        facts.push(Fact::new(
            Term::explained(
                "To open",
                format!(
                    "{} has not opened: they must make {} in one turn before banking",
                    input.names.of(view.seat),
                    view.options.opening_threshold
                ),
            ),
            format!("{} more", view.to_open),
        ));
    }
    facts.push(Fact::new(
        Term::plain("Target"),
        match view.options.target_rule {
            TargetRule::AtLeast => format!("{} or more", view.options.target),
            TargetRule::Exactly => format!("exactly {}", view.options.target),
            TargetRule::LastThousandInOneTurn => {
                format!("{}, the last 1000 in one turn", view.options.target)
            }
        },
    ));
    if let Some(first) = view.final_round {
        facts.push(Fact::new(
            Term::plain("Final round"),
            format!("{} reached the target", input.names.of(first)),
        ));
    }
    Panel::new("This turn", "facts", PanelKind::Facts(facts))
}

/// Every player's banked score, and who has not opened yet.
fn scoreboard(view: &View, input: &Input<'_>, over: bool) -> Panel {
    let rows = view.players.iter().map(|p| {
        let detail = if p.resigned {
            Some(Term::plain("resigned"))
        } else if view.winner == Some(p.seat) {
            Some(Term::plain("winner"))
        } else if !p.opened {
            Some(opened_term())
        } else {
            None
        };
        input.score_row(
            p.seat,
            p.score.to_string(),
            detail,
            !over && p.seat == view.seat,
        )
    });
    scores_panel("Scores", "Banked scores", "Points", rows)
}

/// The player's choices: the keeps, richest first, then bank or throw again.
fn choices(view: &View, input: &Input<'_>) -> Vec<ActionGroup> {
    let mut keeps = Vec::new();
    let mut decide = Vec::new();
    for raw in input.legal {
        match serde_json::from_value::<Action>(raw.clone()) {
            Ok(Action::Keep { dice }) => keeps.push(keep_button(view, raw, dice)),
            Ok(Action::Bank) => decide.push(bank_button(view, raw)),
            Ok(Action::Rethrow) => decide.push(throw_again_button(view, raw)),
            Err(_) => {}
        }
    }
    keeps.sort_by_key(|k| std::cmp::Reverse(k.0));
    action_groups([
        (
            "Or pick a keep",
            keeps.into_iter().map(|(_, b)| b).collect(),
        ),
        ("Bank or throw again", decide),
    ])
}

/// `Set aside 1 5 5`, with what it adds and the dice it leaves; and the points, to sort by.
fn keep_button(view: &View, raw: &Value, dice: Faces) -> (u32, ActionButton) {
    let choice = view.keep_choices.iter().find(|c| c.dice == dice);
    let mut button = ActionButton::new(raw, format!("Set aside {}", faces(dice.iter())));
    if let Some(choice) = choice {
        button = button.detail(if choice.dice_left == 0 {
            format!(
                "+{} · turn total {} · main pleine: all five dice back in hand",
                choice.points, choice.turn_total
            )
        } else {
            format!(
                "+{} · turn total {} · {} left",
                choice.points,
                choice.turn_total,
                plural(choice.dice_left, "die", "dice")
            )
        });
    }
    (choice.map_or(0, |c| c.points), button)
}

/// `Bank 450`, with the score it makes or the overshoot it would be.
fn bank_button(view: &View, raw: &Value) -> ActionButton {
    let detail = match view.bank {
        Some(BankResult::Banked {
            counted,
            score,
            reaches_target,
        }) => {
            let mut d = format!("+{counted} · your score becomes {score}");
            if reaches_target {
                d.push_str(" · you reach the target!");
            }
            d
        }
        Some(BankResult::Overshoot) => {
            "you would pass the target: the turn total would be lost".to_owned()
        }
        None => String::new(),
    };
    let button =
        ActionButton::new(raw, format!("Bank {}", view.turn_total)).emphasis(Emphasis::Primary);
    if detail.is_empty() {
        button
    } else {
        button.detail(detail)
    }
}

/// `Throw again`, with the dice it throws and the risk.
fn throw_again_button(view: &View, raw: &Value) -> ActionButton {
    let detail = if view.dice_in_hand == 0 || view.dice_in_hand == 5 {
        "all five dice".to_owned()
    } else {
        format!("the {} in hand", plural(view.dice_in_hand, "die", "dice"))
    };
    ActionButton::new(raw, "Throw again").detail(format!(
        "{detail}; a throw with nothing that scores loses the turn total"
    ))
}

/// What the player on turn is asked to do.
fn prompt(view: &View) -> String {
    match view.phase {
        Phase::Keep => "Your move: set aside at least one scoring die from this throw.".to_owned(),
        _ => "Your move: bank your turn total, or throw the dice in hand again.".to_owned(),
    }
}

/// One 5000 event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    Some(match event {
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceThrown { seat, dice, throw } => Said::Line(if throw <= 1 {
            format!(
                "{} threw {}",
                names.of(seat),
                faces(dice.dice().iter().copied())
            )
        } else {
            format!(
                "{} threw {} ({} throw)",
                names.of(seat),
                faces(dice.dice().iter().copied()),
                nth(throw, names.lang())
            )
        }),
        Event::FiveOnes { seat } => Said::Line(format!(
            "{} threw five 1s and wins at once!",
            names.of(seat)
        )),
        Event::ZeroThrow { seat, lost, ballot } => Said::Line(if ballot {
            format!(
                "Ballot (five dice, nothing scores): {} loses the turn total of {lost}",
                names.of(seat)
            )
        } else {
            format!(
                "Zero throw (nothing scores): {} loses the turn total of {lost}",
                names.of(seat)
            )
        }),
        Event::Kept {
            seat,
            dice,
            points: kept,
            turn_total,
        } => Said::Line(format!(
            "{} set aside {} for {kept} (turn total {turn_total})",
            names.of(seat),
            faces(dice.iter())
        )),
        Event::HotDice { seat } => Said::Line(format!(
            "Main pleine (hot dice): {} has set aside all five dice",
            names.of(seat)
        )),
        Event::Banked {
            seat,
            points: banked,
            counted,
            score,
            opened,
        } => {
            let mut line = if counted == banked {
                format!("{} banked {banked}: score {score}", names.of(seat))
            } else {
                format!(
                    "{} banked {banked}, of which {counted} count: score {score}",
                    names.of(seat)
                )
            };
            if opened {
                line.push_str(" (opened)");
            }
            Said::Line(line)
        }
        Event::TurnLost { seat, lost, reason } => Said::Line(match reason {
            TurnLostReason::NotOpened => format!(
                "{} has not opened: the turn total of {lost} is lost",
                names.of(seat)
            ),
            TurnLostReason::Overshoot => format!(
                "{} would pass the target: the turn total of {lost} is lost",
                names.of(seat)
            ),
        }),
        Event::FinalRound { seat } => Said::Line(format!(
            "{} reached the target: the round is played out",
            names.of(seat)
        )),
        Event::Resigned { seat } => Said::Line(format!("{} resigned", names.of(seat))),
        Event::GameOver { winner, reason } => {
            let why = match reason {
                EndReason::TargetReached => "target reached",
                EndReason::FiveOnes => "five 1s",
                EndReason::Resignation => "the others resigned",
            };
            Said::Line(match winner {
                Some(seat) => format!("Game over ({why}): {} wins", names.of(seat)),
                None => format!("Game over ({why})"),
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, names};
    use serde_json::json;
    use tapis_games::{AnyState, GameId};

    fn table_for(state: &AnyState, seat: usize) -> Table {
        testing::drawn(table, state, Some(seat), &names()).0
    }

    #[test]
    fn a_throw_offers_tickable_dice_and_the_keeps_with_their_worth() {
        let mut state =
            AnyState::setup(GameId::FiveThousand, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        state
            .apply_chance(&[1, 5, 2, 3, 3])
            .unwrap_or_else(|e| panic!("{e}"));
        let table = table_for(&state, 0);
        assert!(
            table.headline.starts_with("Your turn · first throw of 3"),
            "{}",
            table.headline
        );
        let PanelKind::Dice(dice) = &table.panels[0].kind else {
            panic!("dice first")
        };
        assert_eq!(
            dice.dice.iter().map(|d| d.face).collect::<Vec<_>>(),
            [1, 5, 2, 3, 3]
        );
        assert!(dice.compose.is_some());
        let keeps: Vec<&str> = table.actions[0]
            .buttons
            .iter()
            .map(|b| b.action.label.as_str())
            .collect();
        assert_eq!(keeps, ["Set aside 1 5", "Set aside 1", "Set aside 5"]);
        assert_eq!(
            table.actions[0].buttons[0].detail.as_deref(),
            Some("+150 · turn total 150 · 3 dice left")
        );
        // Bob watches.
        let theirs = table_for(&state, 1);
        assert!(theirs.actions.is_empty());
        assert!(theirs.headline.starts_with("Alice's turn"));
    }

    #[test]
    fn after_a_keep_bank_or_throw_again() {
        let mut state =
            AnyState::setup(GameId::FiveThousand, 2, &json!({"opening_threshold": 500}))
                .unwrap_or_else(|e| panic!("{e}"));
        state
            .apply_chance(&[1, 1, 1, 5, 2])
            .unwrap_or_else(|e| panic!("{e}"));
        let events = state
            .apply(0, &json!({"type": "keep", "dice": [1, 1, 1, 5]}))
            .unwrap_or_else(|e| panic!("{e}"));
        let table = table_for(&state, 0);
        let labels: Vec<&str> = table.actions[0]
            .buttons
            .iter()
            .map(|b| b.action.label.as_str())
            .collect();
        assert_eq!(labels, ["Bank 1050", "Throw again"]);
        assert_eq!(
            table.actions[0].buttons[0].detail.as_deref(),
            Some("+1050 · your score becomes 1050")
        );
        let names = names();
        let words: Vec<String> = events
            .iter()
            .filter_map(|e| super::super::event_words(GameId::FiveThousand, e, &names))
            .collect();
        assert_eq!(
            words,
            ["Alice set aside 1 1 1 5 for 1050 (turn total 1050)"]
        );
    }

    #[test]
    fn zero_throws_and_banking_read_as_sentences() {
        let names = names();
        let zero = json!({"type": "zero_throw", "seat": 1, "lost": 350, "ballot": false});
        assert_eq!(
            event(&zero, &names),
            Some(Said::Line(
                "Zero throw (nothing scores): Bob loses the turn total of 350".to_owned()
            ))
        );
        let bank = json!({"type": "banked", "seat": 0, "points": 800, "counted": 800, "score": 800, "opened": true});
        assert_eq!(
            event(&bank, &names),
            Some(Said::Line(
                "Alice banked 800: score 800 (opened)".to_owned()
            ))
        );
        let thrown = json!({"type": "dice_thrown", "seat": 0, "dice": [3, 3, 5, 1, 6], "throw": 1});
        assert_eq!(
            event(&thrown, &names),
            Some(Said::Line("Alice threw 3 3 5 1 6".to_owned()))
        );
    }
}
