//! The panels beside the grid: the dice, where the turn stands, and the alignment points.

use tapis_games::linotte::{Challenge, Combination, View};
use tapis_l10n::Language;

use super::super::{Input, dice_caption, keep_and_rethrow, scores_panel};
use super::{Choices, LinotteGame, challenge_term, combination_name, combination_term, rules};
use crate::present::table::{DicePanel, Die, DieState, Fact, Panel, Term};

/// The five dice, tickable to throw some again when the viewer may.
pub(super) fn dice_panel<G: LinotteGame>(
    view: &View<<G as LinotteGame>::Options>,
    choices: &Choices<'_>,
    my_turn: bool,
    lang: Language,
) -> DicePanel {
    let tickable = my_turn && choices.rerolls;
    let dice = view
        .dice
        .iter()
        .map(|&face| {
            if face == 0 {
                Die::new(0, DieState::Waiting)
            } else {
                Die::thrown(face, tickable)
            }
        })
        .collect();
    let caption = dice_caption(G::MESSAGES, view.throws, view.throws_left, lang);
    let hint = lang.t("play-linotte-tick-hint");
    let hint = if must_break(view) {
        lang.t1("play-linotte-must-break", "hint", hint)
    } else {
        hint
    };
    DicePanel::new(dice)
        .caption(caption)
        .compose(tickable.then(|| keep_and_rethrow(hint, lang)))
}

/// Whether the second throw must throw again a die of the major the first throw made (a
/// challenge taken after a Sec).
fn must_break<O: tapis_games::linotte::Variant>(view: &View<O>) -> bool {
    let after_sec = match view.challenge {
        Some(Challenge::Appel { after_sec, .. } | Challenge::Defi { after_sec }) => after_sec,
        None => false,
    };
    view.throws == 1 && after_sec && rules(view).challenge_must_break_first_throw_major
}

/// Where the turn stands: throws, what the dice make, Sec, the challenge, the Yam Predator.
pub(super) fn turn_facts<G: LinotteGame>(input: &Input<'_, G>, seat: usize) -> Vec<Fact> {
    let view = input.view;
    let game = view.game;
    let lang = input.lang();
    let mut facts = vec![Fact::new(
        Term::plain(lang.t("play-linotte-throws")),
        lang.t1("play-linotte-throws-value", "throw", view.throws),
    )];
    let made: Vec<String> = view
        .combinations
        .iter()
        .map(|c| combination_name(*c, game, lang))
        .collect();
    facts.push(Fact::new(
        Term::plain(lang.t("play-linotte-may-go-on")),
        if made.is_empty() {
            lang.t("play-linotte-no-cell")
        } else {
            crate::present::join_names(&made, lang)
        },
    ));
    if view.combinations.contains(&Combination::Sec) {
        facts.push(Fact::new(
            combination_term(Combination::Sec, game, lang),
            if input.is_viewer(seat) {
                lang.t("play-linotte-sec-yours")
            } else {
                lang.t1("play-linotte-sec-other", "name", input.names.of(seat))
            },
        ));
    }
    facts.extend(challenge_fact(view, lang));
    if !view.removals.is_empty() {
        facts.push(predator_fact(input, seat));
    }
    facts
}

/// The challenge taken this turn, and whether the dice meet it.
fn challenge_fact<O: tapis_games::linotte::Variant>(
    view: &View<O>,
    lang: Language,
) -> Option<Fact> {
    let taken = view.challenge?;
    let state = lang.t(match view.challenge_met {
        None => "play-linotte-challenge-first",
        Some(true) => "play-linotte-challenge-made",
        Some(false) if view.throws_left > 0 => "play-linotte-challenge-not-yet",
        Some(false) if rules(view).failed_challenge_allows_normal_placement => {
            "play-linotte-challenge-missed-cells"
        }
        Some(false) => "play-linotte-challenge-missed-turn",
    });
    let value = match taken {
        Challenge::Appel { combination, .. } => lang.t2(
            "play-linotte-challenge-target",
            "combination",
            combination.combination().label(view.game),
            "state",
            state,
        ),
        Challenge::Defi { .. } => state,
    };
    Some(Fact::new(challenge_term(view.game, lang), value))
}

/// The Yam Predator the player on turn may use.
fn predator_fact<G: LinotteGame>(input: &Input<'_, G>, seat: usize) -> Fact {
    let lang = input.lang();
    let opponent = input.names.possessive(1 - seat.min(1));
    let key = if rules(input.view).predator_returns_pawn {
        "play-linotte-predator-returns"
    } else {
        "play-linotte-predator-leaves"
    };
    Fact::new(
        Term::explained(
            lang.t("play-linotte-predator"),
            lang.t1(key, "opponent", opponent),
        ),
        if input.is_viewer(seat) {
            lang.t("play-linotte-predator-yours")
        } else {
            lang.t1("play-linotte-predator-other", "name", input.names.of(seat))
        },
    )
}

/// The alignment points and pawns of both players.
pub(super) fn scoreboard<G: LinotteGame>(input: &Input<'_, G>) -> Panel {
    let view = input.view;
    let lang = input.lang();
    let rows = view.players.iter().map(|p| {
        let mut detail = lang.t2(
            "play-linotte-pawns-left",
            "reserve",
            p.reserve,
            "board",
            p.on_board,
        );
        if p.removed > 0 {
            detail = lang.t2("play-linotte-removed", "detail", detail, "count", p.removed);
        }
        if p.resigned {
            detail = lang.t1("play-linotte-resigned", "detail", detail);
        }
        let detail = Term::explained(detail, lang.t("play-linotte-runs-hint"));
        input.score_row(
            p.seat,
            p.points.to_string(),
            Some(detail),
            view.to_play == Some(p.seat),
        )
    });
    scores_panel(
        &lang.t("play-linotte-alignments"),
        &lang.t("play-linotte-alignments-caption"),
        &lang.t("play-linotte-points"),
        rows,
    )
}
