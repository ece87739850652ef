//! Make Five (Cinq sur Cinq): the inclined board of five columns, every token told apart by
//! its colour, a symbol and its name; the Aligneur opens a token to see where it may go (the
//! top of a column) or passes; the Destructeur drops the drawn token into a column; the roles,
//! the rows' points and the six deals.

use serde_json::Value;
use tapis_games::make_five::{
    Action, COLUMNS, Colour, EndReason, Event, HEIGHT, MIN_SCORING, MakeFiveView, Phase,
    aligneur_of, scoring_places,
};
use tapis_l10n::Language;

use super::legacy::{
    Input, Names, Said, action_groups, capitalize, over_headline, points, scores_panel,
};
use crate::present::table::{
    ActionButton, ActionRef, Board, BoardCell, BoardRow, BoardStyle, Emphasis, Fact, Panel,
    PanelKind, RowKind, Sheet, SheetCell, SheetColumn, SheetRow, Table, Target, Term, Token,
};

/// The colour's name as a CSS class (`red`): not words, see [`colour_name`].
pub fn colour_class(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "red",
        Colour::Green => "green",
        Colour::Blue => "blue",
        Colour::Yellow => "yellow",
        Colour::White => "white",
    }
}

/// The name of a colour, in words.
pub fn colour_name(colour: Colour, lang: Language) -> String {
    lang.t(match colour {
        Colour::Red => "play-make-five-red",
        Colour::Green => "play-make-five-green",
        Colour::Blue => "play-make-five-blue",
        Colour::Yellow => "play-make-five-yellow",
        Colour::White => "play-make-five-white",
    })
}

/// The symbol drawn on a token of this colour, so that colour is never the only cue.
pub fn colour_symbol(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "●",
        Colour::Green => "▲",
        Colour::Blue => "■",
        Colour::Yellow => "★",
        Colour::White => "✚",
    }
}

/// `red ●`: a colour in words, with its symbol.
pub fn colour_words(colour: Colour, lang: Language) -> String {
    lang.t2(
        "play-make-five-colour",
        "name",
        colour_name(colour, lang),
        "symbol",
        colour_symbol(colour),
    )
}

/// A token of `colour`.
fn token(colour: Colour, lang: Language) -> Token {
    Token {
        colour: colour_class(colour).to_owned(),
        symbol: colour_symbol(colour).to_owned(),
        label: lang.t1("play-make-five-token", "colour", colour_name(colour, lang)),
    }
}

fn aligneur_term(lang: Language) -> Term {
    Term::explained(
        lang.t("play-make-five-aligneur"),
        lang.t("play-make-five-aligneur-hint"),
    )
}

fn destructeur_term(lang: Language) -> Term {
    Term::explained(
        lang.t("play-make-five-destructeur"),
        lang.t("play-make-five-destructeur-hint"),
    )
}

/// `column 2, place 1 (bottom)` (both counted from 1).
fn place_words(column: usize, position: usize, lang: Language) -> String {
    if position == 0 {
        lang.t1("play-make-five-place-bottom", "column", column + 1)
    } else {
        lang.t2(
            "play-make-five-place",
            "column",
            column + 1,
            "place",
            position + 1,
        )
    }
}

/// The points the board would score after `action`, as the view computed them.
fn points_after(view: &MakeFiveView, action: &Action) -> Option<u8> {
    view.choices
        .iter()
        .find(|c| c.action == *action)
        .map(|c| c.points)
}

/// `label (then the board scores 8 points)`.
fn with_score(label: String, points_after: Option<u8>, lang: Language) -> String {
    match points_after {
        Some(p) => lang.t2(
            "play-make-five-then-scores",
            "label",
            label,
            "points",
            points(p, lang),
        ),
        None => label,
    }
}

/// The label of an Aligneur's move.
fn move_label(
    colour: Colour,
    from_column: usize,
    from_position: usize,
    to_column: usize,
    after: Option<u8>,
    lang: Language,
) -> String {
    let key = if to_column == from_column {
        "play-make-five-move-top"
    } else {
        "play-make-five-move"
    };
    let label = lang.t_with(
        key,
        &[
            ("colour", colour_words(colour, lang).into()),
            ("from-column", (from_column + 1).into()),
            ("from-place", (from_position + 1).into()),
            ("to-column", (to_column + 1).into()),
        ],
    );
    with_score(label, after, lang)
}

