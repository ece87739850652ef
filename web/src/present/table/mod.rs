//! The game table every match page draws, whatever the game: a headline, panels (dice, score
//! sheets, boards, columns, scores, facts) and groups of action buttons.
//!
//! Each game's presenter ([`super::games`]) fills a [`Table`] from the game's view and the
//! viewer's legal actions; one set of templates (`match_table.html`) draws every game, so a
//! game never needs markup of its own.
//!
//! Everything clickable is a real `<button>` in a form that posts to `/matches/{id}/act`:
//! - a *literal* action ([`ActionRef`]): the button's value is the action's JSON, exactly as the
//!   rules listed it (a hidden detail; the player only sees words);
//! - a *composed* action ([`Compose`]): checkboxes (in every game, the dice to keep) whose
//!   values replace the placeholder [`PICKED`] in a JSON template, or, where the action names
//!   the dice thrown again, the values left unticked replace [`UNPICKED`]; the handler builds
//!   the action and the service checks that it is legal.
//!
//! Every die, cell and token carries a text alternative, so that nothing is said by colour or
//! drawing alone.

mod actions;
mod board;
mod dice;
mod scores;
mod sheet;

pub use actions::{
    ActionButton, ActionGroup, ActionRef, Allowed, Compose, Emphasis, Target, compose_action,
    written,
};
pub use board::{
    Board, BoardCell, BoardRow, BoardStyle, ColumnView, ColumnsPanel, Place, SEAT_SYMBOLS, Token,
    seat_symbol,
};
pub use dice::{DicePanel, Die, DieState};
pub use scores::{Fact, ScoreRow, Scores};
pub use sheet::{CellState, RowKind, Sheet, SheetCell, SheetColumn, SheetRow};

/// The placeholder of a [`Compose`] template that the ticked values replace (as a JSON list).
pub const PICKED: &str = "$picked";

/// The placeholder of a [`Compose`] template that the values of the dice left unticked
/// replace (as a JSON list): where the game's action names the dice thrown again, and the
/// player ticks the dice they keep.
pub const UNPICKED: &str = "$unpicked";

/// What a match page shows of the game.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// One line on where the game stands ("Round 3 of 12 · Alice's second throw").
    pub headline: String,
    /// What the viewer may do now, in words, when it is their turn.
    pub prompt: Option<String>,
    /// The panels, in reading order.
    pub panels: Vec<Panel>,
    /// The viewer's choices now, grouped (empty when it is not their turn).
    pub actions: Vec<ActionGroup>,
}

impl Table {
    /// Whether anything on the table can be clicked or ticked.
    pub fn is_playable(&self) -> bool {
        !self.actions.iter().all(|g| g.buttons.is_empty())
            || self.panels.iter().any(Panel::is_playable)
    }

    /// After which panel the action bar stands: the board or the columns, else the dice (the
    /// panel the choices are about), else the last.
    pub fn actions_after(&self) -> usize {
        let first =
            |wanted: fn(&PanelKind) -> bool| self.panels.iter().position(|p| wanted(&p.kind));
        first(|k| matches!(k, PanelKind::Board(_) | PanelKind::Columns(_)))
            .or_else(|| first(|k| matches!(k, PanelKind::Dice(_))))
            .unwrap_or_else(|| self.panels.len().saturating_sub(1))
    }

    /// Whether any group of action buttons has a button (the action bar is drawn then).
    pub fn has_action_buttons(&self) -> bool {
        self.actions.iter().any(|g| !g.buttons.is_empty())
    }

    /// Every literal action offered anywhere on the table (for tests and the fallback check).
    pub fn offered_actions(&self) -> Vec<&ActionRef> {
        let mut out: Vec<&ActionRef> = self
            .actions
            .iter()
            .flat_map(|g| g.buttons.iter().map(|b| &b.action))
            .collect();
        for panel in &self.panels {
            match &panel.kind {
                PanelKind::Sheet(sheet) => {
                    for row in &sheet.rows {
                        out.extend(row.cells.iter().filter_map(|c| c.action.as_ref()));
                    }
                }
                PanelKind::Board(board) => {
                    out.extend(board.column_actions.iter().flatten());
                    for row in &board.rows {
                        out.extend(row.cells.iter().flat_map(|c| c.actions.iter()));
                    }
                }
                PanelKind::Columns(columns) => {
                    out.extend(columns.columns.iter().filter_map(|c| c.action.as_ref()));
                }
                PanelKind::Dice(_) | PanelKind::Scores(_) | PanelKind::Facts(_) => {}
            }
        }
        out
    }
}

/// One part of the table, with a heading.
#[derive(Debug, Clone)]
pub struct Panel {
    pub title: String,
    /// The `data-testid` of the panel (`dice`, `sheet`, `board`...).
    pub testid: String,
    pub kind: PanelKind,
}

