//! 421: the three dice of the player throwing (tick the ones to throw again), the pot and the
//! tokens, each player's result this round, and the leader's Stop (or "le bon").

use serde_json::Value;
use tapis_games::four_two_one::{
    Action, AmountBasis, Category, Combination, CurrentTurn, EndReason, Event, Phase, PhaseView,
    Stake, TableView,
};

use tapis_l10n::Language;

use super::legacy::{Input, Names, Said, action_groups, faces, nth, rethrow_faces, scores_panel};
use crate::present::table::{
    ActionButton, DicePanel, Die, DieState, Emphasis, Fact, Panel, PanelKind, Table, Term,
};

/// A result's dice as written on the table: `4-2-1`.
fn dashed(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

/// The family of a result, with its explanation.
pub fn category_term(category: Category, lang: Language) -> Term {
    let key = match category {
        Category::FourTwoOne => "play-421-cat-421",
        Category::ThreeAces => "play-421-cat-three-aces",
        Category::Fiche => "play-421-cat-fiche",
        Category::Baraque => "play-421-cat-baraque",
        Category::Suite => "play-421-cat-suite",
        Category::Other => "play-421-cat-ordinary",
        Category::Nenette => "play-421-cat-nenette",
    };
    Term::explained(lang.t(key), lang.t(&format!("{key}-hint")))
}

/// `6-1-1 (fiche, 6 tokens)`.
pub fn combination_words(c: &Combination, lang: Language) -> String {
    lang.t_with(
        "play-421-combination",
        &[
            ("dice", dashed(&c.dice).into()),
            ("category", category_term(c.category, lang).text.into()),
            ("tokens", c.tokens.into()),
        ],
    )
}

fn phase_term(phase: PhaseView, lang: Language) -> Term {
    let key = match phase {
        PhaseView::FirstPlayer => "play-421-phase-first",
        PhaseView::Charge => "play-421-phase-charge",
        PhaseView::Decharge => "play-421-phase-decharge",
        PhaseView::Over => return Term::plain(lang.t("play-421-phase-over")),
    };
    Term::explained(lang.t(key), lang.t(&format!("{key}-hint")))
}

/// The stake of a tie-break in words.
fn stake_words(stake: Stake, lang: Language) -> String {
    lang.t(match stake {
        Stake::Worst => "play-421-stake-worst",
        Stake::Best => "play-421-stake-best",
        Stake::Both => "play-421-stake-both",
    })
}

/// The table of a 421 match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: TableView = serde_json::from_value(input.view.clone())?;
    let lang = input.lang();
    let current = view.current.as_ref();
    let my_turn = current.is_some_and(|c| input.is_viewer(c.seat)) && !input.legal.is_empty();
    let mut panels = Vec::new();
    if let Some(c) = current {
        panels.push(dice_panel(c, input, my_turn && input.can("reroll")));
    }
    if view.phase != PhaseView::Over {
        panels.push(round_facts(&view, input));
    }
    panels.push(scoreboard(&view, input));
    let buttons = if my_turn {
        keep_buttons(current, input)
    } else {
        Vec::new()
    };
    Ok(Table {
        headline: headline(&view, input),
        prompt: my_turn.then(|| prompt(!buttons.is_empty(), lang)),
        panels,
        actions: action_groups([(lang.t("play-421-keep-your-dice").as_str(), buttons)]),
    })
}

/// The phase, the round, the pot and whose throw it is; or the end.
fn headline(view: &TableView, input: &Input<'_>) -> String {
    let lang = input.lang();
    match (view.phase, view.current.as_ref()) {
        (PhaseView::Over, _) => lang.t("play-421-over"),
        (PhaseView::FirstPlayer, _) => lang.t("play-421-headline-first"),
        (phase, Some(c)) => {
            let mut args = vec![
                ("phase", phase_term(phase, lang).text.into()),
                ("round", view.round.into()),
                ("pot", view.pot.into()),
                ("nth", nth(c.throws.max(1), lang).into()),
                ("max", c.max_throws.into()),
            ];
            if input.is_viewer(c.seat) {
                lang.t_with("play-421-headline-yours", &args)
            } else {
                args.push(("name", input.names.of(c.seat).into()));
                lang.t_with("play-421-headline-other", &args)
            }
        }
        (phase, None) => lang.t_with(
            "play-421-headline-between",
            &[
                ("phase", phase_term(phase, lang).text.into()),
                ("round", view.round.into()),
                ("pot", view.pot.into()),
            ],
        ),
    }
}

