//! Dice: each die's face, state and words, and the dice panel.

use std::borrow::Borrow;

use tapis_l10n::Language;

use super::Compose;
/// Where a die stands in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DieState {
    /// Just thrown.
    #[default]
    Thrown,
    /// Kept by the player (not thrown again).
    Kept,
    /// Set aside for good this turn (5000's scoring dice).
    SetAside,
    /// Not thrown yet: drawn blank.
    Waiting,
}

impl DieState {
    pub fn class(self) -> &'static str {
        match self {
            DieState::Thrown => "die",
            DieState::Kept => "die die-kept",
            DieState::SetAside => "die die-aside",
            DieState::Waiting => "die die-waiting",
        }
    }

    /// The message saying a die in this state.
    fn key(self) -> &'static str {
        match self {
            DieState::Thrown => "match-table-die",
            DieState::Kept => "match-table-die-kept",
            DieState::SetAside => "match-table-die-aside",
            DieState::Waiting => "match-table-die-waiting",
        }
    }
}

/// One die.
#[derive(Debug, Clone)]
pub struct Die {
    /// 1 to 6; 0 for a die not thrown yet.
    pub face: u8,
    pub state: DieState,
    /// The value posted when this die is ticked (its face, as a rule); `None`: not tickable.
    pub pick: Option<String>,
    /// Ticked when the page is drawn.
    pub checked: bool,
}

impl Die {
    pub fn new(face: u8, state: DieState) -> Die {
        Die {
            face,
            state,
            pick: None,
            checked: false,
        }
    }

    /// A die that can be ticked, posting its face.
    pub fn pickable(face: u8, state: DieState) -> Die {
        Die {
            pick: Some(face.to_string()),
            ..Die::new(face, state)
        }
    }

    /// A die just thrown, tickable (posting its face) when `tickable`.
    pub fn thrown(face: u8, tickable: bool) -> Die {
        if tickable {
            Die::pickable(face, DieState::Thrown)
        } else {
            Die::new(face, DieState::Thrown)
        }
    }

    /// The text alternative: "die showing 5", "die showing 5, kept", "die not thrown yet".
    pub fn alt(&self, lang: impl Borrow<Language>) -> String {
        let lang = *lang.borrow();
        if self.face == 0 || self.state == DieState::Waiting {
            lang.t("match-table-die-waiting")
        } else {
            lang.t1(self.state.key(), "face", self.face)
        }
    }

    /// The positions of the pips on a 3×3 grid (`tl`, `c`, `br`...).
    pub fn pips(&self) -> &'static [&'static str] {
        match self.face {
            1 => &["c"],
            2 => &["tr", "bl"],
            3 => &["tr", "c", "bl"],
            4 => &["tl", "tr", "bl", "br"],
            5 => &["tl", "tr", "c", "bl", "br"],
            6 => &["tl", "tr", "ml", "mr", "bl", "br"],
            _ => &[],
        }
    }
}

/// A set of dice, with a caption ("Your throw", "Set aside").
#[derive(Debug, Clone, Default)]
pub struct DicePanel {
    pub dice: Vec<Die>,
    /// A line under the dice ("Throw 2 of 3").
    pub caption: Option<String>,
    /// When set, the pickable dice are checkboxes of this composed action.
    pub compose: Option<Compose>,
}

impl DicePanel {
    pub fn new(dice: Vec<Die>) -> DicePanel {
        DicePanel {
            dice,
            caption: None,
            compose: None,
        }
    }

    pub fn caption(mut self, caption: impl Into<String>) -> DicePanel {
        self.caption = Some(caption.into());
        self
    }

    /// The composed action the pickable dice are checkboxes of, when there is one.
    pub fn compose(mut self, compose: Option<Compose>) -> DicePanel {
        self.compose = compose;
        self
    }

    /// All faces as words, for the accessible summary ("3, 3, 5, 1 and 6").
    pub fn summary(&self, lang: impl Borrow<Language>) -> String {
        let lang = *lang.borrow();
        let faces: Vec<String> = self
            .dice
            .iter()
            .filter(|d| d.face != 0 && d.state != DieState::Waiting)
            .map(|d| d.face.to_string())
            .collect();
        if faces.is_empty() {
            lang.t("match-table-no-dice")
        } else {
            crate::present::join_names(&faces, lang)
        }
    }
}
