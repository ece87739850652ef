//! 421: the three dice of the player throwing (tick the ones to throw again), the pot and the
//! tokens, each player's result this round, and the leader's Stop (or "le bon").

use serde_json::Value;
use tapis_games::four_two_one::{
    Action, AmountBasis, Category, Combination, CurrentTurn, EndReason, Event, Phase, PhaseView,
    Stake, TableView,
};

use super::{Input, Names, Said, action_groups, faces, nth, plural, rethrow_faces, scores_panel};
use crate::present::table::{
    ActionButton, DicePanel, Die, DieState, Emphasis, Fact, Panel, PanelKind, Table, Term,
};

/// A result's dice as written on the table: `4-2-1`.
fn dashed(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

/// The family of a result, with its English explanation.
pub fn category_term(category: Category) -> Term {
    match category {
        Category::FourTwoOne => Term::explained("421", "the best result, worth 10 tokens"),
        Category::ThreeAces => Term::explained("three aces", "1-1-1, worth 7 tokens"),
        Category::Fiche => Term::explained(
            "fiche",
            "two aces and another die, worth that die's face in tokens",
        ),
        Category::Baraque => Term::explained(
            "baraque",
            "a brelan: three of a kind, worth its face in tokens",
        ),
        Category::Suite => Term::explained("suite", "three faces in a row, worth 2 tokens"),
        Category::Other => Term::explained("ordinary", "any other result, worth 1 token"),
        Category::Nenette => Term::explained(
            "nénette",
            "2-2-1, the weakest result: its holder takes 2 tokens",
        ),
    }
}

/// `6-1-1 (fiche, 6 tokens)`.
pub fn combination_words(c: &Combination) -> String {
    format!(
        "{} ({}, {})",
        dashed(&c.dice),
        category_term(c.category).text,
        plural(c.tokens, "token", "tokens")
    )
}

fn phase_term(phase: PhaseView) -> Term {
    match phase {
        PhaseView::FirstPlayer => Term::explained(
            "Choosing the first player",
            "each player throws one die; aces are high",
        ),
        PhaseView::Charge => Term::explained(
            "Charge",
            "the pot deals its 21 tokens: the worst result of each round takes some",
        ),
        PhaseView::Decharge => Term::explained(
            "Décharge",
            "the best result of each round gives tokens to the worst; the first with none wins",
        ),
        PhaseView::Over => Term::plain("Game over"),
    }
}

/// The table of a 421 match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: TableView = serde_json::from_value(input.view.clone())?;
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
        prompt: my_turn.then(|| prompt(!buttons.is_empty())),
        panels,
        actions: action_groups([("Keep your dice", buttons)]),
    })
}