/// The table of a Make Five match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: MakeFiveView = serde_json::from_value(input.view.clone())?;
    let over = view.outcome.is_some() || view.phase == Phase::Over;
    let to_act = match view.phase {
        Phase::Move => Some(view.aligneur),
        Phase::Place => Some(view.destructeur),
        Phase::Draw | Phase::Over => None,
    }
    .filter(|_| !over);
    let my_turn = to_act.is_some_and(|s| input.is_viewer(s)) && !input.legal.is_empty();
    let lang = input.lang();
    let choices = Choices::of(&view, input);
    let mut panels = Vec::new();
    if let Some(colour) = view.hand.filter(|_| !over) {
        panels.push(hand_panel(colour, lang));
    }
    panels.push(board_panel(&view, choices.moves, choices.drops, input));
    if !over {
        panels.push(bag_panel(&view, lang));
    }
    panels.push(deal_facts(&view, input, over));
    panels.push(deals_sheet(&view, input, to_act, over));
    panels.push(scoreboard(&view, input, to_act, over));
    Ok(Table {
        headline: headline(&view, input),
        prompt: my_turn.then(|| prompt(&view, lang)),
        panels,
        actions: action_groups([
            (
                lang.t("play-make-five-or-leave").as_str(),
                choices.pass.into_iter().collect(),
            ),
            (
                lang.t("play-make-five-other-choices").as_str(),
                choices.others,
            ),
        ]),
    })
}

/// The viewer's legal actions, sorted by where they are offered: the Aligneur's moves on the
/// token they take, the Destructeur's drops above their column, passing below the board.
struct Choices {
    /// `moves[column][place]`: the moves of the token there.
    moves: Vec<Vec<Vec<ActionRef>>>,
    drops: Vec<Option<ActionRef>>,
    pass: Option<ActionButton>,
    others: Vec<ActionButton>,
}

impl Choices {
    fn of(view: &MakeFiveView, input: &Input<'_>) -> Choices {
        let mut choices = Choices {
            moves: vec![vec![Vec::new(); HEIGHT]; COLUMNS],
            drops: vec![None; COLUMNS],
            pass: None,
            others: Vec::new(),
        };
        for raw in input.legal {
            match serde_json::from_value::<Action>(raw.clone()) {
                Ok(
                    a @ Action::Move {
                        from_column,
                        from_position,
                        to_column,
                    },
                ) => {
                    let (c, p, to) = (
                        usize::from(from_column),
                        usize::from(from_position),
                        usize::from(to_column),
                    );
                    let colour = view.board.token(c, p);
                    let slot = choices.moves.get_mut(c).and_then(|col| col.get_mut(p));
                    match (colour, slot) {
                        // Picked on the board, then offered above the column it goes to.
                        (Some(colour), Some(slot)) => slot.push(
                            ActionRef::new(
                                raw,
                                move_label(colour, c, p, to, points_after(view, &a), input.lang()),
                            )
                            .to(Target::Column(to)),
                        ),
                        _ => choices.others.push(input.unread_choice(raw)),
                    }
                }
                Ok(a @ Action::Place { column }) => {
                    let c = usize::from(column);
                    let lang = input.lang();
                    let label = match view.hand {
                        Some(colour) => lang.t2(
                            "play-make-five-drop",
                            "colour",
                            colour_words(colour, lang),
                            "column",
                            c + 1,
                        ),
                        None => lang.t1("play-make-five-drop-drawn", "column", c + 1),
                    };
                    let label = with_score(label, points_after(view, &a), lang);
                    match choices.drops.get_mut(c) {
                        Some(slot @ None) => *slot = Some(ActionRef::new(raw, label)),
                        _ => choices.others.push(ActionButton::new(raw, label)),
                    }
                }
                Ok(Action::Pass) => {
                    let lang = input.lang();
                    let pass = lang.t("play-make-five-pass");
                    choices.pass = Some(
                        ActionButton::new(raw, pass.clone())
                            .term(Term::plain(pass))
                            .detail(lang.t1(
                                "play-make-five-pass-detail",
                                "points",
                                points(view.points, lang),
                            ))
                            .emphasis(Emphasis::Quiet),
                    );
                }
                Err(_) => choices.others.push(input.unread_choice(raw)),
            }
        }
        choices
    }
}

