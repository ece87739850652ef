//! Can't Stop's events in words: each event is said by the message
//! `play-cant-stop-event-<type>`, given its fields.

use tapis_games::cant_stop::{CantStop, Event, HEIGHTS, index_of};

use crate::present::games::{Names, Said, Say, faces};
use crate::present::join_names;

/// One Can't Stop event in words.
pub(super) fn event(event: &Event, names: &Names) -> Said {
    let say = |kind: &str| Say::event::<CantStop>(names, kind);
    // A runner or a marker of `seat` moved up `column`, of which `height` is the top.
    let moved = |kind: &str, seat: usize, column: u8, from: u8, to: u8| {
        say(kind)
            .seat("name", seat)
            .arg("column", column)
            .arg("from", from)
            .arg("to", to)
            .arg("height", height_of(column))
    };
    match event {
        Event::StartThrown { seat, dice, total } => say("start_thrown")
            .seat("name", *seat)
            .arg("dice", faces(*dice))
            .arg("total", *total)
            .said(),
        Event::StartTied { seats, total } => say("start_tied")
            .arg("names", names.list(seats))
            .arg("total", *total)
            .said(),
        Event::FirstPlayer { seat } => say("first_player").seat("name", *seat).said(),
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceThrown { seat, dice } => say("dice_thrown")
            .seat("name", *seat)
            .arg("dice", faces(*dice))
            .said(),
        Event::RunnerMoved {
            seat,
            column,
            from,
            to,
            steps,
        } => moved("runner_moved", *seat, *column, *from, *to)
            .arg("steps", *steps)
            .said(),
        Event::RolledAgain { seat } => say("rolled_again").seat("name", *seat).said(),
        Event::Bust { seat, runners } => {
            let lost: Vec<String> = runners
                .as_slice()
                .iter()
                .map(|r| r.column.to_string())
                .collect();
            say("bust")
                .seat("name", *seat)
                .arg("count", lost.len())
                .arg("columns", join_names(&lost, names.lang()))
                .said()
        }
        // Said by the markers' moves that follow.
        Event::Stopped { .. } => Said::Nothing,
        Event::PieceMoved {
            seat,
            column,
            from,
            to,
        } => moved("piece_moved", *seat, *column, *from, *to).said(),
        Event::ColumnWon {
            seat,
            column,
            removed,
        } => say("column_won")
            .seat("name", *seat)
            .arg("column", *column)
            .arg("count", removed.len())
            .arg("owners", names.list(removed))
            .said(),
        Event::Resigned { seat } => say("resigned").seat("name", *seat).said(),
        Event::GameOver { winner, reason } => say("game_over")
            .arg("reason", reason.as_str())
            .winner(*winner)
            .said(),
    }
}

/// The height of column `label` (0 for a column that does not exist).
fn height_of(label: u8) -> u8 {
    index_of(label)
        .and_then(|i| HEIGHTS.get(i))
        .copied()
        .unwrap_or(0)
}
