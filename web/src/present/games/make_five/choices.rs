//! The choices of the player on turn: the Aligneur's moves on the tokens they take, the
//! Destructeur's drops above the columns, and passing.

use tapis_games::make_five::{Action, COLUMNS, Colour, HEIGHT, MakeFive, MakeFiveView};
use tapis_l10n::Language;

use super::{colour_words, said};
use crate::present::games::{Input, capitalize, points};
use crate::present::table::{ActionButton, ActionRef, Emphasis, Target, Term};

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

/// The viewer's legal actions, sorted by where they are offered: the Aligneur's moves on the
/// token they take, the Destructeur's drops above their column, passing below the board.
pub(super) struct Choices {
    /// `moves[column][place]`: the moves of the token there.
    pub moves: Vec<Vec<Vec<ActionRef>>>,
    pub drops: Vec<Option<ActionRef>>,
    pub pass: Option<ActionButton>,
    /// The legal actions no place of the board offers (none, as long as the view and the
    /// actions agree): buttons named by what they do, so that they can still be played.
    pub others: Vec<ActionButton>,
}

impl Choices {
    pub fn of(view: &MakeFiveView, input: &Input<'_, MakeFive>) -> Choices {
        let mut choices = Choices {
            moves: vec![vec![Vec::new(); HEIGHT]; COLUMNS],
            drops: vec![None; COLUMNS],
            pass: None,
            others: Vec::new(),
        };
        let lang = input.lang();
        for &action in &input.legal {
            match *action {
                Action::Move {
                    from_column,
                    from_position,
                    to_column,
                } => choices.add_move(view, action, (from_column, from_position), to_column, lang),
                Action::Place { column } => choices.add_drop(view, action, column, lang),
                Action::Pass => choices.pass = Some(pass_button(view, action, lang)),
            }
        }
        choices
    }

    /// A move of the token at `from`, picked on the board, then offered above the column it
    /// goes to.
    fn add_move(
        &mut self,
        view: &MakeFiveView,
        action: &Action,
        (column, position): (u8, u8),
        to: u8,
        lang: Language,
    ) {
        let (c, p, to) = (usize::from(column), usize::from(position), usize::from(to));
        let colour = view.board.token(c, p);
        let slot = self.moves.get_mut(c).and_then(|col| col.get_mut(p));
        match (colour, slot) {
            (Some(colour), Some(slot)) => slot.push(
                ActionRef::new(
                    action,
                    move_label(colour, c, p, to, points_after(view, action), lang),
                )
                .to(Target::Column(to)),
            ),
            _ => self.others.push(unplaced(action, lang)),
        }
    }

    /// A drop of the drawn token into `column`, offered above it.
    fn add_drop(&mut self, view: &MakeFiveView, action: &Action, column: u8, lang: Language) {
        let c = usize::from(column);
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
        let label = with_score(label, points_after(view, action), lang);
        match self.drops.get_mut(c) {
            Some(slot @ None) => *slot = Some(ActionRef::new(action, label)),
            _ => self.others.push(ActionButton::new(action, label)),
        }
    }
}

/// Passing: a quiet button, with what the board scores as it is.
fn pass_button(view: &MakeFiveView, action: &Action, lang: Language) -> ActionButton {
    let pass = lang.t("play-make-five-pass");
    ActionButton::new(action, pass.clone())
        .term(Term::plain(pass))
        .detail(lang.t1(
            "play-make-five-pass-detail",
            "points",
            points(view.points, lang),
        ))
        .emphasis(Emphasis::Quiet)
}

/// A legal action the board has no place for, named by what it does.
fn unplaced(action: &Action, lang: Language) -> ActionButton {
    ActionButton::new(action, capitalize(&said::action(action, lang)))
}