/// The dice of the player throwing: the last throw (tickable to throw again when
/// `rerolling`), or the dice kept before the next throw.
fn dice_panel(c: &CurrentTurn, input: &Input<'_>, rerolling: bool) -> Panel {
    let dice: Vec<Die> = match &c.dice {
        Some(combination) => combination
            .dice
            .iter()
            .map(|&face| {
                if rerolling {
                    Die::pickable(face, DieState::Thrown)
                } else {
                    Die::new(face, DieState::Thrown)
                }
            })
            .collect(),
        None => {
            let mut dice: Vec<Die> = c
                .kept
                .iter()
                .flat_map(|k| k.as_slice().iter().copied())
                .map(|face| Die::new(face, DieState::Kept))
                .collect();
            while dice.len() < 3 {
                dice.push(Die::new(0, DieState::Waiting));
            }
            dice
        }
    };
    let lang = input.lang();
    let caption = match &c.dice {
        Some(combination) => lang.t_with(
            "play-421-dice-caption-result",
            &[
                ("throw", c.throws.into()),
                ("max", c.max_throws.into()),
                ("result", combination_words(combination, lang).into()),
            ],
        ),
        None => lang.t2(
            "play-421-dice-caption",
            "throw",
            c.throws,
            "max",
            c.max_throws,
        ),
    };
    let mut panel = DicePanel::new(dice).caption(caption);
    if rerolling {
        let hint = if c.must_rethrow {
            lang.t1("play-421-hint-must-rethrow", "count", c.max_throws)
        } else {
            lang.t("play-421-hint-rethrow")
        };
        panel = panel.compose(rethrow_faces(hint, lang));
    }
    Panel::new(
        if input.is_viewer(c.seat) {
            lang.t("play-421-your-dice")
        } else {
            lang.t1("play-421-dice-of", "name", input.names.of(c.seat))
        },
        "dice",
        PanelKind::Dice(panel),
    )
}

/// The round's figures: the pot, the leader, the throws fixed, the best and worst so far, the
/// stake and any tie-break.
fn round_facts(view: &TableView, input: &Input<'_>) -> Panel {
    let lang = input.lang();
    let mut facts = vec![
        Fact::new(
            phase_term(view.phase, lang),
            lang.t1("play-421-round", "round", view.round),
        ),
        Fact::new(
            Term::explained(lang.t("play-421-pot"), lang.t("play-421-pot-hint")),
            lang.t1("play-421-tokens", "count", view.pot),
        ),
    ];
    if let Some(leader) = view.leader {
        facts.push(Fact::new(
            Term::explained(lang.t("play-421-leader"), lang.t("play-421-leader-hint")),
            input.names.of(leader),
        ));
    }
    if let Some(k) = view.throws_fixed {
        facts.push(Fact::new(
            Term::plain(lang.t("play-421-throws-this-round")),
            lang.t1("play-421-throws-fixed", "count", k),
        ));
    }
    let results = [
        ("play-421-best-so-far", &view.round_best),
        ("play-421-worst-so-far", &view.round_worst),
    ];
    for (label, result) in results {
        if let Some(result) = result {
            facts.push(Fact::new(
                Term::plain(lang.t(label)),
                combination_words(result, lang),
            ));
        }
    }
    if let Some(amount) = view.amount_so_far {
        facts.push(Fact::new(
            Term::plain(lang.t("play-421-at-stake")),
            lang.t1("play-421-tokens", "count", amount),
        ));
    }
    if let Some(tie) = &view.tie_break {
        let seats: Vec<usize> = tie.seats.iter().collect();
        facts.push(Fact::new(
            Term::explained(
                lang.t("play-421-tie-break"),
                lang.t("play-421-tie-break-hint"),
            ),
            lang.t2(
                "play-421-tie-break-who",
                "names",
                input.names.list(&seats),
                "stake",
                stake_words(tie.stake, lang),
            ),
        ));
    }
    Panel::new(
        phase_term(view.phase, lang).text,
        "facts",
        PanelKind::Facts(facts),
    )
}

