//! "Play the computer": one form, in the lobby and on each game's rules page, that creates a
//! match against computer players and opens it.

use askama::Template;
use tapis_bots::Level;
use tapis_games::GameId;
use tapis_l10n::Language;

use crate::form::FormData;
use crate::game_choice::{GameChoice, chosen_game, game_choices};

/// A level to choose.
#[derive(Debug, Clone)]
pub struct LevelChoice {
    pub value: &'static str,
    pub label: String,
    pub description: String,
    pub checked: bool,
}

/// The form.
#[derive(Debug, Template)]
#[template(path = "computer_form_partial.html")]
pub struct ComputerForm {
    pub lang: Language,
    pub csrf: String,
    /// Every game in the lobby; only the page's game on a rules page.
    pub games: Vec<GameChoice>,
    pub levels: Vec<LevelChoice>,
    /// How many computer opponents may be chosen (1 to this).
    pub opponent_choices: Vec<usize>,
    pub opponents: usize,
    pub rated: bool,
    /// Why the last submission was refused.
    pub error: Option<String>,
}

impl ComputerForm {
    fn with(csrf: &str, games: Vec<GameId>, selected: GameId, lang: Language) -> ComputerForm {
        let most = games
            .iter()
            .map(|g| g.max_seats().saturating_sub(1))
            .max()
            .unwrap_or(1)
            .max(1);
        ComputerForm {
            lang,
            csrf: csrf.to_owned(),
            games: game_choices(games, Some(selected)),
            levels: Level::ALL
                .into_iter()
                .map(|l| LevelChoice {
                    value: l.as_str(),
                    label: lang.t(&format!("computer-level-{}", l.as_str())),
                    description: lang.t(&format!("computer-level-{}-description", l.as_str())),
                    checked: l == Level::Medium,
                })
                .collect(),
            opponent_choices: (1..=most).collect(),
            opponents: 1,
            rated: true,
            error: None,
        }
    }

    /// The lobby's form: every game, `selected` first chosen.
    pub fn for_lobby(csrf: &str, selected: GameId, lang: Language) -> ComputerForm {
        ComputerForm::with(csrf, GameId::ALL.to_vec(), selected, lang)
    }

    /// The form of one game's rules page.
    pub fn for_game(csrf: &str, game: GameId, lang: Language) -> ComputerForm {
        ComputerForm::with(csrf, vec![game], game, lang)
    }

    /// The lobby's form as submitted, with why it was refused.
    pub fn refused(csrf: &str, form: &FormData, error: String, lang: Language) -> ComputerForm {
        let game = chosen_game(form.get("game"));
        let mut this = ComputerForm::for_lobby(csrf, game, lang);
        let level = form.text("level");
        for choice in &mut this.levels {
            choice.checked = choice.value == level;
        }
        // Only which choice to show selected again: the refusal itself says what was wrong.
        this.opponents = form.text("opponents").trim().parse().unwrap_or(1);
        this.rated = form.checked("rated");
        this.error = Some(error);
        this
    }

    /// Whether the form is about one game only.
    pub fn one_game(&self) -> Option<&GameChoice> {
        match self.games.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }
}
