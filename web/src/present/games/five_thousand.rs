//! 5000: the last throw (tick the scoring dice to set aside, or pick one of the keeps listed
//! with what it is worth), the dice set aside this turn, the turn total, and bank or throw
//! again.

use serde_json::json;
use tapis_games::five_thousand::{
    Action, BankResult, EndReason, Event, Faces, FiveThousand, Phase, TargetRule, TurnLostReason,
    View,
};
use tapis_l10n::Language;

use super::{
    Input, Names, Presenter, Said, Say, action_groups, faces, hinted_term, nth, scores_panel,
    throw_words,
};
use crate::present::table::{
    ActionButton, ActionGroup, Allowed, Compose, DicePanel, Die, DieState, Emphasis, Fact, PICKED,
    Panel, PanelKind, Table, Term,
};

fn opened_term(lang: Language) -> Term {
    hinted_term("play-5000-not-opened", lang)
}

fn hot_dice_term(lang: Language) -> Term {
    hinted_term("play-5000-main-pleine", lang)
}

impl Presenter for FiveThousand {
    const MESSAGES: &'static str = "play-5000";

    /// The table of a 5000 match.
    fn table(input: &Input<'_, FiveThousand>) -> Table {
        let view = input.view;
        let over = view.phase == Phase::Over;
        let my_turn = !over && input.my_turn(Some(view.seat));
        let lang = input.lang();
        let mut panels = Vec::new();
        if !over {
            panels.extend(last_throw(view, input, my_turn));
            panels.extend(set_aside(view, lang));
            panels.push(turn_facts(view, input));
        }
        panels.push(scoreboard(view, input, over));
        Table {
            headline: headline(view, input, over),
            prompt: my_turn.then(|| prompt(view, lang)),
            panels,
            actions: if my_turn {
                choices(view, input)
            } else {
                Vec::new()
            },
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        event_said(event, names)
    }

    fn action(action: &Action, names: &Names) -> String {
        let lang = names.lang();
        match action {
            Action::Keep { dice } => lang.t1("play-5000-action-keep", "dice", faces(dice.iter())),
            Action::Bank => lang.t("play-5000-action-bank"),
            Action::Rethrow => lang.t("play-5000-action-rethrow"),
        }
    }

    super::scored_by!(Event::Banked);

    super::turn_starts_with!(Event::TurnStarted);
}

/// Whose turn, which throw and the turn total; or the end.
fn headline(view: &View, input: &Input<'_, FiveThousand>, over: bool) -> String {
    let lang = input.lang();
    if over {
        return lang.t("play-5000-over");
    }
    let throw = throw_words(FiveThousand::MESSAGES, view.throws_used, lang);
    if input.is_viewer(view.seat) {
        lang.t2(
            "play-5000-headline-yours",
            "throw",
            throw,
            "total",
            view.turn_total,
        )
    } else {
        lang.t_with(
            "play-5000-headline-other",
            &[
                ("name", input.names.of(view.seat).into()),
                ("throw", throw.into()),
                ("total", view.turn_total.into()),
            ],
        )
    }
}

/// The last throw, to tick the dice to set aside; in the decide phase, the dice just set aside
/// are marked. `None` before the first throw.
fn last_throw(view: &View, input: &Input<'_, FiveThousand>, my_turn: bool) -> Option<Panel> {
    let lang = input.lang();
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
            } else {
                Die::thrown(face, keeping)
            }
        })
        .collect();
    if dice.is_empty() {
        return None;
    }
    let set_aside = keeping.then(|| {
        Compose::new(
            &json!({"type": "keep", "dice": PICKED}),
            lang.t("match-keep"),
            lang.t("play-5000-keep-ticked"),
        )
        .hint(lang.t("play-5000-set-aside-hint"))
        .allowed(allowed_keeps(input))
    });
    let panel = DicePanel::new(dice)
        .caption(lang.t2(
            "play-5000-dice-caption",
            "throw",
            view.throws_used,
            "count",
            view.dice_in_hand,
        ))
        .compose(set_aside);
    Some(Panel::new(
        lang.t("play-5000-last-throw"),
        "dice",
        PanelKind::Dice(panel),
    ))
}

