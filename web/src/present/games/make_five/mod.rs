//! Make Five (Cinq sur Cinq): the inclined board of five columns, every token told apart by
//! its colour, a symbol and its name; the Aligneur opens a token to see where it may go (the
//! top of a column) or passes; the Destructeur drops the drawn token into a column; the roles,
//! the rows' points and the six deals.

mod board;
mod choices;
mod deals;
mod said;

use tapis_games::make_five::{Action, Colour, Event, MakeFive, MakeFiveView, Phase};
use tapis_l10n::Language;

use super::{Input, Names, Presenter, Said, action_groups, hinted_term, over_headline};
use crate::present::table::{Table, Term, Token};

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

/// The Aligneur, explained.
fn aligneur_term(lang: Language) -> Term {
    hinted_term("play-make-five-aligneur", lang)
}

/// The Destructeur, explained.
fn destructeur_term(lang: Language) -> Term {
    hinted_term("play-make-five-destructeur", lang)
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

impl Presenter for MakeFive {
    const MESSAGES: &'static str = "play-make-five";

    /// The table of a Make Five match.
    fn table(input: &Input<'_, MakeFive>) -> Table {
        let view = input.view;
        let over = view.outcome.is_some() || view.phase == Phase::Over;
        let to_act = match view.phase {
            Phase::Move => Some(view.aligneur),
            Phase::Place => Some(view.destructeur),
            Phase::Draw | Phase::Over => None,
        }
        .filter(|_| !over);
        let my_turn = input.my_turn(to_act);
        let lang = input.lang();
        let choices = choices::Choices::of(view, input);
        let mut panels = Vec::new();
        if let Some(colour) = view.hand.filter(|_| !over) {
            panels.push(board::hand_panel(colour, lang));
        }
        panels.push(board::board_panel(
            view,
            choices.moves,
            choices.drops,
            input,
        ));
        if !over {
            panels.push(board::bag_panel(view, lang));
        }
        let deals = deals::Deals {
            view,
            input,
            to_act,
            over,
        };
        panels.extend(deals.panels());
        Table {
            headline: headline(view, input),
            prompt: my_turn.then(|| prompt(view, lang)),
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
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        said::event(event, names)
    }

    fn action(action: &Action, names: &Names) -> String {
        said::action(action, names.lang())
    }

    super::scored_by!(Event::DealScored);

    // The Destructeur's turn starts with the token drawn for them.
    super::turn_starts_with!(Event::TokenDrawn);
}

/// The deal, and who must do what in it; or the end.
fn headline(view: &MakeFiveView, input: &Input<'_, MakeFive>) -> String {
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

#[cfg(test)]
mod tests;