/// Every player's tokens, with where they stand this round.
fn scoreboard(view: &TableView, input: &Input<'_>) -> Panel {
    let lang = input.lang();
    let winners: Vec<usize> = view.winners.iter().collect();
    let rows = view.players.iter().map(|p| {
        let detail = if winners.contains(&p.seat) {
            Some(Term::plain(lang.t("play-421-winner")))
        } else if !p.playing {
            Some(Term::plain(lang.t("play-421-resigned")))
        } else if p.sitting_out {
            Some(Term::plain(lang.t("play-421-sits-out")))
        } else if let Some(result) = &p.tie_break {
            Some(Term::plain(lang.t1(
                "play-421-tie-break-dice",
                "dice",
                dashed(&result.dice),
            )))
        } else if let Some(result) = &p.result {
            Some(Term {
                text: lang.t1(
                    "play-421-this-round",
                    "result",
                    combination_words(result, lang),
                ),
                hint: category_term(result.category, lang).hint,
            })
        } else if let Some(die) = p.start_die.filter(|_| view.round == 0) {
            Some(Term::plain(lang.t1(
                "play-421-first-player-die",
                "die",
                die,
            )))
        } else if p.to_play {
            Some(Term::plain(lang.t("play-421-still-to-play")))
        } else {
            None
        };
        let current = view.current.as_ref().is_some_and(|c| c.seat == p.seat);
        input.score_row(p.seat, p.tokens.to_string(), detail, current)
    });
    scores_panel(
        &lang.t("play-421-scores-title"),
        &lang.t("play-421-scores-caption"),
        &lang.t("play-421-scores-unit"),
        rows,
    )
}

/// The ways to keep the dice: Stop (the leader) or le bon.
fn keep_buttons(current: Option<&CurrentTurn>, input: &Input<'_>) -> Vec<ActionButton> {
    let lang = input.lang();
    let mut buttons = Vec::new();
    for raw in input.legal {
        match serde_json::from_value::<Action>(raw.clone()) {
            Ok(Action::Stop) => {
                let throws = current.map_or(0, |c| c.throws);
                buttons.push(
                    ActionButton::new(raw, lang.t("play-421-stop"))
                        .detail(lang.t1("play-421-stop-detail", "count", throws))
                        .emphasis(Emphasis::Primary),
                );
            }
            Ok(Action::LeBon) => buttons.push(
                ActionButton::new(raw, lang.t("play-421-le-bon"))
                    .term(Term::explained(
                        lang.t("play-421-le-bon"),
                        lang.t("play-421-le-bon-hint"),
                    ))
                    .detail(lang.t("play-421-le-bon-detail"))
                    .emphasis(Emphasis::Primary),
            ),
            Ok(Action::Reroll { .. }) | Err(_) => {}
        }
    }
    buttons
}

/// What the player throwing is asked to do.
fn prompt(may_keep: bool, lang: Language) -> String {
    if may_keep {
        lang.t("play-421-prompt-keep")
    } else {
        lang.t("play-421-prompt-rethrow")
    }
}

/// The selector the messages read to say why a number of tokens is due.
fn basis_word(basis: AmountBasis) -> &'static str {
    match basis {
        AmountBasis::BestResult => "best",
        AmountBasis::Nenette => "nenette",
        AmountBasis::TieBreak => "tie-break",
    }
}

