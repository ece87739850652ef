//! Yams: the five dice (tick the ones to keep, throw the others) and the score sheet, whose
//! empty boxes in the player's column are the buttons that write the dice in them.

use serde_json::json;
use tapis_games::yams::{
    Action, BonusRule, BoxId, BrelanValue, EndReason, Event, GridView, Options, View, Yams,
};

use tapis_l10n::Language;

use super::{
    Input, Names, Presenter, Said, Say, dice_caption, faces, hinted_term, nth, over_headline,
    scores_panel, throw_words,
};
use crate::present::ordinal;
use crate::present::table::{
    ActionRef, CellState, Compose, DicePanel, Die, DieState, PICKED, Panel, PanelKind, RowKind,
    Sheet, SheetCell, SheetColumn, SheetRow, Table, Term,
};

/// The explanation of a box, under its French name.
pub fn box_hint(which: BoxId, options: &Options, lang: Language) -> String {
    let key = match which {
        BoxId::Un => "play-yams-hint-un",
        BoxId::Deux => "play-yams-hint-deux",
        BoxId::Trois => "play-yams-hint-trois",
        BoxId::Quatre => "play-yams-hint-quatre",
        BoxId::Cinq => "play-yams-hint-cinq",
        BoxId::Six => "play-yams-hint-six",
        BoxId::DoublePaire => "play-yams-hint-double-paire",
        BoxId::Brelan => match options.brelan_value {
            BrelanValue::Fixed10 => "play-yams-hint-brelan-fixed",
            BrelanValue::SumOfThree => "play-yams-hint-brelan-three",
            BrelanValue::SumOfDice => "play-yams-hint-brelan-five",
        },
        BoxId::Suite => "play-yams-hint-suite",
        BoxId::PetiteSuite => "play-yams-hint-petite-suite",
        BoxId::GrandeSuite => "play-yams-hint-grande-suite",
        BoxId::Full if options.yams_counts_as_full => "play-yams-hint-full-yams",
        BoxId::Full => "play-yams-hint-full",
        BoxId::Carre => "play-yams-hint-carre",
        BoxId::Yams => "play-yams-hint-yams",
        BoxId::Chance => "play-yams-hint-chance",
        BoxId::Maxi => "play-yams-hint-maxi",
        BoxId::Mini => "play-yams-hint-mini",
    };
    lang.t(key)
}

/// The bonus rule in words.
fn bonus_hint(options: &Options, lang: Language) -> String {
    lang.t(match options.bonus_rule {
        BonusRule::SeedDiffPlus30 if options.bonus_strict => "play-yams-bonus-strict",
        BonusRule::SeedDiffPlus30 => "play-yams-bonus-63",
        BonusRule::Flat35At63 => "play-yams-bonus-flat",
        BonusRule::DiffPlus30At60 => "play-yams-bonus-60",
    })
}

/// The box and grid a box is written as in words: `Full`, `Full of grid 2`.
fn box_name(which: BoxId, grid: u8, grids: u8, lang: Language) -> String {
    if grids > 1 {
        lang.t2(
            "play-yams-box-of-grid",
            "box",
            which.name(),
            "grid",
            grid + 1,
        )
    } else {
        which.name().to_owned()
    }
}

/// The label of the button that writes the dice in a box.
fn score_label(which: BoxId, grid: u8, grids: u8, would: Option<u8>, lang: Language) -> String {
    let name = box_name(which, grid, grids, lang);
    match would {
        Some(0) => lang.t1("play-yams-scratch", "box", name),
        Some(n) => lang.t2("play-yams-score-in", "points", n, "box", name),
        None => lang.t1("play-yams-write-in", "box", name),
    }
}

/// The box of a move or an event, the grid named when it is not the first: `Full`, `Full of
/// grid 2`.
fn box_of(which: BoxId, grid: u8, lang: Language) -> String {
    box_name(which, grid, if grid > 0 { grid + 1 } else { 1 }, lang)
}

impl Presenter for Yams {
    const MESSAGES: &'static str = "play-yams";

