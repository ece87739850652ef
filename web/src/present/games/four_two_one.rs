//! 421: the three dice of the player throwing (tick the ones to throw again), the pot and the
//! tokens, each player's result this round, and the leader's Stop (or "le bon").

use tapis_games::four_two_one::{
    Action, AmountBasis, Category, Combination, CurrentTurn, EndReason, Event, FourTwoOne, Phase,
    PhaseView, Seats, Stake, TableView,
};

use tapis_l10n::Language;

use super::{
    Input, Names, Presenter, Said, Say, action_groups, faces, hinted_term, keep_and_rethrow, nth,
    scores_panel,
};
use crate::present::table::{
    ActionButton, DicePanel, Die, DieState, Emphasis, Fact, Panel, PanelKind, Table, Term,
};

/// A result's dice as written on the table: `4-2-1`.
fn dashed(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

/// The players of `seats` named in a list: `Alice and Bob`.
fn listed(names: &Names, seats: Seats) -> String {
    names.list(&seats.iter().collect::<Vec<_>>())
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
    hinted_term(key, lang)
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
    hinted_term(key, lang)
}

/// The stake of a tie-break in words.
fn stake_words(stake: Stake, lang: Language) -> String {
    lang.t(match stake {
        Stake::Worst => "play-421-stake-worst",
        Stake::Best => "play-421-stake-best",
        Stake::Both => "play-421-stake-both",
    })
}

impl Presenter for FourTwoOne {
    const MESSAGES: &'static str = "play-421";

    /// The table of a 421 match.
    fn table(input: &Input<'_, FourTwoOne>) -> Table {
        let view = input.view;
        let lang = input.lang();
        let current = view.current.as_ref();
        let my_turn = input.my_turn(current.map(|c| c.seat));
        let mut panels = Vec::new();
        if let Some(c) = current {
            let rerolls = input
                .legal
                .iter()
                .any(|a| matches!(a, Action::Reroll { .. }));
            panels.push(dice_panel(c, input, my_turn && rerolls));
        }
        if view.phase != PhaseView::Over {
            panels.push(round_facts(view, input));
        }
        panels.push(scoreboard(view, input));
        let buttons = if my_turn {
            keep_buttons(current, input)
        } else {
            Vec::new()
        };
        Table {
            headline: headline(view, input),
            prompt: my_turn.then(|| prompt(!buttons.is_empty(), lang)),
            panels,
            actions: action_groups([(lang.t("play-421-keep-your-dice").as_str(), buttons)]),
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        event_said(event, names)
    }

    fn action(action: &Action, names: &Names) -> String {
        let lang = names.lang();
        match action {
            Action::Reroll { faces: thrown } => lang.t1(
                "play-421-action-reroll",
                "dice",
                faces(thrown.as_slice().iter().copied()),
            ),
            Action::Stop => lang.t("play-421-action-stop"),
            Action::LeBon => lang.t("play-421-action-le-bon"),
        }
    }

    fn scores(event: &Event, seat: usize) -> bool {
        match *event {
            Event::Charged { seat: s, .. } => s == seat,
            Event::Paid { from, to, .. } => from == seat || to == seat,
            _ => false,
        }
    }

    super::turn_starts_with!(Event::TurnStarted);
}

/// The phase, the round, the pot and whose throw it is; or the end.
fn headline(view: &TableView, input: &Input<'_, FourTwoOne>) -> String {
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
fn dice_panel(c: &CurrentTurn, input: &Input<'_, FourTwoOne>, rerolling: bool) -> Panel {
    let dice: Vec<Die> = match &c.dice {
        Some(combination) => combination
            .dice
            .iter()
            .map(|&face| Die::thrown(face, rerolling))
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
    let hint = if c.must_rethrow {
        lang.t1("play-421-hint-must-rethrow", "count", c.max_throws)
    } else {
        lang.t("play-421-hint-rethrow")
    };
    let panel = DicePanel::new(dice)
        .caption(caption)
        .compose(rerolling.then(|| keep_and_rethrow(hint, lang)));
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
fn round_facts(view: &TableView, input: &Input<'_, FourTwoOne>) -> Panel {
    let lang = input.lang();
    let mut facts = vec![
        Fact::new(
            phase_term(view.phase, lang),
            lang.t1("play-421-round", "round", view.round),
        ),
        Fact::new(
            hinted_term("play-421-pot", lang),
            lang.t1("play-421-tokens", "count", view.pot),
        ),
    ];
    if let Some(leader) = view.leader {
        facts.push(Fact::new(
            hinted_term("play-421-leader", lang),
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
        facts.push(Fact::new(
            hinted_term("play-421-tie-break", lang),
            lang.t2(
                "play-421-tie-break-who",
                "names",
                listed(input.names, tie.seats),
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
fn scoreboard(view: &TableView, input: &Input<'_, FourTwoOne>) -> Panel {
    let lang = input.lang();
    let rows = view.players.iter().map(|p| {
        let detail = if view.winners.contains(p.seat) {
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
fn keep_buttons(current: Option<&CurrentTurn>, input: &Input<'_, FourTwoOne>) -> Vec<ActionButton> {
    let lang = input.lang();
    let mut buttons = Vec::new();
    for &action in &input.legal {
        match action {
            Action::Stop => {
                let throws = current.map_or(0, |c| c.throws);
                buttons.push(
                    ActionButton::new(action, lang.t("play-421-stop"))
                        .detail(lang.t1("play-421-stop-detail", "count", throws))
                        .emphasis(Emphasis::Primary),
                );
            }
            Action::LeBon => buttons.push(
                ActionButton::new(action, lang.t("play-421-le-bon"))
                    .term(hinted_term("play-421-le-bon", lang))
                    .detail(lang.t("play-421-le-bon-detail"))
                    .emphasis(Emphasis::Primary),
            ),
            Action::Reroll { .. } => {}
        }
    }
    buttons
}

/// What the player throwing is asked to do.
fn prompt(may_keep: bool, lang: Language) -> String {
    lang.t(if may_keep {
        "play-421-prompt-keep"
    } else {
        "play-421-prompt-rethrow"
    })
}

/// One 421 event in words, by the part of the game it belongs to.
fn event_said(event: &Event, names: &Names) -> Said {
    match event {
        Event::StartDieThrown { .. } | Event::StartTie { .. } | Event::FirstPlayer { .. } => {
            first_player_said(event, names)
        }
        Event::TurnStarted { .. }
        | Event::RethrowChosen { .. }
        | Event::DiceThrown { .. }
        | Event::LeBon { .. }
        | Event::TurnEnded { .. } => turn_said(event, names),
        Event::RoundStarted { .. }
        | Event::ThrowsFixed { .. }
        | Event::TieBreakStarted { .. }
        | Event::TieBreakThrown { .. }
        | Event::DechargeStarted { .. } => round_said(event, names),
        Event::Charged { .. }
        | Event::Paid { .. }
        | Event::Espagnole { .. }
        | Event::Resigned { .. }
        | Event::GameOver { .. } => tokens_said(event, names),
    }
}

/// The words of an event of `kind`.
fn say<'n>(names: &'n Names, kind: &str) -> Say<'n> {
    Say::event::<FourTwoOne>(names, kind)
}

/// The throws that choose the first player.
fn first_player_said(event: &Event, names: &Names) -> Said {
    match *event {
        Event::StartDieThrown { seat, die } => say(names, "start_die_thrown")
            .seat("name", seat)
            .arg("die", die)
            .said(),
        Event::StartTie { seats } => say(names, "start_tie")
            .arg("names", listed(names, seats))
            .said(),
        Event::FirstPlayer { seat } => say(names, "first_player").seat("name", seat).said(),
        _ => Said::Nothing,
    }
}

/// A player's turn: their throws and the result they keep (the start of a turn and the dice
/// chosen are said by the throw that follows).
fn turn_said(event: &Event, names: &Names) -> Said {
    match *event {
        Event::DiceThrown {
            seat,
            kept,
            thrown,
            dice,
            ..
        } => say(names, "dice_thrown")
            .seat("name", seat)
            .arg("count", kept.len())
            .arg("kept", faces(kept.as_slice().iter().copied()))
            .arg("thrown", faces(thrown.as_slice().iter().copied()))
            .arg("dice", dashed(&dice))
            .said(),
        Event::LeBon { seat, throws } => say(names, "le_bon")
            .seat("name", seat)
            .arg("count", throws)
            .said(),
        Event::TurnEnded {
            seat,
            throws,
            result,
        } => say(names, "turn_ended")
            .seat("name", seat)
            .arg("result", combination_words(&result, names.lang()))
            .arg("count", throws)
            .said(),
        _ => Said::Nothing,
    }
}

/// The course of a round: its start, the throws the leader fixed, its tie-breaks, and the
/// start of the décharge.
fn round_said(event: &Event, names: &Names) -> Said {
    match *event {
        Event::RoundStarted {
            round,
            phase,
            leader,
        } => say(names, "round_started")
            .arg("round", round)
            .arg("phase", phase_word(phase))
            .seat("name", leader)
            .said(),
        Event::ThrowsFixed { seat, throws } => say(names, "throws_fixed")
            .seat("name", seat)
            .arg("count", throws)
            .said(),
        Event::TieBreakStarted { seats, stake } => say(names, "tie_break_started")
            .arg("names", listed(names, seats))
            .arg("stake", stake_words(stake, names.lang()))
            .said(),
        Event::TieBreakThrown { seat, result } => say(names, "tie_break_thrown")
            .seat("name", seat)
            .arg("dice", dashed(&result.dice))
            .said(),
        Event::DechargeStarted { sitting_out } => say(names, "decharge_started")
            .arg("count", sitting_out.len())
            .arg("names", listed(names, sitting_out))
            .said(),
        _ => Said::Nothing,
    }
}

/// Tokens changing hands, and the end of the game.
fn tokens_said(event: &Event, names: &Names) -> Said {
    match *event {
        Event::Charged {
            seat,
            count,
            basis,
            pot,
            ..
        } => say(names, "charged")
            .seat("name", seat)
            .arg("count", count)
            .arg("basis", basis_word(basis))
            .arg("pot", pot)
            .said(),
        Event::Paid {
            from,
            to,
            count,
            basis,
            ..
        } => say(names, "paid")
            .seat("from", from)
            .arg("count", count)
            .seat("to", to)
            .arg("basis", basis_word(basis))
            .said(),
        Event::Espagnole { seat } => say(names, "espagnole").seat("name", seat).said(),
        Event::Resigned {
            seat,
            tokens_returned,
        } => say(names, "resigned")
            .seat("name", seat)
            .arg("count", tokens_returned)
            .said(),
        Event::GameOver { winners, reason } => say(names, "game_over")
            .arg("reason", reason_word(reason))
            .arg("count", winners.len())
            .arg("names", listed(names, winners))
            .said(),
        _ => Said::Nothing,
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

/// The selector the messages read to name a phase.
fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Charge => "charge",
        Phase::Decharge => "decharge",
    }
}

/// The selector the messages read to say why the game ended.
fn reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Discharged => "discharged",
        EndReason::NoTokensAfterCharge => "no-tokens",
        EndReason::Espagnole => "espagnole",
        EndReason::Resignation => "resignation",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, names};
    use serde_json::json;
    use tapis_games::{AnyAction, AnyEvent, AnyState, GameId, Turn};

    /// Plays the first-player throw (Alice's 6 beats Bob's 2) and Alice's first throw.
    fn started() -> (AnyState, Vec<AnyEvent>) {
        let mut state =
            AnyState::setup(GameId::FourTwoOne, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        let mut events = Vec::new();
        let mut supply = [vec![6], vec![2], vec![4, 2, 2]].into_iter();
        while let Turn::Chance { .. } = state.turn() {
            let values = supply
                .next()
                .unwrap_or_else(|| panic!("more chance than expected"));
            events.extend(testing::chance(&mut state, &values));
        }
        (state, events)
    }

    /// Checks that `table` offers every legal action: the rerolls by the dice form (any dice
    /// ticked), the others each by one button.
    fn assert_offers_all(table: &Table, legal: Vec<AnyAction>) {
        let (rerolls, buttons): (Vec<AnyAction>, Vec<AnyAction>) = legal
            .into_iter()
            .partition(|a| matches!(a, AnyAction::FourTwoOne(Action::Reroll { .. })));
        testing::assert_offers_exactly(table, &buttons);
        let form = table
            .panels
            .iter()
            .any(|p| matches!(&p.kind, PanelKind::Dice(d) if d.compose.is_some()));
        assert_eq!(form, !rerolls.is_empty());
    }

    /// One 421 event, written as JSON, in words.
    fn line(json: serde_json::Value, names: &Names) -> Option<String> {
        testing::line::<FourTwoOne>(&testing::event::<FourTwoOne>(json), names)
    }

    #[test]
    fn the_leader_may_stop_or_tick_dice_to_throw_again() {
        let (state, events) = started();
        let Turn::Seat { seat } = state.turn() else {
            panic!("a seat plays")
        };
        assert_eq!(seat, 0);
        let names = names();
        let (table, legal) = testing::drawn::<FourTwoOne>(&state, Some(0), &names);
        assert_offers_all(&table, legal);
        assert!(
            table
                .headline
                .starts_with("Charge, round 1 · pot 21 tokens · your turn"),
            "{}",
            table.headline
        );
        testing::assert_tickable_dice(&table, &[4, 2, 2]);
        assert_eq!(table.actions[0].buttons[0].action.label, "Stop here");
        let noms = Names(names.0.clone(), Language::Fr);
        let (theirs, _) = testing::drawn::<FourTwoOne>(&state, Some(0), &noms);
        assert!(
            theirs
                .headline
                .starts_with("Charge, tour 1 · pot 21 jetons · à vous, premier lancer sur"),
            "{}",
            theirs.headline
        );
        assert_eq!(theirs.actions[0].buttons[0].action.label, "Stop");
        let words = testing::said(&events, &names);
        assert!(
            words.contains(&"Alice threw a 6 for the first player".to_owned()),
            "{words:?}"
        );
        assert!(words.contains(&"Alice plays first".to_owned()), "{words:?}");
        assert!(words.contains(&"Alice threw 4-2-2".to_owned()), "{words:?}");
    }

    #[test]
    fn the_tokens_another_player_just_took_are_marked() {
        let (mut state, _) = started();
        testing::act(&mut state, 0, json!({"type": "stop"}));
        // Bob must use one throw, like the leader: his nénette ends the round.
        let events = testing::chance(&mut state, &[2, 2, 1]);
        let names = names();
        let words = testing::said(&events, &names);
        assert!(
            words.contains(&"Bob takes 2 tokens from the pot (nénette) (19 left)".to_owned()),
            "{words:?}"
        );
        let (table, legal) = testing::drawn_after::<FourTwoOne>(&state, Some(0), &names, &events);
        assert_offers_all(&table, legal);
        let Some(PanelKind::Scores(scores)) = table.panels.last().map(|p| &p.kind) else {
            panic!("scores last")
        };
        let marked: Vec<(usize, bool)> = scores.rows.iter().map(|r| (r.seat, r.recent)).collect();
        assert_eq!(marked, [(0, false), (1, true)]);
        // Tokens given mark the giver and the taker.
        let paid = testing::event::<FourTwoOne>(
            json!({"type": "paid", "from": 0, "to": 1, "due": 2, "count": 2, "basis": "best_result"}),
        );
        assert!(FourTwoOne::scores(&paid, 0) && FourTwoOne::scores(&paid, 1));
        let thrown = testing::event::<FourTwoOne>(
            json!({"type": "tie_break_thrown", "seat": 0, "result": {"dice": [4, 2, 1], "category": "four_two_one", "rank": 1, "tokens": 10}}),
        );
        assert!(!FourTwoOne::scores(&thrown, 0), "a throw moves no token");
    }

    #[test]
    fn token_moves_read_as_sentences() {
        let names = names();
        let charged = json!({"type": "charged", "seat": 1, "due": 2, "count": 2, "basis": "nenette", "pot": 19});
        assert_eq!(
            line(charged.clone(), &names).as_deref(),
            Some("Bob takes 2 tokens from the pot (nénette) (19 left)")
        );
        let paid = json!({"type": "paid", "from": 0, "to": 1, "due": 10, "count": 10, "basis": "best_result"});
        assert_eq!(
            line(paid, &names).as_deref(),
            Some("Alice gives 10 tokens to Bob")
        );
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            line(charged, &noms).as_deref(),
            Some("Bob prend 2 jetons au pot (nénette) (il en reste 19)")
        );
        let one =
            json!({"type": "paid", "from": 0, "to": 1, "due": 1, "count": 1, "basis": "tie_break"});
        assert_eq!(
            line(one, &noms).as_deref(),
            Some("Alice donne 1 jeton à Bob (après un départage)")
        );
    }

    #[test]
    fn rounds_and_ends_read_as_sentences() {
        let names = names();
        let said = |json| line(json, &names);
        assert_eq!(
            said(json!({"type": "round_started", "round": 3, "phase": "decharge", "leader": 1}))
                .as_deref(),
            Some("Round 3 of the décharge, led by Bob")
        );
        assert_eq!(
            said(json!({"type": "dice_thrown", "seat": 0, "throw": 2, "kept": [4], "thrown": [2, 1], "dice": [4, 2, 1]}))
                .as_deref(),
            Some("Alice kept 4 and threw 2 1: 4-2-1")
        );
        assert_eq!(
            said(json!({"type": "decharge_started", "sitting_out": []})).as_deref(),
            Some("The pot is empty: the décharge begins")
        );
        assert_eq!(
            said(json!({"type": "decharge_started", "sitting_out": [1]})).as_deref(),
            Some("The pot is empty: the décharge begins; Bob sits out")
        );
        assert_eq!(
            said(json!({"type": "game_over", "winners": [0], "reason": "discharged"})).as_deref(),
            Some("Game over (a player gave away their last token): Alice wins")
        );
        assert_eq!(
            said(json!({"type": "game_over", "winners": [], "reason": "espagnole"})).as_deref(),
            Some("Game over (l'espagnole)")
        );
        assert_eq!(said(json!({"type": "turn_started", "seat": 0})), None);
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            line(
                json!({"type": "game_over", "winners": [0, 1], "reason": "resignation"}),
                &noms
            )
            .as_deref(),
            Some("Partie terminée (les autres ont abandonné)\u{a0}: Alice et Bob gagnent")
        );
    }

    #[test]
    fn actions_read_as_what_the_player_did() {
        let (state, _) = started();
        let names = names();
        let legal = state.legal_actions(0);
        let reroll = legal.iter().find(
            |a| matches!(a, AnyAction::FourTwoOne(Action::Reroll { faces }) if faces.len() == 2),
        );
        let stop = legal
            .iter()
            .find(|a| matches!(a, AnyAction::FourTwoOne(Action::Stop)));
        let mut words: Vec<String> = [reroll, stop]
            .into_iter()
            .flatten()
            .map(|a| super::super::action_words(a, &names))
            .collect();
        words.push(FourTwoOne::action(&Action::LeBon, &names));
        assert_eq!(
            words,
            [
                "throws 4 2 again",
                "stops and keeps the dice",
                "says “le bon” and keeps the dice"
            ]
        );
    }
}
