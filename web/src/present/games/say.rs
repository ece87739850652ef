//! An event in words: the message named after the game and the event's type, given the
//! event's fields.

use tapis_l10n::Value;

use super::{Names, Presenter};

/// A presenter's reading of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A line of the turn log.
    Line(Line),
    /// Nothing worth a line (said by another event already).
    Nothing,
}

impl Said {
    /// The words, if there are any.
    pub fn text(self) -> Option<String> {
        match self {
            Said::Line(line) => Some(line.text),
            Said::Nothing => None,
        }
    }
}

/// A line of the turn log and the message it was written from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The message: `play-yams-event-dice-thrown`.
    pub id: String,
    pub text: String,
}

/// The words of one event being put together: the message `<game>-event-<type>` (the type as
/// the event's JSON names it, `_` written `-`) and its arguments, the event's fields, words
/// worked out in Rust only where the message cannot choose them itself.
#[derive(Debug, Clone)]
pub struct Say<'n> {
    id: String,
    names: &'n Names,
    args: Vec<(&'static str, Value<'static>)>,
}

impl<'n> Say<'n> {
    /// The words of an event of game `G` whose type is `kind` (`dice_thrown`).
    pub fn event<G: Presenter>(names: &'n Names, kind: &str) -> Say<'n> {
        Say {
            id: format!("{}-event-{}", G::MESSAGES, kind.replace('_', "-")),
            names,
            args: Vec::new(),
        }
    }

    /// The name of the player at `seat`, as argument `arg`.
    pub fn seat(mut self, arg: &'static str, seat: usize) -> Say<'n> {
        self.args.push((arg, Value::from(self.names.of(seat))));
        self
    }

    /// A field, or words worked out from one, as argument `arg`.
    pub fn arg(mut self, arg: &'static str, value: impl Into<Value<'static>>) -> Say<'n> {
        self.args.push((arg, value.into()));
        self
    }

    /// `yes` or `no`, for a message that chooses its words on a condition.
    pub fn flag(self, arg: &'static str, value: bool) -> Say<'n> {
        self.arg(arg, if value { "yes" } else { "no" })
    }

    /// Whether one player wins (`winner`: `yes` or `no`) and, when one does, their name
    /// (`name`).
    pub fn winner(self, winner: Option<usize>) -> Say<'n> {
        let say = self.flag("winner", winner.is_some());
        match winner {
            Some(seat) => say.seat("name", seat),
            None => say,
        }
    }

    /// The end of a two-player game: why (`reason`, its `_` written `-`), whether it is a
    /// draw (`draw`), who won (`name`, when one did), and both seats with their points
    /// (`first`, `first-points`, `second`, `second-points`).
    pub fn two_player_over(self, reason: &str, winner: Option<usize>, points: [i64; 2]) -> Said {
        let over = self
            .arg("reason", reason.replace('_', "-"))
            .flag("draw", winner.is_none())
            .seat("first", 0)
            .arg("first-points", points[0])
            .seat("second", 1)
            .arg("second-points", points[1]);
        match winner {
            Some(winner) => over.seat("name", winner),
            None => over,
        }
        .said()
    }

    /// The line.
    pub fn said(self) -> Said {
        let text = self.names.lang().t_with(&self.id, &self.args);
        Said::Line(Line { id: self.id, text })
    }
}
