//! The deals of Make Five: the deal's figures, the six deals' sheet and the match totals.

use tapis_games::make_five::{MakeFive, MakeFiveView, aligneur_of};

use super::{aligneur_term, destructeur_term};
use crate::present::games::{Input, hinted_term, points, scores_panel};
use crate::present::table::{
    Fact, Panel, PanelKind, RowKind, Sheet, SheetCell, SheetColumn, SheetRow, Term,
};

/// A Make Five match's deals, as its panels show them: whose turn it is, and whether the match
/// is over.
pub(super) struct Deals<'a, 'i> {
    pub view: &'a MakeFiveView,
    pub input: &'a Input<'i, MakeFive>,
    pub to_act: Option<usize>,
    pub over: bool,
}

impl Deals<'_, '_> {
    /// The deal's figures, the six deals' sheet and the match totals.
    pub(super) fn panels(&self) -> [Panel; 3] {
        [self.facts(), self.sheet(), self.scoreboard()]
    }

    /// The deal's figures: its number, the roles, what the board scores and the moves left.
    fn facts(&self) -> Panel {
        let &Deals {
            view, input, over, ..
        } = self;
        let lang = input.lang();
        let mut facts = vec![
            Fact::new(
                Term::plain(lang.t("play-make-five-deal")),
                lang.t2(
                    "play-make-five-deal-value",
                    "deal",
                    view.deal,
                    "deals",
                    view.deals,
                ),
            ),
            Fact::new(aligneur_term(lang), input.names.of(view.aligneur)),
            Fact::new(destructeur_term(lang), input.names.of(view.destructeur)),
        ];
        if !over {
            facts.push(Fact::new(
                hinted_term("play-make-five-board-scores", lang),
                points(view.points, lang),
            ));
            facts.push(Fact::new(
                Term::plain(lang.t("play-make-five-moves-left")),
                lang.number(i64::from(view.aligneur_moves_left)),
            ));
        }
        if view.options.require_contiguous {
            facts.push(Fact::new(
                Term::plain(lang.t("play-make-five-variant")),
                lang.t("play-make-five-variant-contiguous"),
            ));
        }
        Panel::new(
            lang.t("play-make-five-the-deal"),
            "facts",
            PanelKind::Facts(facts),
        )
    }

    /// The six deals: each seat scores in the deals where it is the Aligneur.
    fn sheet(&self) -> Panel {
        let &Deals {
            view,
            input,
            to_act,
            over,
        } = self;
        let lang = input.lang();
        let seats = view.totals.len();
        let mut rows: Vec<SheetRow> = (1..=view.deals)
            .map(|deal| {
                let aligneur = aligneur_of(deal);
                let scored = view
                    .deal_points
                    .get(usize::from(deal) - 1)
                    .copied()
                    .flatten();
                SheetRow {
                    label: Term::explained(
                        lang.t1("play-make-five-deal-row", "deal", deal),
                        lang.t2(
                            "play-make-five-roles",
                            "aligneur",
                            input.names.of(aligneur),
                            "destructeur",
                            input.names.of(1 - aligneur.min(1)),
                        ),
                    ),
                    kind: RowKind::Box,
                    cells: (0..seats)
                        .map(|seat| {
                            if seat != aligneur {
                                SheetCell::note("—")
                            } else if let Some(p) = scored {
                                SheetCell::scored(p)
                            } else if deal == view.deal && !over {
                                SheetCell::note(lang.t("play-make-five-playing"))
                            } else {
                                SheetCell::default()
                            }
                        })
                        .collect(),
                }
            })
            .collect();
        rows.push(SheetRow {
            label: hinted_term("play-make-five-total", lang),
            kind: RowKind::Total,
            cells: view
                .totals
                .iter()
                .map(|t| SheetCell::filled(t.to_string()))
                .collect(),
        });
        Panel::new(
            lang.t("play-make-five-six-deals"),
            "sheet",
            PanelKind::Sheet(Sheet {
                caption: lang.t("play-make-five-sheet-caption"),
                columns: (0..seats)
                    .map(|seat| SheetColumn {
                        name: input.names.of(seat),
                        current: to_act == Some(seat),
                        yours: input.is_viewer(seat),
                    })
                    .collect(),
                rows,
            }),
        )
    }

    /// Every player's match total and role.
    fn scoreboard(&self) -> Panel {
        let &Deals { view, input, .. } = self;
        let lang = input.lang();
        let rows = view.totals.iter().enumerate().map(|(seat, total)| {
            let role = if view.resigned.contains(&seat) {
                Some(Term::plain(lang.t("play-make-five-resigned")))
            } else if self.over {
                None
            } else if seat == view.aligneur {
                Some(aligneur_term(lang))
            } else {
                Some(destructeur_term(lang))
            };
            input.score_row(seat, total.to_string(), role, self.to_act == Some(seat))
        });
        scores_panel(
            &lang.t("play-make-five-players"),
            &lang.t("play-make-five-totals"),
            &lang.t("play-make-five-points"),
            rows,
        )
    }
}