    /// The table of a Yams match.
    fn table(input: &Input<'_, Yams>) -> Table {
        let view = input.view;
        let seat = view.current_seat;
        let mut rerolls = false;
        let mut scores: Vec<(u8, BoxId, &Action)> = Vec::new();
        for &action in &input.legal {
            match action {
                Action::Reroll { .. } => rerolls = true,
                Action::Score { grid, r#box } => scores.push((*grid, *r#box, action)),
            }
        }
        let my_turn = input.my_turn(seat);
        let mut panels = Vec::new();
        if view.outcome.is_none() {
            panels.push(dice_panel(view, my_turn && rerolls, input.lang()));
        }
        let sheet = SheetOf {
            view,
            input,
            order: seat_order(view, input),
            scores,
        };
        panels.push(sheet.panel(my_turn));
        if view.players.len() > 1 || view.outcome.is_some() {
            panels.push(grand_totals(view, input));
        }
        Table {
            headline: headline(view, input),
            prompt: my_turn.then(|| prompt(rerolls, input.lang())),
            panels,
            actions: Vec::new(),
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        event_said(event, names)
    }

    fn action(action: &Action, names: &Names) -> String {
        let lang = names.lang();
        match action {
            Action::Reroll { keep } => lang.t2(
                "play-yams-action-reroll",
                "count",
                keep.len(),
                "dice",
                faces(keep.as_slice().iter().copied()),
            ),
            Action::Score { grid, r#box } => {
                lang.t1("play-yams-action-score", "box", box_of(*r#box, *grid, lang))
            }
        }
    }

    super::scored_by!(Event::Scored);

    super::turn_starts_with!(Event::TurnStarted);
}

/// The round, whose turn and which throw; or the end.
fn headline(view: &View, input: &Input<'_, Yams>) -> String {
    match (&view.outcome, view.current_seat) {
        (Some(outcome), _) => over_headline(&outcome.reason, input.lang()),
        (None, Some(seat)) => {
            let lang = input.lang();
            let throw = throw_words(Yams::MESSAGES, view.throws, lang);
            let mut args = vec![
                ("round", view.round.into()),
                ("rounds", view.rounds.into()),
                ("throw", throw.into()),
            ];
            if input.is_viewer(seat) {
                lang.t_with("play-yams-headline-yours", &args)
            } else {
                args.push(("name", input.names.of(seat).into()));
                lang.t_with("play-yams-headline-other", &args)
            }
        }
        (None, None) => String::new(),
    }
}

/// The five dice; `pickable` when the viewer may tick the ones to keep and throw the others.
fn dice_panel(view: &View, pickable: bool, lang: Language) -> Panel {
    let mut dice: Vec<Die> = view
        .dice
        .as_slice()
        .iter()
        .map(|&face| {
            if view.throw_pending && !pickable {
                Die::new(face, DieState::Kept)
            } else {
                Die::thrown(face, pickable)
            }
        })
        .collect();
    while dice.len() < 5 {
        dice.push(Die::new(0, DieState::Waiting));
    }
    let keep = pickable.then(|| {
        Compose::new(
            &json!({"type": "reroll", "keep": PICKED}),
            lang.t("match-keep"),
            lang.t("match-throw-others-again"),
        )
        .hint(lang.t("play-yams-keep-hint"))
    });
    let panel = DicePanel::new(dice)
        .caption(dice_caption(
            Yams::MESSAGES,
            view.throws,
            view.throws_left,
            lang,
        ))
        .compose(keep);
    Panel::new(lang.t("play-yams-dice"), "dice", PanelKind::Dice(panel))
}

/// The seats in the order of the sheet's columns: the viewer's first, then the others.
fn seat_order(view: &View, input: &Input<'_, Yams>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..view.players.len()).collect();
    if let Some(me) = input.viewer {
        order.sort_by_key(|s| *s != me);
    }
    order
}

/// The score sheet being drawn: a column per grid of each seat, in `order`.
struct SheetOf<'a> {
    view: &'a View,
    input: &'a Input<'a, Yams>,
    order: Vec<usize>,
    /// The viewer's legal `score` actions: (grid, box, action).
    scores: Vec<(u8, BoxId, &'a Action)>,
}

impl SheetOf<'_> {
    /// The sheet: the upper boxes, their total and bonus, the lower boxes, their total, and
    /// the grand total; the viewer's empty boxes are the buttons that score in them.
    fn panel(&self, my_turn: bool) -> Panel {
        let view = self.view;
        let options = &view.options;
        let lang = self.input.lang();
        let boxes: Vec<BoxId> = view
            .players
            .first()
            .and_then(|p| p.grids.first())
            .map(|g| g.boxes.iter().map(|b| b.r#box).collect())
            .unwrap_or_default();
        let mut rows: Vec<SheetRow> = boxes
            .iter()
            .filter(|b| b.is_upper())
            .map(|b| self.box_row(*b))
            .collect();
        rows.push(self.totals_row(
            hinted_term("play-yams-upper-total", lang),
            RowKind::Subtotal,
            |g| g.totals.upper.to_string(),
        ));
        let threshold = view.bonus_threshold;
        let over = view.outcome.is_some();
        rows.push(self.totals_row(
            Term::explained(lang.t("play-yams-bonus"), bonus_hint(options, lang)),
            RowKind::Subtotal,
            |g| {
                if g.totals.bonus > 0 {
                    g.totals.bonus.to_string()
                } else if g.upper_complete || over {
                    "0".to_owned()
                } else {
                    lang.t1(
                        "play-yams-needs",
                        "points",
                        threshold.saturating_sub(g.totals.upper),
                    )
                }
            },
        ));
        rows.extend(
            boxes
                .iter()
                .filter(|b| !b.is_upper())
                .map(|b| self.box_row(*b)),
        );
        rows.push(self.totals_row(
            hinted_term("play-yams-lower-total", lang),
            RowKind::Subtotal,
            |g| g.totals.lower.to_string(),
        ));
        rows.push(
            self.totals_row(hinted_term("play-yams-total", lang), RowKind::Total, |g| {
                g.totals.total.to_string()
            }),
        );
        Panel::new(
            lang.t("play-yams-sheet"),
            "sheet",
            PanelKind::Sheet(Sheet {
                caption: if my_turn {
                    lang.t("play-yams-sheet-caption-turn")
                } else {
                    lang.t("play-yams-sheet")
                },
                columns: self.columns(),
                rows,
            }),
        )
    }

    fn grids(&self) -> u8 {
        self.view.options.grids.max(1)
    }

    /// A column per grid of each seat: `Alice`, or `Alice · grid 2`.
    fn columns(&self) -> Vec<SheetColumn> {
        let grids = self.grids();
        let mut columns = Vec::new();
        for &s in &self.order {
            for g in 0..grids {
                let name = self.input.names.of(s);
                columns.push(SheetColumn {
                    name: if grids > 1 {
                        self.input
                            .lang()
                            .t2("play-yams-column-grid", "name", name, "grid", g + 1)
                    } else {
                        name
                    },
                    current: self.view.current_seat == Some(s) && self.view.outcome.is_none(),
                    yours: self.input.is_viewer(s),
                });
            }
        }
        columns
    }

    /// The row of one box: what each grid scored in it, or for the viewer the button that
    /// writes the dice there with what they would score.
    fn box_row(&self, which: BoxId) -> SheetRow {
        let grids = self.grids();
        let mut cells = Vec::new();
        for &s in &self.order {
            let Some(player) = self.view.players.get(s) else {
                continue;
            };
            for (g, grid) in (0u8..).zip(&player.grids) {
                let cell = grid.boxes.iter().find(|b| b.r#box == which);
                let legal = self
                    .scores
                    .iter()
                    .find(|(lg, lb, _)| *lg == g && *lb == which)
                    .filter(|_| self.input.is_viewer(s));
                cells.push(match (cell.and_then(|c| c.points), legal) {
                    (Some(points), _) => SheetCell {
                        // The box another player just filled.
                        recent: self.input.recent.iter().any(|e| {
                            matches!(e, Event::Scored { seat, grid, r#box, .. }
                                if *seat == s && *grid == g && *r#box == which)
                        }),
                        ..SheetCell::scored(points)
                    },
                    (None, Some((_, _, raw))) => {
                        let would = cell.and_then(|c| c.would_score);
                        SheetCell {
                            text: would.map_or_else(String::new, |w| w.to_string()),
                            state: CellState::Preview,
                            action: Some(ActionRef::new(
                                raw,
                                score_label(which, g, grids, would, self.input.lang()),
                            )),
                            recent: false,
                        }
                    }
                    (None, None) => SheetCell::default(),
                });
            }
        }
        SheetRow {
            label: Term::explained(
                which.name(),
                box_hint(which, &self.view.options, self.input.lang()),
            ),
            kind: RowKind::Box,
            cells,
        }
    }

    /// A computed row: `pick` of each grid.
    fn totals_row(
        &self,
        label: Term,
        kind: RowKind,
        pick: impl Fn(&GridView) -> String,
    ) -> SheetRow {
        let cells = self
            .order
            .iter()
            .filter_map(|s| self.view.players.get(*s))
            .flat_map(|player| &player.grids)
            .map(|grid| SheetCell::filled(pick(grid)))
            .collect();
        SheetRow { label, kind, cells }
    }
}

/// Every player's grand total and boxes left.
fn grand_totals(view: &View, input: &Input<'_, Yams>) -> Panel {
    let lang = input.lang();
    let rows = view.players.iter().map(|p| {
        let detail = if p.resigned {
            Term::plain(lang.t("play-yams-resigned"))
        } else {
            Term::plain(lang.t1("play-yams-boxes-left", "count", p.boxes_left))
        };
        input.score_row(
            p.seat,
            p.grand_total.to_string(),
            Some(detail),
            view.current_seat == Some(p.seat) && view.outcome.is_none(),
        )
    });
    scores_panel(
        &lang.t("play-yams-totals"),
        &lang.t("play-yams-grand-totals"),
        &lang.t("play-yams-points"),
        rows,
    )
}

/// What the player on turn is asked to do.
fn prompt(rerolls: bool, lang: Language) -> String {
    if rerolls {
        lang.t("play-yams-prompt-reroll")
    } else {
        lang.t("play-yams-prompt-score")
    }
}

/// One Yams event in words.
fn event_said(event: &Event, names: &Names) -> Said {
    let lang = names.lang();
    let say = |kind: &str| Say::event::<Yams>(names, kind);
    match event {
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceKept { seat, kept } => say("dice_kept")
            .seat("name", *seat)
            .arg("count", kept.len())
            .arg("dice", faces(kept.as_slice().iter().copied()))
            .said(),
        Event::DiceThrown {
            seat,
            throw,
            thrown,
            dice,
        } => say("dice_thrown")
            .seat("name", *seat)
            .arg("dice", faces(thrown.as_slice().iter().copied()))
            .flag("again", *throw > 1 && thrown.len() != dice.len())
            .arg("nth", nth(*throw, lang))
            .arg("all", faces(dice.as_slice().iter().copied()))
            .said(),
        Event::Scored {
            seat,
            grid,
            r#box,
            points,
            ..
        } => say("scored")
            .seat("name", *seat)
            .arg("points", *points)
            .arg("box", box_of(*r#box, *grid, lang))
            .said(),
        Event::UpperCompleted {
            seat, upper, bonus, ..
        } => say("upper_completed")
            .seat("name", *seat)
            .arg("upper", *upper)
            .arg("bonus", *bonus)
            .said(),
        Event::GridCompleted { seat, totals, .. } => say("grid_completed")
            .seat("name", *seat)
            .arg("total", totals.total)
            .said(),
        Event::Resigned { seat } => say("resigned").seat("name", *seat).said(),
        Event::GameOver { reason, ranking } => {
            let places: Vec<String> = ranking
                .iter()
                .map(|p| {
                    lang.t_with(
                        "play-yams-event-game-over-place",
                        &[
                            ("rank", ordinal(p.rank, lang).into()),
                            ("name", names.of(p.seat).into()),
                            ("score", p.score.into()),
                        ],
                    )
                })
                .collect();
            let reason = match reason {
                EndReason::GridsFilled => "grids-filled",
                EndReason::Resignation => "resignation",
            };
            say("game_over")
                .arg("reason", reason)
                .arg("places", places.join(", "))
                .said()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, names};
    use serde_json::json;
    use tapis_games::{AnyAction, AnyState, GameId};

    /// A two-player match after Alice's first throw of 3 3 5 1 6.
    fn thrown() -> AnyState {
        let mut state =
            AnyState::setup(GameId::Yams, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        testing::chance(&mut state, &[3, 3, 5, 1, 6]);
        state
    }

    #[test]
    fn the_player_on_turn_gets_tickable_dice_and_clickable_boxes() {
        let state = thrown();
        let (table, _) = testing::drawn::<Yams>(&state, Some(0), &names());
        assert!(
            table.headline.contains("Round 1 of 12"),
            "{}",
            table.headline
        );
        assert!(table.headline.contains("your turn, first throw of 3"));
        let PanelKind::Dice(dice) = &table.panels[0].kind else {
            panic!("dice first")
        };
        let shown: Vec<u8> = dice.dice.iter().map(|d| d.face).collect();
        assert_eq!(shown, [1, 3, 3, 5, 6]);
        assert!(dice.dice.iter().all(|d| d.pick.is_some()));
        let compose = dice.compose.as_ref().unwrap_or_else(|| panic!("compose"));
        assert_eq!(compose.template, r#"{"keep":"$picked","type":"reroll"}"#);
        // Every box of Alice's column is a button; the Chance box would score 18.
        let offered = table.offered_actions();
        assert_eq!(offered.len(), 12);
        assert!(offered.iter().any(|a| a.label == "Score 18 in Chance"));
        assert!(offered.iter().any(|a| a.label == "Scratch Yams: score 0"));
        assert!(
            offered
                .iter()
                .any(|a| a.json == r#"{"box":"chance","grid":0,"type":"score"}"#)
        );
        // French box names are explained.
        let PanelKind::Sheet(sheet) = &table.panels[1].kind else {
            panic!("sheet second")
        };
        let carre = sheet.rows.iter().find(|r| r.label.text == "Carré");
        assert_eq!(
            carre.and_then(|r| r.label.hint.clone()).as_deref(),
            Some("four of a kind: 40 points")
        );
        assert_eq!(sheet.columns[0].name, "Alice");
        assert!(sheet.columns[0].current && sheet.columns[0].yours);
    }

    #[test]
    fn others_see_the_dice_but_cannot_play() {
        let state = thrown();
        let (table, _) = testing::drawn::<Yams>(&state, Some(1), &names());
        assert!(table.offered_actions().is_empty());
        assert!(table.prompt.is_none());
        assert!(table.headline.contains("Alice's turn"));
        // Bob's own column comes first.
        let PanelKind::Sheet(sheet) = &table.panels[1].kind else {
            panic!("sheet second")
        };
        assert_eq!(sheet.columns[0].name, "Bob");
    }

    #[test]
    fn the_box_another_player_just_filled_is_marked() {
        let mut state = thrown();
        let scored = testing::act(&mut state, 0, json!({"type": "score", "box": "chance"}));
        let (table, _) = testing::drawn_after::<Yams>(&state, Some(1), &names(), &scored);
        let PanelKind::Sheet(sheet) = &table.panels[1].kind else {
            panic!("sheet second")
        };
        let chance = sheet.rows.iter().find(|r| r.label.text == "Chance");
        let marked: Vec<bool> = chance
            .map(|r| r.cells.iter().map(|c| c.recent).collect())
            .unwrap_or_default();
        // Bob's column first, then Alice's, whose Chance was just filled.
        assert_eq!(marked, [false, true]);
        let PanelKind::Scores(totals) = &table.panels[2].kind else {
            panic!("totals third")
        };
        let recent: Vec<bool> = totals.rows.iter().map(|r| r.recent).collect();
        assert_eq!(recent, [true, false]);
    }

    #[test]
    fn events_read_as_sentences() {
        let names = names();
        let mut state = thrown();
        let kept = testing::act(&mut state, 0, json!({"type": "reroll", "keep": [3, 3]}));
        let thrown = testing::chance(&mut state, &[3, 2, 6]);
        let scored = testing::act(&mut state, 0, json!({"type": "score", "box": "brelan"}));
        let events: Vec<_> = kept.into_iter().chain(thrown).chain(scored).collect();
        assert_eq!(
            testing::said(&events, &names),
            [
                "Alice kept 3 3",
                "Alice threw 2 3 6 (second throw: 2 3 3 3 6)",
                "Alice scored 10 in Brelan",
            ]
        );
        let over = testing::event::<Yams>(
            json!({"type": "game_over", "reason": "grids_filled", "ranking": [
            {"seat": 1, "rank": 1, "score": 250}, {"seat": 0, "rank": 2, "score": 200}]}),
        );
        assert_eq!(
            testing::line::<Yams>(&over, &names).as_deref(),
            Some("Game over, every grid is full: 1st Bob (250), 2nd Alice (200)")
        );
        let first = testing::event::<Yams>(
            json!({"type": "dice_thrown", "seat": 1, "throw": 1, "thrown": [1, 3, 3, 5, 6], "dice": [1, 3, 3, 5, 6]}),
        );
        assert_eq!(
            testing::line::<Yams>(&first, &names).as_deref(),
            Some("Bob threw 1 3 3 5 6")
        );
        let scratched = testing::event::<Yams>(
            json!({"type": "scored", "seat": 0, "grid": 0, "box": "yams", "points": 0,
                "dice": [1, 2, 3, 4, 6]}),
        );
        assert_eq!(
            testing::line::<Yams>(&scratched, &names).as_deref(),
            Some("Alice scratched Yams (0)")
        );
    }

    #[test]
    fn actions_read_as_what_the_player_did() {
        let names = names();
        let started =
            testing::event::<Yams>(json!({"type": "turn_started", "seat": 0, "round": 1}));
        assert_eq!(Yams::event(&started, &names), Said::Nothing);
        let state = thrown();
        let legal = state.legal_actions(0);
        let reroll = legal
            .iter()
            .find(|a| matches!(a, AnyAction::Yams(Action::Reroll { keep }) if keep.len() == 2));
        let full = legal.iter().find(|a| {
            matches!(
                a,
                AnyAction::Yams(Action::Score {
                    r#box: BoxId::Full,
                    ..
                })
            )
        });
        let words: Vec<String> = [reroll, full]
            .into_iter()
            .flatten()
            .map(|a| super::super::action_words(a, &names))
            .collect();
        assert_eq!(
            words,
            [
                "keeps 1 3 and throws the others again",
                "writes the dice in Full"
            ]
        );
    }
}