/// The deal, and who must do what in it; or the end.
fn headline(view: &MakeFiveView, input: &Input<'_>) -> String {
    let lang = input.lang();
    let deal = lang.t2(
        "play-make-five-deal-of",
        "deal",
        view.deal,
        "deals",
        view.deals,
    );
    let turn = |seat: usize, yours: &str, other: &str, colour: Option<String>| {
        let mut args = vec![("name", input.names.of(seat).into())];
        if let Some(colour) = colour {
            args.push(("colour", colour.into()));
        }
        let key = if input.is_viewer(seat) { yours } else { other };
        lang.t_with(key, &args)
    };
    match (&view.outcome, view.phase) {
        (Some(outcome), _) => over_headline(&outcome.reason, lang),
        (None, Phase::Move) => lang.t2(
            if view.final_move {
                "play-make-five-headline-last"
            } else {
                "play-make-five-headline"
            },
            "deal",
            deal,
            "turn",
            turn(
                view.aligneur,
                "play-make-five-move-turn-yours",
                "play-make-five-move-turn-other",
                None,
            ),
        ),
        (None, Phase::Place) => lang.t2(
            "play-make-five-headline",
            "deal",
            deal,
            "turn",
            turn(
                view.destructeur,
                "play-make-five-place-turn-yours",
                "play-make-five-place-turn-other",
                Some(view.hand.map(|c| colour_words(c, lang)).unwrap_or_default()),
            ),
        ),
        (None, Phase::Draw | Phase::Over) => lang.t1("play-make-five-drawing", "deal", deal),
    }
}

/// A one-row board of square cells.
fn strip(caption: String, cells: Vec<BoardCell>) -> Board {
    Board {
        caption,
        style: BoardStyle::Square,
        column_labels: Vec::new(),
        rows: vec![BoardRow { label: None, cells }],
        column_actions: Vec::new(),
    }
}

/// The token just drawn, waiting to be dropped.
fn hand_panel(colour: Colour, lang: Language) -> Panel {
    let cell = BoardCell {
        text: Some(Term::plain(capitalize(&colour_name(colour, lang)))),
        tokens: vec![token(colour, lang)],
        label: lang.t1(
            "play-make-five-drawn-label",
            "colour",
            colour_words(colour, lang),
        ),
        highlight: true,
        recent: false,
        actions: Vec::new(),
    };
    Panel::new(
        lang.t("play-make-five-drawn-token"),
        "hand",
        PanelKind::Board(strip(
            lang.t1(
                "play-make-five-drawn-caption",
                "colour",
                colour_words(colour, lang),
            ),
            vec![cell],
        )),
    )
}

/// The inclined board, top row first: the scoring tokens highlighted, the Aligneur's moves on
/// the tokens they take and the Destructeur's drops above the columns.
fn board_panel(
    view: &MakeFiveView,
    mut moves: Vec<Vec<Vec<ActionRef>>>,
    drops: Vec<Option<ActionRef>>,
    input: &Input<'_>,
) -> Panel {
    let lang = input.lang();
    let board = view.board.columns();
    // The tokens just dropped or moved (and the places they came from).
    let mut recent = input.recent_places(&["token_placed"], "column", "position");
    recent.extend(input.recent_places(&["token_moved"], "to_column", "to_position"));
    recent.extend(input.recent_places(&["token_moved"], "from_column", "from_position"));
    let rows = (0..HEIGHT)
        .rev()
        .map(|r| {
            let scoring = scoring_places(&view.board.row(r), view.options.require_contiguous);
            let row_points = view.row_points.get(r).copied().unwrap_or(0);
            let cells = (0..COLUMNS)
                .map(|c| {
                    let colour = board.get(c).and_then(|col| col.get(r)).copied().flatten();
                    let actions = moves
                        .get_mut(c)
                        .and_then(|col| col.get_mut(r))
                        .map(std::mem::take)
                        .unwrap_or_default();
                    let mut cell = place_cell(
                        colour,
                        (c, r),
                        scoring.get(c).copied().unwrap_or(false),
                        actions,
                        lang,
                    );
                    cell.recent = recent.contains(&(c as u64, r as u64));
                    cell
                })
                .collect();
            BoardRow {
                label: Some(if row_points > 0 {
                    lang.t2(
                        "play-make-five-row-points",
                        "row",
                        r + 1,
                        "points",
                        row_points,
                    )
                } else {
                    lang.t1("play-make-five-row", "row", r + 1)
                }),
                cells,
            }
        })
        .collect();
    let has_drops = drops.iter().any(Option::is_some);
    Panel::new(
        lang.t("play-make-five-board"),
        "board",
        PanelKind::Board(Board {
            caption: lang.t2(
                "play-make-five-board-caption",
                "min",
                MIN_SCORING,
                "points",
                points(view.points, lang),
            ),
            style: BoardStyle::Inclined,
            column_labels: (1..=COLUMNS).map(|c| c.to_string()).collect(),
            rows,
            column_actions: if has_drops { drops } else { Vec::new() },
        }),
    )
}