/// The phase, the round, the pot and whose throw it is; or the end.
fn headline(view: &TableView, input: &Input<'_>) -> String {
    match (view.phase, view.current.as_ref()) {
        (PhaseView::Over, _) => "The game is over.".to_owned(),
        (PhaseView::FirstPlayer, _) => {
            "Choosing the first player: one die each, aces high.".to_owned()
        }
        (phase, Some(c)) => format!(
            "{}, round {} · pot {} · {} turn, {} throw of {}",
            phase_term(phase).text,
            view.round,
            plural(view.pot, "token", "tokens"),
            input.whose(c.seat),
            nth(c.throws.max(1), input.lang()),
            c.max_throws
        ),
        (phase, None) => format!(
            "{}, round {} · pot {}",
            phase_term(phase).text,
            view.round,
            plural(view.pot, "token", "tokens")
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
    let mut caption = format!("Throw {} of {}", c.throws, c.max_throws);
    if let Some(combination) = &c.dice {
        caption.push_str(&format!(": {}", combination_words(combination)));
    }
    let mut panel = DicePanel::new(dice).caption(caption);
    if rerolling {
        let hint = if c.must_rethrow {
            format!(
                "Tick the dice to throw again: you must use {} like the leader.",
                plural(c.max_throws, "throw", "throws")
            )
        } else {
            "Tick the dice to throw again (at least one), or keep your dice.".to_owned()
        };
        panel = panel.compose(rethrow_faces(hint, input.lang()));
    }
    Panel::new(
        format!("{} dice", input.whose_first(c.seat)),
        "dice",
        PanelKind::Dice(panel),
    )
}

/// The round's figures: the pot, the leader, the throws fixed, the best and worst so far, the
/// stake and any tie-break.
fn round_facts(view: &TableView, input: &Input<'_>) -> Panel {
    let mut facts = vec![
        Fact::new(phase_term(view.phase), format!("round {}", view.round)),
        Fact::new(
            Term::explained("Pot", "tokens not yet dealt to the players"),
            plural(view.pot, "token", "tokens"),
        ),
    ];
    if let Some(leader) = view.leader {
        facts.push(Fact::new(
            Term::explained(
                "Leader",
                "leads the round: the number of throws they use binds the others",
            ),
            input.names.of(leader),
        ));
    }
    if let Some(k) = view.throws_fixed {
        facts.push(Fact::new(
            Term::plain("Throws this round"),
            format!("{k}, fixed by the leader"),
        ));
    }
    let results = [
        ("Best so far", &view.round_best),
        ("Worst so far", &view.round_worst),
    ];
    for (label, result) in results {
        if let Some(result) = result {
            facts.push(Fact::new(Term::plain(label), combination_words(result)));
        }
    }
    if let Some(amount) = view.amount_so_far {
        facts.push(Fact::new(
            Term::plain("At stake"),
            plural(amount, "token", "tokens"),
        ));
    }
    if let Some(tie) = &view.tie_break {
        let seats: Vec<usize> = tie.seats.iter().collect();
        let stake = match tie.stake {
            Stake::Worst => "the worst result",
            Stake::Best => "the best result",
            Stake::Both => "the best and the worst result",
        };
        facts.push(Fact::new(
            Term::explained(
                "Tie-break",
                "tied players throw once more each, in reverse playing order",
            ),
            format!("{} throw again for {stake}", input.names.list(&seats)),
        ));
    }
    Panel::new(
        phase_term(view.phase).text,
        "facts",
        PanelKind::Facts(facts),
    )
}

/// Every player's tokens, with where they stand this round.
fn scoreboard(view: &TableView, input: &Input<'_>) -> Panel {
    let winners: Vec<usize> = view.winners.iter().collect();
    let rows = view.players.iter().map(|p| {
        let detail = if winners.contains(&p.seat) {
            Some(Term::plain("winner"))
        } else if !p.playing {
            Some(Term::plain("resigned"))
        } else if p.sitting_out {
            Some(Term::plain("sits out the décharge"))
        } else if let Some(result) = &p.tie_break {
            Some(Term::plain(format!("tie-break {}", dashed(&result.dice))))
        } else if let Some(result) = &p.result {
            Some(Term {
                text: format!("this round: {}", combination_words(result)),
                hint: category_term(result.category).hint,
            })
        } else if let Some(die) = p.start_die.filter(|_| view.round == 0) {
            Some(Term::plain(format!("first-player die: {die}")))
        } else if p.to_play {
            Some(Term::plain("still to play this round"))
        } else {
            None
        };
        let current = view.current.as_ref().is_some_and(|c| c.seat == p.seat);
        input.score_row(p.seat, p.tokens.to_string(), detail, current)
    });
    scores_panel("Tokens", "Tokens held (fewer is better)", "Tokens", rows)
}

/// The ways to keep the dice: Stop (the leader) or le bon.
fn keep_buttons(current: Option<&CurrentTurn>, input: &Input<'_>) -> Vec<ActionButton> {
    let mut buttons = Vec::new();
    for raw in input.legal {
        match serde_json::from_value::<Action>(raw.clone()) {
            Ok(Action::Stop) => {
                let throws = current.map_or(0, |c| c.throws);
                buttons.push(
                    ActionButton::new(raw, "Stop here")
                        .detail(format!(
                            "keep your dice: the others must use {}",
                            plural(throws, "throw", "throws")
                        ))
                        .emphasis(Emphasis::Primary),
                );
            }
            Ok(Action::LeBon) => buttons.push(
                ActionButton::new(raw, "Le bon")
                    .term(Term::explained(
                        "Le bon",
                        "keep your dice before using all the leader's throws",
                    ))
                    .detail("keep your dice now")
                    .emphasis(Emphasis::Primary),
            ),
            Ok(Action::Reroll { .. }) | Err(_) => {}
        }
    }
    buttons
}

/// What the player throwing is asked to do.
fn prompt(may_keep: bool) -> String {
    if may_keep {
        "Your turn: keep your dice, or tick some to throw again.".to_owned()
    } else {
        "Your turn: tick the dice to throw again.".to_owned()
    }
}

fn basis_words(basis: AmountBasis) -> &'static str {
    match basis {
        AmountBasis::BestResult => "",
        AmountBasis::Nenette => " (nénette)",
        AmountBasis::TieBreak => " (after a tie-break)",
    }
}

/// One 421 event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    Some(Said::Line(match event {
        Event::StartDieThrown { seat, die } => {
            format!("{} threw a {die} for the first player", names.of(seat))
        }
        Event::StartTie { seats } => {
            let seats: Vec<usize> = seats.iter().collect();
            format!("{} tie and throw again", names.list(&seats))
        }
        Event::FirstPlayer { seat } => format!("{} plays first", names.of(seat)),
        Event::RoundStarted {
            round,
            phase,
            leader,
        } => format!(
            "Round {round} of the {}, led by {}",
            match phase {
                Phase::Charge => "charge",
                Phase::Decharge => "décharge",
            },
            names.of(leader)
        ),
        Event::TurnStarted { .. } => return Some(Said::Nothing),
        Event::RethrowChosen { .. } => return Some(Said::Nothing),
        Event::DiceThrown {
            seat,
            kept,
            dice,
            thrown,
            ..
        } => {
            if kept.is_empty() {
                format!("{} threw {}", names.of(seat), dashed(&dice))
            } else {
                format!(
                    "{} kept {} and threw {}: {}",
                    names.of(seat),
                    faces(kept.as_slice().iter().copied()),
                    faces(thrown.as_slice().iter().copied()),
                    dashed(&dice)
                )
            }
        }
        Event::LeBon { seat, throws } => format!(
            "{} says “le bon” after {}",
            names.of(seat),
            plural(throws, "throw", "throws")
        ),
        Event::TurnEnded {
            seat,
            throws,
            result,
        } => format!(
            "{} ends with {} in {}",
            names.of(seat),
            combination_words(&result),
            plural(throws, "throw", "throws")
        ),
        Event::ThrowsFixed { seat, throws } => format!(
            "{} stopped: everyone uses {} this round",
            names.of(seat),
            plural(throws, "throw", "throws")
        ),
        Event::TieBreakStarted { seats, stake } => {
            let seats: Vec<usize> = seats.iter().collect();
            let stake = match stake {
                Stake::Worst => "the worst result",
                Stake::Best => "the best result",
                Stake::Both => "the best and the worst result",
            };
            format!("{} tie for {stake} and throw again", names.list(&seats))
        }
        Event::TieBreakThrown { seat, result } => format!(
            "{} throws {} in the tie-break",
            names.of(seat),
            dashed(&result.dice)
        ),
        Event::Charged {
            seat,
            count,
            basis,
            pot,
            ..
        } => format!(
            "{} takes {} from the pot{} ({} left)",
            names.of(seat),
            plural(count, "token", "tokens"),
            basis_words(basis),
            pot
        ),
        Event::Paid {
            from,
            to,
            count,
            basis,
            ..
        } => format!(
            "{} gives {} to {}{}",
            names.of(from),
            plural(count, "token", "tokens"),
            names.of(to),
            basis_words(basis)
        ),
        Event::DechargeStarted { sitting_out } => {
            let seats: Vec<usize> = sitting_out.iter().collect();
            if seats.is_empty() {
                "The pot is empty: the décharge begins".to_owned()
            } else {
                format!(
                    "The pot is empty: the décharge begins; {} sit out",
                    names.list(&seats)
                )
            }
        }
        Event::Espagnole { seat } => format!(
            "L'espagnole: {} took all 21 tokens and loses",
            names.of(seat)
        ),
        Event::Resigned {
            seat,
            tokens_returned,
        } => format!(
            "{} resigned; {} went back to the pot",
            names.of(seat),
            plural(tokens_returned, "token", "tokens")
        ),
        Event::GameOver { winners, reason } => {
            let seats: Vec<usize> = winners.iter().collect();
            let why = match reason {
                EndReason::Discharged => "a player gave away their last token",
                EndReason::NoTokensAfterCharge => "no tokens when the charge ended",
                EndReason::Espagnole => "l'espagnole",
                EndReason::Resignation => "the others resigned",
            };
            if seats.is_empty() {
                format!("Game over ({why})")
            } else {
                format!("Game over ({why}): {} wins", names.list(&seats))
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, names};
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
            events.extend(
                state
                    .apply_chance(&values)
                    .unwrap_or_else(|e| panic!("{e}")),
            );
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
        let words: Vec<String> = events
            .iter()
            .filter_map(|e| super::super::event_words(GameId::FourTwoOne, e, &names))
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
    }
}
