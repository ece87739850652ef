//! La Linotte and Yam Master (one presenter, two games): the 5×5 grid of printed combinations
//! with the pawns on it, whose free cells the player clicks to place a pawn; the five dice,
//! ticked to throw some again; the challenge taken after the first throw (La Linotte's Appel
//! on a named major combination, Yam Master's Défi) and Yam Master's Yam Predator; the pawns
//! left and the alignment points.

use serde_json::Value;
use tapis_games::GameId;
use tapis_games::linotte::{Action, Cell, Challenge, Combination, EndReason, Event, Major, View};
use tapis_l10n::Language;

use super::legacy::{
    Input, Names, Said, faces, nth, over_headline, points, rethrow_faces, scores_panel,
};
use crate::present::table::{
    ActionButton, ActionGroup, ActionRef, Board, BoardCell, BoardRow, BoardStyle, DicePanel, Die,
    DieState, Emphasis, Fact, Panel, PanelKind, Table, Term, Token,
};

/// The view of either game, its options read loosely (they differ between the two games).
type AnyView = View<Value>;

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
    places: Vec<(u8, u8, &'a Value)>,
    removes: Vec<(u8, u8, &'a Value)>,
    appels: Vec<(Major, &'a Value)>,
    defi: Option<&'a Value>,
    pass: Option<&'a Value>,
    /// Anything this presenter does not know, offered as named buttons.
    others: Vec<&'a Value>,
}

impl<'a> Choices<'a> {
    fn of(legal: &'a [Value]) -> Choices<'a> {
        let mut choices = Choices::default();
        for raw in legal {
            match serde_json::from_value::<Action>(raw.clone()) {
                Ok(Action::Reroll { .. }) => choices.rerolls = true,
                Ok(Action::Place { row, col }) => choices.places.push((row, col, raw)),
                Ok(Action::Remove { row, col }) => choices.removes.push((row, col, raw)),
                Ok(Action::Appel { combination }) => choices.appels.push((combination, raw)),
                Ok(Action::Defi) => choices.defi = Some(raw),
                Ok(Action::Pass) => choices.pass = Some(raw),
                Err(_) => choices.others.push(raw),
            }
        }
        choices
    }
}

/// Whether the view's options say `key`.
fn option(view: &AnyView, key: &str) -> bool {
    view.options.get(key).and_then(Value::as_bool) == Some(true)
}

/// The table of a La Linotte or Yam Master match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: AnyView = serde_json::from_value(input.view.clone())?;
    let game = view.game;
    let lang = input.lang();
    let challenge = challenge_word(game);
    let seat = view.to_play;
    let choices = Choices::of(input.legal);
    let my_turn = seat.is_some_and(|s| input.is_viewer(s)) && !input.legal.is_empty();
    let over = view.outcome.is_some();

    let headline = match (&view.outcome, seat) {
        (Some(outcome), _) => over_headline(&outcome.reason, lang),
        (None, Some(seat)) => {
            let throw = if view.throws == 0 {
                lang.t("play-linotte-about-to-throw")
            } else {
                lang.t1("play-linotte-throw-of", "nth", nth(view.throws, lang))
            };
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
                Some(Challenge::Appel { combination, .. }) => Some(lang.t1(
                    "play-linotte-appel-called",
                    "combination",
                    combination.combination().label(game),
                )),
                Some(Challenge::Defi { .. }) => Some(lang.t("play-linotte-defi-taken")),
                None => None,
            };
            match taken {
                Some(taken) => lang.t2(
                    "play-linotte-headline-taken",
                    "headline",
                    turn,
                    "taken",
                    taken,
                ),
                None => turn,
            }
        }
        (None, None) => String::new(),
    };

    let mut panels = Vec::new();
    if !over {
        panels.push(Panel::new(
            lang.t("play-linotte-dice"),
            "dice",
            PanelKind::Dice(dice_panel(&view, &choices, my_turn, lang)),
        ));
        if view.throws > 0
            && let Some(seat) = seat
        {
            panels.push(Panel::new(
                lang.t("play-linotte-this-turn"),
                "facts",
                PanelKind::Facts(turn_facts(&view, input, seat)),
            ));
        }
    }
    panels.push(Panel::new(
        lang.t("play-linotte-grid"),
        "board",
        PanelKind::Board(grid(&view, input, &choices, my_turn)),
    ));
    panels.push(scoreboard(&view, input));

    // The buttons: the challenge, stopping without a pawn, and anything unknown.
    let mut actions = Vec::new();
    if !choices.appels.is_empty() {
        let buttons = choices
            .appels
            .iter()
            .map(|(major, raw)| {
                let combination = major.combination();
                ActionButton::new(
                    raw,
                    lang.t1(
                        "play-linotte-appel-button",
                        "combination",
                        combination.label(game),
                    ),
                )
                .term(combination_term(combination, game, lang))
            })
            .collect();
        actions.push(ActionGroup::new(
            lang.t("play-linotte-appel-group"),
            buttons,
        ));
    }
    if let Some(raw) = choices.defi {
        actions.push(ActionGroup::new(
            lang.t("play-linotte-defi-button"),
            vec![
                ActionButton::new(raw, lang.t("play-linotte-defi-button"))
                    .term(Term::explained(
                        challenge_word(GameId::YamMaster),
                        combination_hint(Combination::Challenge, game, lang),
                    ))
                    .detail(lang.t("play-linotte-defi-detail")),
            ],
        ));
    }
    let mut stop = Vec::new();
    if let Some(raw) = choices.pass {
        stop.push(ActionButton::new(raw, lang.t("play-linotte-pass")).emphasis(Emphasis::Quiet));
    }
    stop.extend(choices.others.iter().map(|raw| input.unread_choice(raw)));
    if !stop.is_empty() {
        actions.push(ActionGroup::new(lang.t("play-linotte-or-group"), stop));
    }

    let prompt = my_turn.then(|| prompt(&view, &choices, challenge, lang));
    Ok(Table {
        headline,
        prompt,
        panels,
        actions,
    })
}

/// What the player on turn may do, in one sentence.
fn prompt(view: &AnyView, choices: &Choices<'_>, challenge: &str, lang: Language) -> String {
    let mut can = Vec::new();
    if !choices.places.is_empty() {
        can.push(lang.t("play-linotte-can-place"));
    }
    if !choices.removes.is_empty() {
        can.push(lang.t("play-linotte-can-remove"));
    }
    if choices.rerolls {
        can.push(lang.t("play-linotte-can-reroll"));
    }
    if !choices.appels.is_empty() {
        can.push(lang.t("play-linotte-can-appel"));
    }
    if choices.defi.is_some() {
        can.push(lang.t("play-linotte-can-defi"));
    }
    if choices.pass.is_some() {
        can.push(lang.t("play-linotte-can-pass"));
    }
    let mut line = lang.t1("play-linotte-prompt", "choices", join_or(&can, lang));
    if view.throws == 1 && view.challenge.is_some() {
        line = lang.t2(
            "play-linotte-prompt-taken",
            "challenge",
            challenge,
            "prompt",
            line,
        );
    }
    if view.combinations.contains(&Combination::Sec) {
        line = lang.t1("play-linotte-prompt-sec", "prompt", line);
    }
    line
}

/// The five dice, tickable to throw some again when the viewer may.
fn dice_panel(view: &AnyView, choices: &Choices<'_>, my_turn: bool, lang: Language) -> DicePanel {
    let tickable = my_turn && choices.rerolls;
    let dice = view
        .dice
        .iter()
        .map(|&face| {
            if face == 0 {
                Die::new(0, DieState::Waiting)
            } else if tickable {
                Die::pickable(face, DieState::Thrown)
            } else {
                Die::new(face, DieState::Thrown)
            }
        })
        .collect();
    let caption = if view.throws == 0 {
        lang.t("play-linotte-not-thrown")
    } else {
        lang.t2(
            "play-linotte-dice-caption",
            "throw",
            view.throws,
            "left",
            view.throws_left,
        )
    };
    let mut panel = DicePanel::new(dice).caption(caption);
    if tickable {
        let mut hint = lang.t("play-linotte-tick-hint");
        let must_break = view.throws == 1
            && match view.challenge {
                Some(Challenge::Appel { after_sec, .. }) => after_sec,
                Some(Challenge::Defi { after_sec }) => {
                    after_sec && option(view, "defi_requires_rethrow_of_combo")
                }
                None => false,
            };
        if must_break {
            hint = lang.t1("play-linotte-must-break", "hint", hint);
        }
        panel = panel.compose(rethrow_faces(hint, lang));
    }
    panel
}

/// Where the turn stands: throws, what the dice make, Sec, the challenge, the Yam Predator.
fn turn_facts(view: &AnyView, input: &Input<'_>, seat: usize) -> Vec<Fact> {
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
    if let Some(taken) = view.challenge {
        let term = Term::explained(
            challenge_word(game),
            combination_hint(Combination::Challenge, game, lang),
        );
        let state = lang.t(match view.challenge_met {
            None => "play-linotte-challenge-first",
            Some(true) => "play-linotte-challenge-made",
            Some(false) if view.throws_left > 0 => "play-linotte-challenge-not-yet",
            Some(false) if option(view, "failed_challenge_allows_normal_placement") => {
                "play-linotte-challenge-missed-cells"
            }
            Some(false) => "play-linotte-challenge-missed-turn",
        });
        let value = match taken {
            Challenge::Appel { combination, .. } => lang.t2(
                "play-linotte-challenge-target",
                "combination",
                combination.combination().label(game),
                "state",
                state,
            ),
            Challenge::Defi { .. } => state,
        };
        facts.push(Fact::new(term, value));
    }
    if !view.removals.is_empty() {
        let opponent = input.names.possessive(1 - seat.min(1));
        let key = if option(view, "predator_returns_pawn") {
            "play-linotte-predator-returns"
        } else {
            "play-linotte-predator-leaves"
        };
        facts.push(Fact::new(
            Term::explained(
                lang.t("play-linotte-predator"),
                lang.t1(key, "opponent", opponent),
            ),
            if input.is_viewer(seat) {
                lang.t("play-linotte-predator-yours")
            } else {
                lang.t1("play-linotte-predator-other", "name", input.names.of(seat))
            },
        ));
    }
    facts
}

/// The grid: every cell with its printed combination, its pawn, and the viewer's choices on it.
fn grid(view: &AnyView, input: &Input<'_>, choices: &Choices<'_>, my_turn: bool) -> Board {
    let game = view.game;
    let lang = input.lang();
    let viewer_points = input
        .viewer
        .and_then(|v| view.players.iter().find(|p| p.seat == v))
        .map_or(0, |p| p.points);
    // The pawn just placed, or just taken away by the Yam Predator.
    let recent = input.recent_places(&["placed", "pawn_removed"], "row", "col");
    let rows = view
        .grid
        .iter()
        .map(|row| BoardRow {
            label: None,
            cells: row
                .iter()
                .map(|cell| {
                    let (r, c) = (cell.row, cell.col);
                    let mut actions = Vec::new();
                    if let Some((_, _, raw)) = choices
                        .places
                        .iter()
                        .find(|(pr, pc, _)| (*pr, *pc) == (r, c))
                    {
                        let placement = view.placements.iter().find(|p| (p.row, p.col) == (r, c));
                        let name = cell_name(r, c, game, lang);
                        let label = match placement {
                            Some(p) if p.completes_five && game == GameId::YamMaster => {
                                lang.t1("play-linotte-place-win", "cell", name)
                            }
                            Some(p) if p.completes_five => lang.t2(
                                "play-linotte-place-five",
                                "cell",
                                name,
                                "points",
                                points(p.points_after, lang),
                            ),
                            Some(p) if p.points_after != viewer_points => lang.t2(
                                "play-linotte-place-after",
                                "cell",
                                name,
                                "points",
                                points(p.points_after, lang),
                            ),
                            _ => lang.t1("play-linotte-place", "cell", name),
                        };
                        actions.push(ActionRef::new(raw, label));
                    }
                    if let Some((_, _, raw)) = choices
                        .removes
                        .iter()
                        .find(|(pr, pc, _)| (*pr, *pc) == (r, c))
                    {
                        let owner = cell.owner.unwrap_or(0);
                        let whose = input.names.possessive(owner);
                        let name = cell_name(r, c, game, lang);
                        let label = match view.removals.iter().find(|p| (p.row, p.col) == (r, c)) {
                            Some(p) => lang.t_with(
                                "play-linotte-remove-after",
                                &[
                                    ("owner", whose.into()),
                                    ("cell", name.into()),
                                    ("name", input.names.of(owner).into()),
                                    ("points", points(p.opponent_points_after, lang).into()),
                                ],
                            ),
                            None => lang.t2("play-linotte-remove", "owner", whose, "cell", name),
                        };
                        actions.push(ActionRef::new(raw, label).marked("✕"));
                    }
                    let pawn = cell.owner.map(|o| {
                        Token::of_seat(
                            o,
                            lang.t1("play-linotte-pawn-of", "owner", input.names.possessive(o)),
                        )
                    });
                    let holder = match &pawn {
                        Some(token) => token.label.clone(),
                        None => lang.t("play-linotte-free"),
                    };
                    BoardCell {
                        text: Some(combination_term(cell.combination, game, lang)),
                        label: lang.t_with(
                            "play-linotte-cell-label",
                            &[
                                ("row", (r + 1).into()),
                                ("col", (c + 1).into()),
                                (
                                    "name",
                                    combination_name(cell.combination, game, lang).into(),
                                ),
                                ("holder", holder.into()),
                            ],
                        ),
                        tokens: pawn.into_iter().collect(),
                        highlight: !actions.is_empty(),
                        recent: recent.contains(&(r as u64, c as u64)),
                        actions,
                    }
                })
                .collect(),
        })
        .collect();
    let caption = if my_turn && !(choices.places.is_empty() && choices.removes.is_empty()) {
        lang.t("play-linotte-grid-caption-play")
    } else {
        lang.t("play-linotte-grid")
    };
    Board {
        caption,
        style: BoardStyle::Square,
        column_labels: Vec::new(),
        rows,
        column_actions: Vec::new(),
    }
}

/// The alignment points and pawns of both players.
fn scoreboard(view: &AnyView, input: &Input<'_>) -> Panel {
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

/// One La Linotte or Yam Master event in words; `None` when it cannot be read.
pub fn event(game: GameId, event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    let challenge = challenge_word(game);
    let lang = names.lang();
    Some(Said::Line(match event {
        Event::TurnStarted { .. } => return Some(Said::Nothing),
        Event::DiceThrown {
            seat,
            throw,
            values,
            dice,
        } => {
            let thrown = faces(values.as_slice().iter().copied());
            if throw <= 1 || values.len() == dice.len() {
                lang.t2(
                    "play-linotte-threw",
                    "name",
                    names.of(seat),
                    "faces",
                    thrown,
                )
            } else {
                lang.t_with(
                    "play-linotte-threw-again",
                    &[
                        ("name", names.of(seat).into()),
                        ("faces", thrown.into()),
                        ("nth", nth(throw, lang).into()),
                        ("dice", faces(dice).into()),
                    ],
                )
            }
        }
        Event::Rerolled { seat, faces: again } => lang.t2(
            "play-linotte-picked-up",
            "name",
            names.of(seat),
            "faces",
            faces(again.as_slice().iter().copied()),
        ),
        Event::AppelAnnounced { seat, combination } => lang.t2(
            "play-linotte-called",
            "name",
            names.of(seat),
            "combination",
            combination.combination().label(game),
        ),
        Event::DefiDeclared { seat } => lang.t1("play-linotte-took-defi", "name", names.of(seat)),
        Event::ChallengeResolved { seat, succeeded } => {
            let key = if succeeded {
                "play-linotte-made"
            } else {
                "play-linotte-missed"
            };
            lang.t2(key, "name", names.of(seat), "challenge", challenge)
        }
        Event::Placed {
            seat,
            row,
            col,
            combination,
            reserve,
            points: now,
        } => lang.t_with(
            "play-linotte-placed",
            &[
                ("name", names.of(seat).into()),
                (
                    "combination",
                    combination_name(combination, game, lang).into(),
                ),
                ("cell", cell_words(row, col, lang).into()),
                ("reserve", reserve.into()),
                ("points", points(now, lang).into()),
            ],
        ),
        Event::PawnRemoved {
            seat,
            owner,
            row,
            col,
            returned,
            owner_points,
        } => lang.t_with(
            if returned {
                "play-linotte-removed-returned"
            } else {
                "play-linotte-removed-left"
            },
            &[
                ("name", names.of(seat).into()),
                ("owner", names.possessive(owner).into()),
                ("cell", cell_name(row, col, game, lang).into()),
                ("owner-name", names.of(owner).into()),
                ("points", points(owner_points, lang).into()),
            ],
        ),
        Event::Passed { seat } => lang.t1("play-linotte-passed", "name", names.of(seat)),
        Event::Resigned { seat } => lang.t1("play-linotte-resigned-event", "name", names.of(seat)),
        Event::GameOver {
            reason,
            winner,
            points: [first, second],
        } => {
            let why = lang.t(match reason {
                EndReason::FiveInARow => "play-linotte-why-five",
                EndReason::NoPawnsLeft => "play-linotte-why-no-pawns",
                EndReason::Resignation => "play-linotte-why-resignation",
            });
            let tally = lang.t_with(
                "play-linotte-tally",
                &[
                    ("first", names.of(0).into()),
                    ("first-points", points(first, lang).into()),
                    ("second", names.of(1).into()),
                    ("second-points", points(second, lang).into()),
                ],
            );
            match winner {
                Some(winner) => lang.t_with(
                    "play-linotte-over-wins",
                    &[
                        ("why", why.into()),
                        ("name", names.of(winner).into()),
                        ("tally", tally.into()),
                    ],
                ),
                None => lang.t2("play-linotte-over-draw", "why", why, "tally", tally),
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::legacy::testing::{self, act, chance, names};
    use serde_json::json;
    use tapis_games::AnyState;

    fn started(game: GameId) -> AnyState {
        AnyState::setup(game, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"))
    }

    fn table_for(state: &AnyState, viewer: Option<usize>, names: &Names) -> (Table, Vec<Value>) {
        testing::drawn(table, state, viewer, names)
    }

    fn board(table: &Table) -> &Board {
        table
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Board(b) => Some(b),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no board"))
    }

    fn dice(table: &Table) -> &DicePanel {
        table
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Dice(d) => Some(d),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no dice"))
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
    fn assert_everything_offered_once(table: &Table, legal: &[Value]) {
        let (rerolls, others): (Vec<Value>, Vec<Value>) =
            legal.iter().cloned().partition(|a| a["type"] == "reroll");
        testing::assert_offers_exactly(table, &others);
        let compose = dice(table).compose.as_ref();
        assert_eq!(compose.is_some(), !rerolls.is_empty());
        if let Some(compose) = compose {
            assert_eq!(compose.template, r#"{"faces":"$picked","type":"reroll"}"#);
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
        let scores = watching
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Scores(s) => Some(s),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no scores"));
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
        assert!(
            hint.contains("throw again at least one die of it"),
            "{hint}"
        );
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
        let words: Vec<String> = events
            .iter()
            .filter_map(|e| super::super::legacy::event_words_json(GameId::Linotte, e, &names))
            .collect();
        assert_eq!(
            words,
            [
                "Alice threw 2 6 2 5 2",
                "Alice called an Appel for Full",
                "Alice picked up 5 6 to throw again",
                "Alice threw 3 3 (second throw: 2 2 2 3 3)",
                "Alice made the Appel",
                "Alice placed a pawn on Appel (row 1, column 3): 11 pawns left, 0 points",
                "Bob threw 1 2 3 4 6",
                "Bob stopped without placing a pawn",
            ]
        );
        let defi = json!({"type": "defi_declared", "seat": 1});
        assert_eq!(
            event(GameId::YamMaster, &defi, &names),
            Some(Said::Line("Bob took up the Défi".to_owned()))
        );
        let removed = json!({"type": "pawn_removed", "seat": 1, "owner": 0, "row": 2, "col": 4,
            "returned": false, "owner_points": 1});
        assert_eq!(
            event(GameId::YamMaster, &removed, &names),
            Some(Said::Line(
                "Bob used the Yam Predator: Alice's pawn on Suite (row 3, column 5) left the game; Alice now has 1 point"
                    .to_owned()
            ))
        );
        let over =
            json!({"type": "game_over", "reason": "five_in_a_row", "winner": 0, "points": [3, 1]});
        assert_eq!(
            event(GameId::YamMaster, &over, &names),
            Some(Said::Line(
                "Game over, five in a row: Alice wins (Alice 3 points, Bob 1 point)".to_owned()
            ))
        );
        assert_eq!(
            event(GameId::Linotte, &json!({"type": "nope"}), &names),
            None
        );
        let noms = Names(vec!["Alice".into(), "Bob".into()], Language::Fr);
        assert_eq!(
            event(GameId::YamMaster, &defi, &noms),
            Some(Said::Line("Bob a relevé le Défi".to_owned()))
        );
        assert_eq!(
            event(GameId::YamMaster, &over, &noms),
            Some(Said::Line(
                "Partie terminée, cinq pions alignés\u{a0}: Alice gagne (Alice 3 points, Bob 1 point)"
                    .to_owned()
            ))
        );
    }
}