/// The ticks that set dice aside: those of the legal keeps. The page says why it waits while
/// nothing is ticked, or while the ticked dice score nothing.
fn allowed_keeps(input: &Input<'_, FiveThousand>) -> Allowed {
    let lang = input.lang();
    let keys = input
        .legal
        .iter()
        .filter_map(|action| match action {
            Action::Keep { dice } => Some(Allowed::key(dice.iter().map(|d| d.to_string()))),
            Action::Bank | Action::Rethrow => None,
        })
        .collect();
    Allowed {
        keys,
        none: lang.t("play-5000-why-none"),
        not: lang.t("play-5000-why-not"),
    }
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
        .map(|k| {
            lang.t2(
                "play-5000-group",
                "dice",
                faces(k.dice.iter()),
                "points",
                k.points,
            )
        })
        .collect();
    let groups = groups.join(", ");
    let caption = if view.carried > 0 {
        lang.t2(
            "play-5000-set-aside-caption-carried",
            "groups",
            groups,
            "carried",
            view.carried,
        )
    } else {
        lang.t1("play-5000-set-aside-caption", "groups", groups)
    };
    Some(Panel::new(
        lang.t("play-5000-set-aside-title"),
        "set-aside",
        PanelKind::Dice(DicePanel::new(kept).caption(caption)),
    ))
}

/// The turn's figures: its total, the throws left, the opening still to make, the target.
fn turn_facts(view: &View, input: &Input<'_, FiveThousand>) -> Panel {
    let lang = input.lang();
    let mut facts = vec![
        Fact::new(
            Term::plain(lang.t("play-5000-turn-total")),
            lang.number(i64::from(view.turn_total)),
        ),
        Fact::new(
            Term::plain(lang.t("play-5000-throws-left")),
            view.throws_left.to_string(),
        ),
    ];
    if view.phase == Phase::Decide && view.dice_in_hand == 0 {
        facts.push(Fact::new(
            hot_dice_term(lang),
            lang.t("play-5000-all-five-again"),
        ));
    }
    if !view.players.get(view.seat).is_some_and(|p| p.opened) {
        facts.push(Fact::new(
            Term::explained(
                lang.t("play-5000-to-open"),
                lang.t2(
                    "play-5000-to-open-hint",
                    "name",
                    input.names.of(view.seat),
                    "threshold",
                    view.options.opening_threshold,
                ),
            ),
            lang.t1("play-5000-more", "count", view.to_open),
        ));
    }
    let target = view.options.target;
    facts.push(Fact::new(
        Term::plain(lang.t("play-5000-target")),
        match view.options.target_rule {
            TargetRule::AtLeast => lang.t1("play-5000-target-at-least", "target", target),
            TargetRule::Exactly => lang.t1("play-5000-target-exactly", "target", target),
            TargetRule::LastThousandInOneTurn => {
                lang.t1("play-5000-target-last-thousand", "target", target)
            }
        },
    ));
    if let Some(first) = view.final_round {
        facts.push(Fact::new(
            Term::plain(lang.t("play-5000-final-round")),
            lang.t1("play-5000-reached-target", "name", input.names.of(first)),
        ));
    }
    Panel::new(
        lang.t("play-5000-this-turn"),
        "facts",
        PanelKind::Facts(facts),
    )
}