/// One place of the board (column, position), with its token if any.
fn place_cell(
    colour: Option<Colour>,
    (column, position): (usize, usize),
    scoring: bool,
    actions: Vec<ActionRef>,
    lang: Language,
) -> BoardCell {
    let place = capitalize(&place_words(column, position, lang));
    match colour {
        Some(colour) => BoardCell {
            text: None,
            tokens: vec![token(colour, lang)],
            label: lang.t2(
                "play-make-five-cell-token",
                "place",
                place,
                "colour",
                colour_words(colour, lang),
            ),
            highlight: scoring,
            recent: false,
            actions,
        },
        None => BoardCell {
            text: None,
            tokens: Vec::new(),
            label: lang.t1("play-make-five-cell-empty", "place", place),
            highlight: false,
            recent: false,
            actions,
        },
    }
}

/// The tokens left in the bag, by colour.
fn bag_panel(view: &MakeFiveView, lang: Language) -> Panel {
    let cells = Colour::ALL
        .iter()
        .map(|colour| {
            let left = view.bag.get(colour.index()).copied().unwrap_or(0);
            BoardCell {
                text: Some(Term::plain(format!("×{left}"))),
                tokens: vec![token(*colour, lang)],
                label: lang.t2(
                    "play-make-five-bag-cell",
                    "colour",
                    colour_words(*colour, lang),
                    "left",
                    left,
                ),
                highlight: false,
                recent: false,
                actions: Vec::new(),
            }
        })
        .collect();
    Panel::new(
        lang.t1("play-make-five-bag", "count", view.bag_total),
        "bag",
        PanelKind::Board(strip(lang.t("play-make-five-bag-caption"), cells)),
    )
}

