//! The rules pages: an index of the eight games and one page per game, written for players.
//!
//! The prose of each game is a template of its own (`templates/rules/<game>.html`) included by
//! the shared rules layout (`templates/rules/game.html`), which adds what is generated: the
//! options as the game defines them (names, values and defaults from the rules crate, so they
//! stay true), the French words the game uses, and links to play and to the API.

use actix_web::{HttpResponse, get, web};
use askama::Template;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::games::{self, GameInfo};

use crate::error::WebError;
use crate::page::{Layout, render};
use crate::pages::computer::ComputerForm;
use crate::present::GameCard;
use crate::present::glossary::{self, Abbr, Term};
use crate::present::rules::{self, BoxRow, ColumnRow, OptionRow, PointsRow, ResultRow};
use crate::session::Ctx;

#[derive(Debug, Template)]
#[template(path = "rules/index.html")]
struct RulesIndex {
    layout: Layout,
    lang: Language,
    games: Vec<GameCard>,
    terms: &'static [Term],
}

impl RulesIndex {
    /// The names of the games that use a word.
    fn games_of(&self, term: &Term) -> String {
        let names: Vec<String> = term.games.iter().map(|g| g.name().to_owned()).collect();
        crate::present::join_names(&names, crate::present::UNTHREADED)
    }
}

#[get("/rules")]
pub async fn rules_index(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render(&RulesIndex {
        lang: ctx.lang,
        layout: Layout::new(&ctx, "Rules of the games", "rules"),
        games: GameCard::all(ctx.lang),
        terms: glossary::TERMS,
    })
}

/// The rules of one game.
#[derive(Debug, Template)]
#[template(path = "rules/game.html")]
struct GameRules {
    layout: Layout,
    lang: Language,
    game: GameId,
    card: GameCard,
    info: GameInfo,
    options: Vec<OptionRow>,
    terms: Vec<&'static Term>,
    /// The games before and after this one in the index.
    previous: GameCard,
    next: GameCard,
    /// "Play the computer" at this game.
    computer: ComputerForm,
}

impl GameRules {
    fn new(ctx: &Ctx, game: GameId) -> GameRules {
        let info = games::describe(game);
        let at = GameId::ALL.iter().position(|g| *g == game).unwrap_or(0);
        let count = GameId::ALL.len();
        GameRules {
            lang: ctx.lang,
            layout: Layout::new(ctx, format!("Rules of {}", game.name()), "rules"),
            game,
            card: GameCard::of(game, ctx.lang),
            options: OptionRow::all(game, &info),
            info,
            terms: glossary::for_game(game),
            previous: GameCard::of(GameId::ALL[(at + count - 1) % count], ctx.lang),
            next: GameCard::of(GameId::ALL[(at + 1) % count], ctx.lang),
            computer: ComputerForm::for_game(&ctx.csrf, game, ctx.lang),
        }
    }

    /// A French word, annotated with its meaning.
    fn abbr(&self, word: &str) -> Abbr {
        glossary::abbr(word)
    }

    /// The default of one of this game's options, in words (`750`, `off`).
    fn default_of(&self, option: &str) -> String {
        rules::default_of(self.game, &self.info, option)
    }

    /// `1 to 8`, `2`: how many players.
    fn players(&self) -> String {
        if self.info.min_players == self.info.max_players {
            self.info.min_players.to_string()
        } else {
            format!("{} to {}", self.info.min_players, self.info.max_players)
        }
    }

    fn linotte_grid(&self) -> Vec<Vec<&'static str>> {
        rules::linotte_grid(self.game)
    }

    fn yams_boxes(&self) -> Vec<BoxRow> {
        rules::yams_boxes()
    }

    fn yams_optional_boxes(&self) -> Vec<BoxRow> {
        rules::yams_optional_boxes()
    }

    fn five_thousand_groups(&self) -> Vec<PointsRow> {
        rules::five_thousand_groups(&self.info)
    }

    fn four_two_one_order(&self) -> Vec<ResultRow> {
        rules::four_two_one_order()
    }

    fn four_two_one_results(&self) -> Vec<ResultRow> {
        rules::four_two_one_results()
    }

    fn cant_stop_columns(&self) -> Vec<ColumnRow> {
        rules::cant_stop_columns()
    }
}

#[get("/rules/{game}")]
pub async fn game_rules(ctx: Ctx, game: web::Path<String>) -> Result<HttpResponse, WebError> {
    let game: GameId = game.parse().map_err(|_| WebError::NotFound)?;
    render(&GameRules::new(&ctx, game))
}
