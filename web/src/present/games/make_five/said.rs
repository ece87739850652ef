//! Make Five's events and actions in words: each event is said by the message
//! `play-make-five-event-<type>`, given its fields.

use tapis_games::make_five::{Action, Colour, Event, MakeFive};
use tapis_l10n::Language;

use super::{colour_words, place_words};
use crate::present::games::{Names, Said, Say, points};

/// One Make Five event in words.
pub(super) fn event(event: &Event, names: &Names) -> Said {
    let lang = names.lang();
    let say = |kind: &str| Say::event::<MakeFive>(names, kind);
    let place = |column: u8, position: u8| place_words(column.into(), position.into(), lang);
    // A token of `colour` drawn, placed or moved by `seat`.
    let token = |kind: &str, seat: usize, colour: Colour| {
        say(kind)
            .seat("name", seat)
            .arg("colour", colour_words(colour, lang))
    };
    match event {
        Event::DealStarted {
            deal,
            aligneur,
            destructeur,
        } => say("deal_started")
            .arg("deal", *deal)
            .seat("aligneur", *aligneur)
            .seat("destructeur", *destructeur)
            .said(),
        Event::TokenDrawn { seat, colour } => token("token_drawn", *seat, *colour).said(),
        Event::TokenPlaced {
            seat,
            colour,
            column,
            position,
            automatic,
        } => token("token_placed", *seat, *colour)
            .flag("automatic", *automatic)
            .arg("place", place(*column, *position))
            .said(),
        Event::TokenMoved {
            seat,
            colour,
            from_column,
            from_position,
            to_column,
            to_position,
        } => token("token_moved", *seat, *colour)
            .arg("from", place(*from_column, *from_position))
            .arg("to", place(*to_column, *to_position))
            .said(),
        Event::Passed { seat } => say("passed").seat("name", *seat).said(),
        Event::DealScored {
            deal,
            seat,
            board,
            rows,
            points: scored,
            total,
        } => say("deal_scored")
            // MAKE 5: every row of a single colour.
            .flag("make_five", board.is_make_five())
            .arg("deal", *deal)
            .seat("name", *seat)
            .arg("points", points(*scored, lang))
            .arg("rows", rows_joined(rows))
            .arg("total", *total)
            .said(),
        Event::Resigned { seat } => say("resigned").seat("name", *seat).said(),
        Event::GameOver { reason, winner } => say("game_over")
            .arg("reason", reason.as_str())
            .winner(*winner)
            .said(),
    }
}

/// The rows' points, from the bottom: `3 + 4 + 5 + 0 + 0`.
fn rows_joined(rows: &[u8]) -> String {
    rows.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// One Make Five action in words: `drops the drawn token into column 2`.
pub(super) fn action(action: &Action, lang: Language) -> String {
    match *action {
        Action::Move {
            from_column,
            from_position,
            to_column,
        } => lang.t2(
            "play-make-five-action-move",
            "from",
            place_words(from_column.into(), from_position.into(), lang),
            "to",
            usize::from(to_column) + 1,
        ),
        Action::Pass => lang.t("play-make-five-action-pass"),
        Action::Place { column } => lang.t1(
            "play-make-five-action-place",
            "column",
            usize::from(column) + 1,
        ),
    }
}