impl Panel {
    pub fn new(title: impl Into<String>, testid: impl Into<String>, kind: PanelKind) -> Panel {
        Panel {
            title: title.into(),
            testid: testid.into(),
            kind,
        }
    }

    fn is_playable(&self) -> bool {
        match &self.kind {
            PanelKind::Dice(dice) => dice.compose.is_some(),
            PanelKind::Sheet(sheet) => sheet
                .rows
                .iter()
                .any(|r| r.cells.iter().any(|c| c.action.is_some())),
            PanelKind::Board(board) => {
                board.column_actions.iter().any(Option::is_some)
                    || board
                        .rows
                        .iter()
                        .any(|r| r.cells.iter().any(|c| !c.actions.is_empty()))
            }
            PanelKind::Columns(columns) => columns.columns.iter().any(|c| c.action.is_some()),
            PanelKind::Scores(_) | PanelKind::Facts(_) => false,
        }
    }
}

/// The kinds of panel, enough for every game.
#[derive(Debug, Clone)]
pub enum PanelKind {
    /// Dice, drawn with pips, optionally tickable to compose an action.
    Dice(DicePanel),
    /// A score sheet: rows of boxes × one column per seat.
    Sheet(Sheet),
    /// A rectangular board of cells holding tokens.
    Board(Board),
    /// Columns of spaces with markers (Can't Stop).
    Columns(ColumnsPanel),
    /// A list of totals, one per seat.
    Scores(Scores),
    /// A few named figures ("Pot: 12 tokens").
    Facts(Vec<Fact>),
}

/// A short text with an optional explanation, shown as a tooltip (`<abbr title>`): French
/// terms keep their name and say in English what they mean.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Term {
    pub text: String,
    pub hint: Option<String>,
}

impl Term {
    pub fn plain(text: impl Into<String>) -> Term {
        Term {
            text: text.into(),
            hint: None,
        }
    }

    pub fn explained(text: impl Into<String>, hint: impl Into<String>) -> Term {
        Term {
            text: text.into(),
            hint: Some(hint.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tapis_l10n::Language;

    #[test]
    fn composing_replaces_the_placeholder_with_the_ticked_values() {
        let template = json!({"type": "reroll", "keep": PICKED}).to_string();
        let action = compose_action(&template, &["5", "5", "2"], &[]).unwrap_or_default();
        assert_eq!(action, json!({"type": "reroll", "keep": [5, 5, 2]}));
        let none = compose_action(&template, &[], &[]).unwrap_or_default();
        assert_eq!(none, json!({"type": "reroll", "keep": []}));
        // A value that is not JSON stays a string; the rules will judge it.
        let odd = compose_action(&template, &["x"], &[]).unwrap_or_default();
        assert_eq!(odd, json!({"type": "reroll", "keep": ["x"]}));
        assert!(compose_action("{not json", &[], &[]).is_err());
        assert!(compose_action(r#"{"type":"stop"}"#, &["1"], &[]).is_err());
    }

    /// Where the action names the dice thrown again, the player still ticks the dice they keep:
    /// the dice left unticked are thrown again.
    #[test]
    fn the_dice_left_unticked_are_the_ones_thrown_again() {
        let template = json!({"type": "reroll", "faces": UNPICKED}).to_string();
        let dice = ["2", "2", "5", "6", "6"];
        let action = compose_action(&template, &["6", "2", "6"], &dice).unwrap_or_default();
        assert_eq!(action, json!({"type": "reroll", "faces": [2, 5]}));
        let all = compose_action(&template, &[], &dice).unwrap_or_default();
        assert_eq!(all, json!({"type": "reroll", "faces": [2, 2, 5, 6, 6]}));
        // A tick that is none of the dice is refused, not guessed.
        assert!(compose_action(&template, &["3"], &dice).is_err());
        assert!(compose_action(&template, &["6", "6", "6"], &dice).is_err());
    }

    #[test]
    fn dice_have_pips_and_words() {
        let die = Die::new(5, DieState::Kept);
        assert_eq!(die.pips().len(), 5);
        assert_eq!(die.alt(Language::En), "die showing 5, kept");
        assert_eq!(die.alt(Language::Fr), "dé montrant 5, gardé");
        assert_eq!(
            Die::new(0, DieState::Waiting).alt(Language::En),
            "die not thrown yet"
        );
        let panel = DicePanel::new(vec![
            Die::new(3, DieState::Thrown),
            Die::new(6, DieState::Thrown),
        ]);
        assert_eq!(panel.summary(Language::En), "3 and 6");
        assert_eq!(panel.summary(Language::Fr), "3 et 6");
    }

    #[test]
    fn seat_tokens_have_a_symbol_and_a_colour() {
        let token = Token::of_seat(9, "x");
        assert_eq!(token.colour, "seat-1");
        assert_eq!(token.symbol, "▲");
        assert_eq!(token.class(), "token token-seat-1");
    }
}