/// The deal's figures: its number, the roles, what the board scores and the moves left.
fn deal_facts(view: &MakeFiveView, input: &Input<'_>, over: bool) -> Panel {
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
            Term::explained(
                lang.t("play-make-five-board-scores"),
                lang.t("play-make-five-board-scores-hint"),
            ),
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
fn deals_sheet(view: &MakeFiveView, input: &Input<'_>, to_act: Option<usize>, over: bool) -> Panel {
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
        label: Term::explained(
            lang.t("play-make-five-total"),
            lang.t("play-make-five-total-hint"),
        ),
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
fn scoreboard(view: &MakeFiveView, input: &Input<'_>, to_act: Option<usize>, over: bool) -> Panel {
    let lang = input.lang();
    let rows = view.totals.iter().enumerate().map(|(seat, total)| {
        let role = if view.resigned.contains(&seat) {
            Some(Term::plain(lang.t("play-make-five-resigned")))
        } else if over {
            None
        } else if seat == view.aligneur {
            Some(aligneur_term(lang))
        } else {
            Some(destructeur_term(lang))
        };
        input.score_row(seat, total.to_string(), role, to_act == Some(seat))
    });
    scores_panel(
        &lang.t("play-make-five-players"),
        &lang.t("play-make-five-totals"),
        &lang.t("play-make-five-points"),
        rows,
    )
}

/// What the player on turn is asked to do.
fn prompt(view: &MakeFiveView, lang: Language) -> String {
    match view.phase {
        Phase::Move if view.final_move => lang.t("play-make-five-prompt-last"),
        Phase::Move => lang.t("play-make-five-prompt-move"),
        Phase::Place => lang.t1(
            "play-make-five-prompt-place",
            "colour",
            view.hand.map(|c| colour_words(c, lang)).unwrap_or_default(),
        ),
        Phase::Draw | Phase::Over => lang.t("play-make-five-prompt-any"),
    }
}

/// One Make Five event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    let lang = names.lang();
    let place =
        |column: u8, position: u8| place_words(usize::from(column), usize::from(position), lang);
    Some(Said::Line(match event {
        Event::DealStarted {
            deal,
            aligneur,
            destructeur,
        } => lang.t_with(
            "play-make-five-deal-started",
            &[
                ("deal", deal.into()),
                ("aligneur", names.of(aligneur).into()),
                ("destructeur", names.of(destructeur).into()),
            ],
        ),
        Event::TokenDrawn { seat, colour } => lang.t2(
            "play-make-five-drew",
            "name",
            names.of(seat),
            "colour",
            colour_words(colour, lang),
        ),
        Event::TokenPlaced {
            seat,
            colour,
            column,
            position,
            automatic,
        } => {
            if automatic {
                lang.t2(
                    "play-make-five-went",
                    "colour",
                    colour_words(colour, lang),
                    "place",
                    place(column, position),
                )
            } else {
                lang.t_with(
                    "play-make-five-dropped",
                    &[
                        ("name", names.of(seat).into()),
                        ("colour", colour_words(colour, lang).into()),
                        ("place", place(column, position).into()),
                    ],
                )
            }
        }
        Event::TokenMoved {
            seat,
            colour,
            from_column,
            from_position,
            to_column,
            to_position,
        } => lang.t_with(
            "play-make-five-moved",
            &[
                ("name", names.of(seat).into()),
                ("colour", colour_words(colour, lang).into()),
                ("from", place(from_column, from_position).into()),
                ("to", place(to_column, to_position).into()),
            ],
        ),
        Event::Passed { seat } => lang.t1("play-make-five-passed", "name", names.of(seat)),
        Event::DealScored {
            deal,
            seat,
            rows,
            points: scored,
            total,
            ..
        } => {
            if usize::from(scored) == COLUMNS * HEIGHT {
                lang.t2(
                    "play-make-five-make-five",
                    "deal",
                    deal,
                    "name",
                    names.of(seat),
                )
            } else {
                let by_row: Vec<String> = rows.iter().map(ToString::to_string).collect();
                lang.t_with(
                    "play-make-five-scored",
                    &[
                        ("deal", deal.into()),
                        ("points", points(scored, lang).into()),
                        ("name", names.of(seat).into()),
                        ("rows", by_row.join(" + ").into()),
                        ("total", total.into()),
                    ],
                )
            }
        }
        Event::Resigned { seat } => {
            lang.t1("play-make-five-resigned-event", "name", names.of(seat))
        }
        Event::GameOver { reason, winner } => {
            let why = lang.t(match reason {
                EndReason::MakeFive => "play-make-five-why-make-five",
                EndReason::AllDealsPlayed => "play-make-five-why-all-deals",
                EndReason::Resignation => "play-make-five-why-resignation",
            });
            match winner {
                Some(seat) => lang.t2(
                    "play-make-five-over-wins",
                    "why",
                    why,
                    "name",
                    names.of(seat),
                ),
                None => lang.t1("play-make-five-over-draw", "why", why),
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::super::legacy::testing::AsJson;
    use super::*;
    use crate::present::games::legacy::testing::{self, act, names};
    use serde_json::json;
    use tapis_games::{AnyState, GameId};

    fn table_for(state: &AnyState, viewer: Option<usize>) -> Table {
        testing::drawn(table, state, viewer, &names()).0
    }

    fn said(events: &[Value]) -> Vec<String> {
        testing::said(GameId::MakeFive, events, &names())
    }

    fn draw(state: &mut AnyState, colour: Colour) -> Vec<Value> {
        let kind = u8::try_from(colour.index()).unwrap_or(u8::MAX);
        state.chance_json(&[kind]).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Every legal action is offered exactly once, and nothing else.
    fn assert_offers_every_legal_action(state: &AnyState, seat: usize) -> Table {
        let table = table_for(state, Some(seat));
        let legal = state.legal_json(seat);
        testing::assert_offers_exactly(&table, &legal);
        assert!(!legal.is_empty());
        table
    }

    fn board_of<'t>(table: &'t Table, testid: &str) -> &'t Board {
        table
            .panels
            .iter()
            .find_map(|p| match &p.kind {
                PanelKind::Board(board) if p.testid == testid => Some(board),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {testid} panel"))
    }

    /// Deal 1 set up: red, green, blue, yellow and white at the bottom of columns 1 to 5;
    /// Alice (the Aligneur) to move.
    fn dealt() -> (AnyState, Vec<String>) {
        let mut state =
            AnyState::setup(GameId::MakeFive, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
        let mut words = Vec::new();
        for colour in Colour::ALL {
            words.extend(said(&draw(&mut state, colour)));
        }
        (state, words)
    }

    #[test]
    fn the_aligneur_opens_a_token_to_move_it_or_passes() {
        let (state, words) = dealt();
        assert_eq!(words[0], "Bob drew a red ● token");
        assert_eq!(
            words[1],
            "The red ● token went to column 1, place 1 (bottom)"
        );
        let table = assert_offers_every_legal_action(&state, 0);
        assert_eq!(
            table.headline, "Deal 1 of 6 · Your turn as Aligneur: move a token or pass",
            "{}",
            table.headline
        );
        assert!(table.prompt.is_some());
        // Each token opens its four destinations, in words with the score they lead to.
        let board = board_of(&table, "board");
        assert_eq!(board.style, BoardStyle::Inclined);
        assert_eq!(board.rows.len(), 5);
        assert_eq!(board.rows[4].label.as_deref(), Some("Row 1"));
        let red = &board.rows[4].cells[0];
        assert_eq!(red.label, "Column 1, place 1 (bottom): red ● token");
        assert_eq!(red.tokens[0].colour, "red");
        assert_eq!(red.tokens[0].symbol, "●");
        assert_eq!(red.tokens[0].label, "red token");
        let moves: Vec<&str> = red.actions.iter().map(|a| a.label.as_str()).collect();
        assert_eq!(
            moves,
            [
                "Move red ● from column 1, place 1, to column 2 (then the board scores 0 points)",
                "Move red ● from column 1, place 1, to column 3 (then the board scores 0 points)",
                "Move red ● from column 1, place 1, to column 4 (then the board scores 0 points)",
                "Move red ● from column 1, place 1, to column 5 (then the board scores 0 points)",
            ]
        );
        assert_eq!(board.rows[0].cells[0].label, "Column 1, place 5: empty");
        // Every cell and token has words; the Aligneur drops nothing.
        assert!(
            board
                .rows
                .iter()
                .flat_map(|r| &r.cells)
                .all(|c| !c.label.is_empty())
        );
        assert!(board.column_actions.is_empty());
        // The pass is a quiet button.
        let pass = &table.actions[0].buttons[0];
        assert_eq!(pass.emphasis, Emphasis::Quiet);
        assert_eq!(pass.text.text, "Pass");
        assert_eq!(pass.action.json, r#"{"type":"pass"}"#);
        // The roles are explained.
        let PanelKind::Facts(facts) = &table
            .panels
            .iter()
            .find(|p| p.testid == "facts")
            .unwrap_or_else(|| panic!("facts"))
            .kind
        else {
            panic!("facts")
        };
        assert!(
            facts.iter().any(|f| f.label.text == "Aligneur"
                && f.value == "Alice"
                && f.label.hint.is_some())
        );
        // Bob (the Destructeur) sees it all, with nothing to click.
        let theirs = table_for(&state, Some(1));
        assert!(theirs.offered_actions().is_empty());
        assert_eq!(
            theirs.headline,
            "Deal 1 of 6 · Alice's turn as Aligneur: move a token or pass"
        );
    }

    #[test]
    fn the_destructeur_drops_the_drawn_token_into_a_column() {
        let (mut state, _) = dealt();
        assert_eq!(
            said(&act(&mut state, 0, json!({"type": "pass"}))),
            ["Alice passed, leaving the board as it is"]
        );
        draw(&mut state, Colour::Red);
        let table = assert_offers_every_legal_action(&state, 1);
        assert_eq!(
            table.headline,
            "Deal 1 of 6 · Your turn as Destructeur: drop the drawn red ● token"
        );
        let hand = board_of(&table, "hand");
        assert_eq!(hand.rows[0].cells[0].tokens[0].colour, "red");
        assert_eq!(hand.rows[0].cells[0].label, "drawn token: red ●");
        let board = board_of(&table, "board");
        let drops: Vec<&str> = board
            .column_actions
            .iter()
            .map(|a| a.as_ref().map_or("", |a| a.label.as_str()))
            .collect();
        assert_eq!(
            drops[1],
            "Drop red ● into column 2 (then the board scores 0 points)"
        );
        assert_eq!(drops.len(), 5);
        assert!(table.actions.is_empty());
        let bag = board_of(&table, "bag");
        assert_eq!(bag.rows[0].cells[0].label, "red ●: 3 in the bag");

        let dropped = act(&mut state, 1, json!({"type": "place", "column": 0}));
        assert_eq!(
            said(&dropped),
            ["Bob dropped the red ● token into column 1, place 2"]
        );
        // Two reds in column 1: the run is taken by its top token only.
        let table = assert_offers_every_legal_action(&state, 0);
        let board = board_of(&table, "board");
        assert!(board.rows[4].cells[0].actions.is_empty());
        assert_eq!(board.rows[3].cells[0].actions.len(), 4);
        let moved = act(
            &mut state,
            0,
            json!({"type": "move", "from_column": 1, "from_position": 0, "to_column": 0}),
        );
        assert_eq!(
            said(&moved),
            ["Alice moved the green ▲ token from column 2, place 1 (bottom) to column 1, place 3"]
        );
    }

    #[test]
    fn rows_and_deals_are_scored_in_words() {
        let names = names();
        let scored = json!({"type": "deal_scored", "deal": 2, "seat": 1,
            "board": [[null, null, null, null, null], [null, null, null, null, null],
                      [null, null, null, null, null], [null, null, null, null, null],
                      [null, null, null, null, null]],
            "rows": [3, 4, 5, 0, 0], "points": 12, "total": 12});
        assert_eq!(
            event(&scored, &names),
            Some(Said::Line(
                "Deal 2 scored: 12 points for Bob (rows from the bottom: 3 + 4 + 5 + 0 + 0), 12 in all"
                    .to_owned()
            ))
        );
        let started = json!({"type": "deal_started", "deal": 2, "aligneur": 1, "destructeur": 0});
        assert_eq!(
            event(&started, &names),
            Some(Said::Line(
                "Deal 2 begins: Bob is the Aligneur, Alice the Destructeur".to_owned()
            ))
        );
        let noms = Names(names.0.clone(), Language::Fr);
        assert_eq!(
            event(&started, &noms),
            Some(Said::Line(
                "La manche 2 commence\u{a0}: Bob est l’Aligneur, Alice le Destructeur".to_owned()
            ))
        );
        let over = json!({"type": "game_over", "reason": "make_five", "winner": 0});
        assert_eq!(
            event(&over, &names),
            Some(Said::Line("Game over, MAKE 5: Alice wins".to_owned()))
        );
    }

    #[test]
    fn the_six_deals_sheet_names_the_aligneur_of_each() {
        let (state, _) = dealt();
        let table = table_for(&state, None);
        let PanelKind::Sheet(sheet) = &table
            .panels
            .iter()
            .find(|p| p.testid == "sheet")
            .unwrap_or_else(|| panic!("sheet"))
            .kind
        else {
            panic!("sheet")
        };
        assert_eq!(sheet.rows.len(), 7);
        assert_eq!(
            sheet.rows[1].label.hint.as_deref(),
            Some("Bob is the Aligneur, Alice the Destructeur")
        );
        assert_eq!(sheet.rows[0].cells[0].text, "playing");
        assert_eq!(sheet.rows[0].cells[1].text, "—");
        assert_eq!(sheet.rows[6].kind, RowKind::Total);
    }

    #[test]
    fn the_table_reads_in_french() {
        let (mut state, words) = dealt();
        let noms = Names(names().0, Language::Fr);
        let (mine, _) = testing::drawn(table, &state, Some(0), &noms);
        let drawn = format!("{mine:?}");
        assert!(!drawn.contains(tapis_l10n::MISSING), "{drawn}");
        assert!(
            mine.headline
                .starts_with("Manche 1 sur 6 · À vous, en Aligneur")
        );
        assert_eq!(words.len(), 10);
        act(&mut state, 0, json!({"type": "pass"}));
        draw(&mut state, Colour::Blue);
        let (theirs, _) = testing::drawn(table, &state, Some(1), &noms);
        let drawn = format!("{theirs:?}");
        assert!(!drawn.contains(tapis_l10n::MISSING), "{drawn}");
        assert!(
            drawn.contains("Placer le jeton bleu ■ dans la colonne 2"),
            "{drawn}"
        );
    }
}
