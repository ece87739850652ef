//! The boards of Make Five: the inclined board of five columns, the token just drawn, and the
//! tokens left in the bag.

use tapis_games::make_five::{
    COLUMNS, Colour, Event, HEIGHT, MIN_SCORING, MakeFive, MakeFiveView, scoring_places,
};
use tapis_l10n::Language;

use super::{colour_name, colour_words, place_words, token};
use crate::present::games::{Input, capitalize, points};
use crate::present::table::{
    ActionRef, Board, BoardCell, BoardRow, BoardStyle, Panel, PanelKind, Term,
};

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
pub(super) fn hand_panel(colour: Colour, lang: Language) -> Panel {
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
pub(super) fn board_panel(
    view: &MakeFiveView,
    mut moves: Vec<Vec<Vec<ActionRef>>>,
    drops: Vec<Option<ActionRef>>,
    input: &Input<'_, MakeFive>,
) -> Panel {
    let lang = input.lang();
    let recent = recent_places(input);
    let rows = (0..HEIGHT)
        .rev()
        .map(|r| {
            let actions = moves
                .iter_mut()
                .map(|col| col.get_mut(r).map(std::mem::take).unwrap_or_default())
                .collect();
            board_row(view, r, actions, &recent, lang)
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

/// The places (column, position) a move the viewer has not seen yet changed: the tokens just
/// dropped or moved, and the places they were moved from.
fn recent_places(input: &Input<'_, MakeFive>) -> Vec<(u8, u8)> {
    let mut places = Vec::new();
    for event in &input.recent {
        match **event {
            Event::TokenPlaced {
                column, position, ..
            } => places.push((column, position)),
            Event::TokenMoved {
                from_column,
                from_position,
                to_column,
                to_position,
                ..
            } => places.extend([(to_column, to_position), (from_column, from_position)]),
            _ => {}
        }
    }
    places
}

/// Row `r` of the board (0 = the bottom), with the moves of each of its tokens
/// (`actions[column]`) and its points.
fn board_row(
    view: &MakeFiveView,
    r: usize,
    actions: Vec<Vec<ActionRef>>,
    recent: &[(u8, u8)],
    lang: Language,
) -> BoardRow {
    let scoring = scoring_places(&view.board.row(r), view.options.require_contiguous);
    let row_points = view.row_points.get(r).copied().unwrap_or(0);
    let cells = actions
        .into_iter()
        .enumerate()
        .map(|(c, actions)| {
            let mut cell = place_cell(
                view.board.token(c, r),
                (c, r),
                scoring.get(c).copied().unwrap_or(false),
                actions,
                lang,
            );
            cell.recent = recent
                .iter()
                .any(|&(rc, rp)| usize::from(rc) == c && usize::from(rp) == r);
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
pub(super) fn bag_panel(view: &MakeFiveView, lang: Language) -> Panel {
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