/// One 421 event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    let lang = names.lang();
    let line =
        |key: &str, args: &[(&str, tapis_l10n::Value<'_>)]| Said::Line(lang.t_with(key, args));
    let list = |seats: Vec<usize>| names.list(&seats);
    Some(match event {
        Event::StartDieThrown { seat, die } => line(
            "play-421-log-start-die",
            &[("name", names.of(seat).into()), ("die", die.into())],
        ),
        Event::StartTie { seats } => line(
            "play-421-log-start-tie",
            &[("names", list(seats.iter().collect()).into())],
        ),
        Event::FirstPlayer { seat } => line(
            "play-421-log-first-player",
            &[("name", names.of(seat).into())],
        ),
        Event::RoundStarted {
            round,
            phase,
            leader,
        } => line(
            match phase {
                Phase::Charge => "play-421-log-round-charge",
                Phase::Decharge => "play-421-log-round-decharge",
            },
            &[("round", round.into()), ("name", names.of(leader).into())],
        ),
        Event::TurnStarted { .. } => Said::Nothing,
        Event::RethrowChosen { .. } => Said::Nothing,
        Event::DiceThrown {
            seat,
            kept,
            dice,
            thrown,
            ..
        } => {
            if kept.is_empty() {
                line(
                    "play-421-log-threw",
                    &[
                        ("name", names.of(seat).into()),
                        ("dice", dashed(&dice).into()),
                    ],
                )
            } else {
                line(
                    "play-421-log-kept-threw",
                    &[
                        ("name", names.of(seat).into()),
                        ("kept", faces(kept.as_slice().iter().copied()).into()),
                        ("thrown", faces(thrown.as_slice().iter().copied()).into()),
                        ("dice", dashed(&dice).into()),
                    ],
                )
            }
        }
        Event::LeBon { seat, throws } => line(
            "play-421-log-le-bon",
            &[("name", names.of(seat).into()), ("count", throws.into())],
        ),
        Event::TurnEnded {
            seat,
            throws,
            result,
        } => line(
            "play-421-log-turn-ended",
            &[
                ("name", names.of(seat).into()),
                ("result", combination_words(&result, lang).into()),
                ("count", throws.into()),
            ],
        ),
        Event::ThrowsFixed { seat, throws } => line(
            "play-421-log-throws-fixed",
            &[("name", names.of(seat).into()), ("count", throws.into())],
        ),
        Event::TieBreakStarted { seats, stake } => line(
            "play-421-log-tie-break",
            &[
                ("names", list(seats.iter().collect()).into()),
                ("stake", stake_words(stake, lang).into()),
            ],
        ),
        Event::TieBreakThrown { seat, result } => line(
            "play-421-log-tie-break-throw",
            &[
                ("name", names.of(seat).into()),
                ("dice", dashed(&result.dice).into()),
            ],
        ),
        Event::Charged {
            seat,
            count,
            basis,
            pot,
            ..
        } => line(
            "play-421-log-charged",
            &[
                ("name", names.of(seat).into()),
                ("count", count.into()),
                ("basis", basis_word(basis).into()),
                ("left", pot.into()),
            ],
        ),
        Event::Paid {
            from,
            to,
            count,
            basis,
            ..
        } => line(
            "play-421-log-paid",
            &[
                ("from", names.of(from).into()),
                ("count", count.into()),
                ("to", names.of(to).into()),
                ("basis", basis_word(basis).into()),
            ],
        ),
        Event::DechargeStarted { sitting_out } => {
            let seats: Vec<usize> = sitting_out.iter().collect();
            if seats.is_empty() {
                line("play-421-log-decharge", &[])
            } else {
                line(
                    "play-421-log-decharge-sit-out",
                    &[("count", seats.len().into()), ("names", list(seats).into())],
                )
            }
        }
        Event::Espagnole { seat } => {
            line("play-421-log-espagnole", &[("name", names.of(seat).into())])
        }
        Event::Resigned {
            seat,
            tokens_returned,
        } => line(
            "play-421-log-resigned",
            &[
                ("name", names.of(seat).into()),
                ("count", tokens_returned.into()),
            ],
        ),
        Event::GameOver { winners, reason } => {
            let seats: Vec<usize> = winners.iter().collect();
            let why = lang.t(match reason {
                EndReason::Discharged => "play-421-why-discharged",
                EndReason::NoTokensAfterCharge => "play-421-why-no-tokens",
                EndReason::Espagnole => "play-421-why-espagnole",
                EndReason::Resignation => "play-421-why-resignation",
            });
            if seats.is_empty() {
                line("play-421-log-over", &[("why", why.into())])
            } else {
                line(
                    "play-421-log-over-winners",
                    &[
                        ("why", why.into()),
                        ("count", seats.len().into()),
                        ("names", list(seats).into()),
                    ],
                )
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::legacy::testing::AsJson;
    use super::*;
    use crate::present::games::legacy::testing::{self, names};
    use serde_json::json;
    use tapis_games::{AnyState, GameId, Turn};

    /// Plays the first-player throw (Alice's 6 beats Bob's 2) and Alice's first throw.
    fn started() -> (AnyState, Vec<Value>) {
        let mut state =
            AnyState::setup(GameId::FourTwoOne, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        let mut events = Vec::new();
        let mut supply = [vec![6], vec![2], vec![4, 2, 2]].into_iter();
        while let Turn::Chance { .. } = state.turn() {
            let values = supply
                .next()
                .unwrap_or_else(|| panic!("more chance than expected"));
            events.extend(state.chance_json(&values).unwrap_or_else(|e| panic!("{e}")));
        }
        (state, events)
    }

    #[test]
    fn the_leader_may_stop_or_tick_dice_to_throw_again() {
        let (state, events) = started();
        let Turn::Seat { seat } = state.turn() else {
            panic!("a seat plays")
        };
        assert_eq!(seat, 0);
        let names = names();
        let (table, _) = testing::drawn(table, &state, Some(0), &names);
        assert!(
            table
                .headline
                .starts_with("Charge, round 1 · pot 21 tokens · your turn"),
            "{}",
            table.headline
        );
        let PanelKind::Dice(dice) = &table.panels[0].kind else {
            panic!("dice first")
        };
        assert_eq!(
            dice.dice.iter().map(|d| d.face).collect::<Vec<_>>(),
            [4, 2, 2]
        );
        assert!(dice.compose.is_some());
        assert_eq!(table.actions[0].buttons[0].action.label, "Stop here");
        let noms = Names(names.0.clone(), Language::Fr);
        let (theirs, _) = testing::drawn(super::table, &state, Some(0), &noms);
        assert!(
            theirs
                .headline
                .starts_with("Charge, tour 1 · pot 21 jetons · à vous, premier lancer sur"),
            "{}",
            theirs.headline
        );
        assert_eq!(theirs.actions[0].buttons[0].action.label, "Stop");
        let words: Vec<String> = events
            .iter()
            .filter_map(|e| super::super::legacy::event_words_json(GameId::FourTwoOne, e, &names))
            .collect();
        assert!(
            words.contains(&"Alice threw a 6 for the first player".to_owned()),
            "{words:?}"
        );
        assert!(words.contains(&"Alice plays first".to_owned()), "{words:?}");
        assert!(words.contains(&"Alice threw 4-2-2".to_owned()), "{words:?}");
    }

    #[test]
    fn token_moves_read_as_sentences() {
        let names = names();
        let charged = json!({"type": "charged", "seat": 1, "due": 2, "count": 2, "basis": "nenette", "pot": 19});
        assert_eq!(
            event(&charged, &names),
            Some(Said::Line(
                "Bob takes 2 tokens from the pot (nénette) (19 left)".to_owned()
            ))
        );
        let paid = json!({"type": "paid", "from": 0, "to": 1, "due": 10, "count": 10, "basis": "best_result"});
        assert_eq!(
            event(&paid, &names),
            Some(Said::Line("Alice gives 10 tokens to Bob".to_owned()))
        );
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            event(&charged, &noms),
            Some(Said::Line(
                "Bob prend 2 jetons au pot (nénette) (il en reste 19)".to_owned()
            ))
        );
        let one =
            json!({"type": "paid", "from": 0, "to": 1, "due": 1, "count": 1, "basis": "tie_break"});
        assert_eq!(
            event(&one, &noms),
            Some(Said::Line(
                "Alice donne 1 jeton à Bob (après un départage)".to_owned()
            ))
        );
    }
}
