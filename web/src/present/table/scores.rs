//! Every seat's figures, and the facts of a turn.

use std::borrow::Borrow;

use tapis_l10n::Language;

use super::{Term, Token};
/// Totals, one row per seat.
#[derive(Debug, Clone, Default)]
pub struct Scores {
    pub caption: String,
    /// What the value is ("Points", "Tokens").
    pub unit: String,
    pub rows: Vec<ScoreRow>,
}

/// One seat's total.
#[derive(Debug, Clone)]
pub struct ScoreRow {
    pub seat: usize,
    pub name: String,
    pub value: String,
    /// More about it ("not opened yet", "resigned").
    pub detail: Option<Term>,
    pub current: bool,
    pub yours: bool,
    /// Changed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

impl ScoreRow {
    pub fn token(&self, lang: impl Borrow<Language>) -> Token {
        let lang = *lang.borrow();
        Token::of_seat(self.seat, lang.t1("match-colour-of", "name", &self.name))
    }
}

/// A named figure.
#[derive(Debug, Clone)]
pub struct Fact {
    pub label: Term,
    pub value: String,
}

impl Fact {
    pub fn new(label: Term, value: impl Into<String>) -> Fact {
        Fact {
            label,
            value: value.into(),
        }
    }
}