/// Every player's banked score, and who has not opened yet.
fn scoreboard(view: &View, input: &Input<'_, FiveThousand>, over: bool) -> Panel {
    let lang = input.lang();
    let rows = view.players.iter().map(|p| {
        let detail = if p.resigned {
            Some(Term::plain(lang.t("play-5000-resigned")))
        } else if view.winner == Some(p.seat) {
            Some(Term::plain(lang.t("play-5000-winner")))
        } else if !p.opened {
            Some(opened_term(lang))
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
    scores_panel(
        &lang.t("play-5000-scores"),
        &lang.t("play-5000-banked-scores"),
        &lang.t("play-5000-points"),
        rows,
    )
}

/// The player's choices: the keeps, richest first, then bank or throw again.
fn choices(view: &View, input: &Input<'_, FiveThousand>) -> Vec<ActionGroup> {
    let lang = input.lang();
    let mut keeps = Vec::new();
    let mut decide = Vec::new();
    for &action in &input.legal {
        match action {
            Action::Keep { dice } => keeps.push(keep_button(view, action, *dice, lang)),
            Action::Bank => decide.push(bank_button(view, action, lang)),
            Action::Rethrow => decide.push(throw_again_button(view, action, lang)),
        }
    }
    keeps.sort_by_key(|k| std::cmp::Reverse(k.0));
    action_groups([
        (
            lang.t("play-5000-pick-a-keep").as_str(),
            keeps.into_iter().map(|(_, b)| b).collect(),
        ),
        (lang.t("play-5000-bank-or-throw").as_str(), decide),
    ])
}

/// `Set aside 1 5 5`, with what it adds and the dice it leaves; and the points, to sort by.
fn keep_button(view: &View, action: &Action, dice: Faces, lang: Language) -> (u32, ActionButton) {
    let choice = view.keep_choices.iter().find(|c| c.dice == dice);
    let mut button = ActionButton::new(
        action,
        lang.t1("play-5000-set-aside-dice", "dice", faces(dice.iter())),
    );
    if let Some(choice) = choice {
        button = button.detail(if choice.dice_left == 0 {
            lang.t2(
                "play-5000-keep-detail-hot",
                "points",
                choice.points,
                "total",
                choice.turn_total,
            )
        } else {
            lang.t_with(
                "play-5000-keep-detail",
                &[
                    ("points", choice.points.into()),
                    ("total", choice.turn_total.into()),
                    ("left", choice.dice_left.into()),
                ],
            )
        });
    }
    (choice.map_or(0, |c| c.points), button)
}

/// `Bank 450`, with the score it makes or the overshoot it would be.
fn bank_button(view: &View, action: &Action, lang: Language) -> ActionButton {
    let detail = match view.bank {
        Some(BankResult::Banked {
            counted,
            score,
            reaches_target,
        }) => {
            let key = if reaches_target {
                "play-5000-bank-detail-target"
            } else {
                "play-5000-bank-detail"
            };
            lang.t2(key, "counted", counted, "score", score)
        }
        Some(BankResult::Overshoot) => lang.t("play-5000-bank-overshoot"),
        None => String::new(),
    };
    let button = ActionButton::new(action, lang.t1("play-5000-bank", "total", view.turn_total))
        .emphasis(Emphasis::Primary);
    if detail.is_empty() {
        button
    } else {
        button.detail(detail)
    }
}

/// `Throw again`, with the dice it throws and the risk.
fn throw_again_button(view: &View, action: &Action, lang: Language) -> ActionButton {
    let detail = if view.dice_in_hand == 0 || view.dice_in_hand == 5 {
        lang.t("play-5000-throw-again-all")
    } else {
        lang.t1("play-5000-throw-again-hand", "count", view.dice_in_hand)
    };
    ActionButton::new(action, lang.t("play-5000-throw-again")).detail(detail)
}

/// What the player on turn is asked to do.
fn prompt(view: &View, lang: Language) -> String {
    match view.phase {
        Phase::Keep => lang.t("play-5000-prompt-keep"),
        _ => lang.t("play-5000-prompt-decide"),
    }
}

/// One 5000 event in words.
fn event_said(event: &Event, names: &Names) -> Said {
    let say = |kind: &str| Say::event::<FiveThousand>(names, kind);
    match *event {
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceThrown { seat, dice, throw } => say("dice_thrown")
            .seat("name", seat)
            .arg("dice", faces(dice.dice().iter().copied()))
            .flag("again", throw > 1)
            .arg("nth", nth(throw, names.lang()))
            .said(),
        Event::FiveOnes { seat } => say("five_ones").seat("name", seat).said(),
        Event::ZeroThrow { seat, lost, ballot } => say("zero_throw")
            .seat("name", seat)
            .arg("lost", lost)
            .flag("ballot", ballot)
            .said(),
        Event::Kept {
            seat,
            dice,
            points,
            turn_total,
        } => say("kept")
            .seat("name", seat)
            .arg("dice", faces(dice.iter()))
            .arg("points", points)
            .arg("total", turn_total)
            .said(),
        Event::HotDice { seat } => say("hot_dice").seat("name", seat).said(),
        Event::Banked {
            seat,
            points,
            counted,
            score,
            opened,
        } => say("banked")
            .seat("name", seat)
            .arg("points", points)
            .arg("counted", counted)
            .flag("whole", counted == points)
            .arg("score", score)
            .flag("opened", opened)
            .said(),
        Event::TurnLost { seat, lost, reason } => say("turn_lost")
            .seat("name", seat)
            .arg("lost", lost)
            .arg(
                "reason",
                match reason {
                    TurnLostReason::NotOpened => "not-opened",
                    TurnLostReason::Overshoot => "overshoot",
                },
            )
            .said(),
        Event::FinalRound { seat } => say("final_round").seat("name", seat).said(),
        Event::Resigned { seat } => say("resigned").seat("name", seat).said(),
        Event::GameOver { winner, reason } => game_over_said(winner, reason, names),
    }
}

/// The end of the game: why, and who wins if one player does.
fn game_over_said(winner: Option<usize>, reason: EndReason, names: &Names) -> Said {
    let reason = match reason {
        EndReason::TargetReached => "target-reached",
        EndReason::FiveOnes => "five-ones",
        EndReason::Resignation => "resignation",
    };
    Say::event::<FiveThousand>(names, "game_over")
        .arg("reason", reason)
        .winner(winner)
        .said()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, names};
    use serde_json::json;
    use tapis_games::{AnyAction, AnyState, GameId};

    fn table_for(state: &AnyState, seat: usize) -> Table {
        testing::drawn::<FiveThousand>(state, Some(seat), &names()).0
    }

    /// A two-player match after Alice's first throw of `dice`.
    fn thrown(options: serde_json::Value, dice: &[u8]) -> AnyState {
        let mut state =
            AnyState::setup(GameId::FiveThousand, 2, &options).unwrap_or_else(|e| panic!("{e}"));
        testing::chance(&mut state, dice);
        state
    }

    #[test]
    fn a_throw_offers_tickable_dice_and_the_keeps_with_their_worth() {
        let state = thrown(json!({}), &[1, 5, 2, 3, 3]);
        let (table, legal) = testing::drawn::<FiveThousand>(&state, Some(0), &names());
        testing::assert_offers_exactly(&table, &legal);
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
        let allowed = dice
            .compose
            .as_ref()
            .and_then(|c| c.allowed.as_ref())
            .unwrap_or_else(|| panic!("the page says which ticks set dice aside"));
        // The ticks of the legal keeps only: not nothing, nor a 2 or a 3 that score nothing.
        assert_eq!(allowed.keys, ["1", "5", "1,5"]);
        assert_eq!(allowed.none, "Tick the dice you keep first.");
        assert_eq!(
            allowed.not,
            "The ticked dice score nothing: keep 1s, 5s, a brelan or a straight."
        );
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
        let mut state = thrown(json!({"opening_threshold": 500}), &[1, 1, 1, 5, 2]);
        let events = testing::act(&mut state, 0, json!({"type": "keep", "dice": [1, 1, 1, 5]}));
        let (table, legal) = testing::drawn::<FiveThousand>(&state, Some(0), &names());
        testing::assert_offers_exactly(&table, &legal);
        let labels: Vec<&str> = table.actions[0]
            .buttons
            .iter()
            .map(|b| b.action.label.as_str())
            .collect();
        assert_eq!(labels, ["Bank 1,050", "Throw again"]);
        assert_eq!(
            table.actions[0].buttons[0].detail.as_deref(),
            Some("+1,050 · your score becomes 1,050")
        );
        let names = names();
        assert_eq!(
            testing::said(&events, &names),
            ["Alice set aside 1 1 1 5 for 1,050 (turn total 1,050)"]
        );
        // In French, with the rules pages' words.
        let noms = Names(names.0.clone(), Language::Fr);
        let theirs = testing::drawn::<FiveThousand>(&state, Some(0), &noms).0;
        let labels: Vec<&str> = theirs.actions[0]
            .buttons
            .iter()
            .map(|b| b.action.label.as_str())
            .collect();
        assert_eq!(labels, ["Encaisser 1\u{202f}050", "Relancer"]);
        assert_eq!(
            testing::said(&events, &noms),
            ["Alice met de côté 1 1 1 5 pour 1\u{202f}050 (total du tour 1\u{202f}050)"]
        );
    }

    #[test]
    fn the_score_another_player_just_banked_is_marked() {
        let mut state = thrown(json!({"opening_threshold": 500}), &[1, 1, 1, 5, 2]);
        let mut events = testing::act(&mut state, 0, json!({"type": "keep", "dice": [1, 1, 1, 5]}));
        events.extend(testing::act(&mut state, 0, json!({"type": "bank"})));
        let (table, _) = testing::drawn_after::<FiveThousand>(&state, Some(1), &names(), &events);
        let Some(PanelKind::Scores(scores)) = table.panels.last().map(|p| &p.kind) else {
            panic!("scores last")
        };
        let marked: Vec<(usize, bool)> = scores.rows.iter().map(|r| (r.seat, r.recent)).collect();
        assert_eq!(marked, [(0, true), (1, false)]);
        // Before the bank, nothing is marked.
        let (before, _) = testing::drawn::<FiveThousand>(&state, Some(1), &names());
        let Some(PanelKind::Scores(scores)) = before.panels.last().map(|p| &p.kind) else {
            panic!("scores last")
        };
        assert!(scores.rows.iter().all(|r| !r.recent));
    }

    #[test]
    fn zero_throws_and_banking_read_as_sentences() {
        let names = names();
        let line =
            |json| testing::line::<FiveThousand>(&testing::event::<FiveThousand>(json), &names);
        assert_eq!(
            line(json!({"type": "zero_throw", "seat": 1, "lost": 350, "ballot": false})).as_deref(),
            Some("Zero throw (nothing scores): Bob loses the turn total of 350")
        );
        assert_eq!(
            line(json!({"type": "zero_throw", "seat": 1, "lost": 350, "ballot": true})).as_deref(),
            Some("Ballot (five dice, nothing scores): Bob loses the turn total of 350")
        );
        assert_eq!(
            line(json!({"type": "banked", "seat": 0, "points": 800, "counted": 800, "score": 800, "opened": true})).as_deref(),
            Some("Alice banked 800: score 800 (opened)")
        );
        assert_eq!(
            line(json!({"type": "banked", "seat": 0, "points": 800, "counted": 500, "score": 5000, "opened": false})).as_deref(),
            Some("Alice banked 800, of which 500 count: score 5,000")
        );
        assert_eq!(
            line(json!({"type": "dice_thrown", "seat": 0, "dice": [3, 3, 5, 1, 6], "throw": 1}))
                .as_deref(),
            Some("Alice threw 3 3 5 1 6")
        );
        assert_eq!(
            line(json!({"type": "dice_thrown", "seat": 0, "dice": [3, 6], "throw": 2})).as_deref(),
            Some("Alice threw 3 6 (second throw)")
        );
        assert_eq!(
            line(json!({"type": "turn_lost", "seat": 1, "lost": 200, "reason": "overshoot"}))
                .as_deref(),
            Some("Bob would pass the target: the turn total of 200 is lost")
        );
        assert_eq!(
            line(json!({"type": "game_over", "winner": 0, "reason": "target_reached"})).as_deref(),
            Some("Game over (target reached): Alice wins")
        );
        assert_eq!(
            line(json!({"type": "game_over", "winner": null, "reason": "resignation"})).as_deref(),
            Some("Game over (the others resigned)")
        );
        assert_eq!(line(json!({"type": "turn_started", "seat": 0})), None);
        let noms = Names(names.0.clone(), Language::Fr);
        let over = testing::event::<FiveThousand>(
            json!({"type": "game_over", "winner": 1, "reason": "five_ones"}),
        );
        assert_eq!(
            testing::line::<FiveThousand>(&over, &noms).as_deref(),
            Some("Partie terminée (cinq 1)\u{a0}: Bob gagne")
        );
    }

    #[test]
    fn actions_read_as_what_the_player_did() {
        let names = names();
        let mut state = thrown(json!({"opening_threshold": 500}), &[1, 1, 1, 5, 2]);
        let keep = state.legal_actions(0).into_iter().find(
            |a| matches!(a, AnyAction::FiveThousand(Action::Keep { dice }) if dice.len() == 4),
        );
        testing::act(&mut state, 0, json!({"type": "keep", "dice": [1, 1, 1, 5]}));
        let words: Vec<String> = keep
            .into_iter()
            .chain(state.legal_actions(0))
            .map(|a| super::super::action_words(&a, &names))
            .collect();
        assert_eq!(
            words,
            [
                "sets aside 1 1 1 5",
                "banks the turn total",
                "throws the dice in hand again"
            ]
        );
    }
}
