//! The rules pages: an index of the eight games and one page per game, written for players.
//!
//! The prose of each game is a template of its own (`templates/rules/<game>.html`) included by
//! the shared rules layout (`templates/rules/game.html`), which adds what is generated: the
//! options as the game defines them (names, values and defaults from the rules crate, so they
//! stay true), the French words the game uses, and links to play and to the API.

use actix_web::get;
use actix_web::web::Path;
use askama::Template;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::games::{self, GameInfo};

use crate::error::WebError;
use crate::page::{Layout, Reply, render};
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
        crate::present::join_names(&names, self.lang)
    }
}

#[get("/rules")]
pub async fn rules_index(ctx: Ctx) -> Reply {
    render(&RulesIndex {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("rules-index-title"), "rules"),
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
            layout: Layout::new(
                ctx,
                ctx.lang
                    .t1("rules-game-title", "of", ctx.lang.game_of(game)),
                "rules",
            ),
            game,
            card: GameCard::of(game, ctx.lang),
            options: OptionRow::all(game, &info, ctx.lang),
            info,
            terms: glossary::for_game(game),
            previous: GameCard::of(GameId::ALL[(at + count - 1) % count], ctx.lang),
            next: GameCard::of(GameId::ALL[(at + 1) % count], ctx.lang),
            computer: ComputerForm::for_game(&ctx.csrf, game, ctx.lang),
        }
    }

    /// A French word, annotated with its meaning.
    fn abbr(&self, word: &str) -> Abbr {
        glossary::abbr(word, self.lang)
    }

    /// A paragraph of the rules: a message that holds markup, with its glossary words
    /// annotated (written with `|safe`; the rules' messages take no user text).
    fn html(&self, key: &str) -> String {
        glossary::annotate(&self.lang.t(key), self.lang)
    }

    /// [`GameRules::html`] for a message that quotes the default of one of the game's options,
    /// as `$name` (a number when it is one, so that it is written as the language writes it).
    fn html_default(&self, key: &str, name: &str, option: &str) -> String {
        let value = self.default_of(option);
        let text = match value.parse::<i64>() {
            Ok(n) => self.lang.t1(key, name, n),
            Err(_) => self.lang.t1(key, name, value),
        };
        glossary::annotate(&text, self.lang)
    }

    /// The default of one of this game's options, in words (`750`, `off`).
    fn default_of(&self, option: &str) -> String {
        rules::default_of(self.game, &self.info, option, self.lang)
    }

    /// `1 to 8 players`, `2 players`: how many players.
    fn players(&self) -> String {
        let (min, max) = (self.info.min_players, self.info.max_players);
        if min == max {
            self.lang.t1("rules-players", "count", min)
        } else {
            self.lang.t2("rules-players-range", "min", min, "max", max)
        }
    }

    fn linotte_grid(&self) -> Vec<Vec<&'static str>> {
        rules::linotte_grid(self.game)
    }

    fn yams_boxes(&self) -> Vec<BoxRow> {
        rules::yams_boxes(self.lang)
    }

    fn yams_optional_boxes(&self) -> Vec<BoxRow> {
        rules::yams_optional_boxes(self.lang)
    }

    fn five_thousand_groups(&self) -> Vec<PointsRow> {
        rules::five_thousand_groups(&self.info, self.lang)
    }

    fn four_two_one_order(&self) -> Vec<ResultRow> {
        rules::four_two_one_order(self.lang)
    }

    fn four_two_one_results(&self) -> Vec<ResultRow> {
        rules::four_two_one_results(self.lang)
    }

    fn cant_stop_columns(&self) -> Vec<ColumnRow> {
        rules::cant_stop_columns()
    }
}

#[get("/rules/{game}")]
pub async fn game_rules(ctx: Ctx, game: Path<String>) -> Reply {
    let game: GameId = game.parse().map_err(|_| WebError::NotFound)?;
    render(&GameRules::new(&ctx, game))
}

#[cfg(test)]
mod tests {
    use askama::Template;
    use tapis_l10n::MISSING;

    use super::*;

    fn ctx(lang: Language) -> Ctx {
        Ctx {
            viewer: None,
            csrf: "token".to_owned(),
            htmx: false,
            path: "/rules".to_owned(),
            secure: false,
            lang,
        }
    }

    #[test]
    fn every_rules_page_reads_in_both_languages() {
        for lang in Language::ALL {
            let ctx = ctx(lang);
            let index = RulesIndex {
                lang,
                layout: Layout::new(&ctx, lang.t("rules-index-title"), "rules"),
                games: GameCard::all(lang),
                terms: glossary::TERMS,
            }
            .render()
            .unwrap();
            assert!(!index.contains(MISSING), "{lang}: {index}");
            for game in GameId::ALL {
                let html = GameRules::new(&ctx, game).render().unwrap();
                assert!(!html.contains(MISSING), "{game:?} in {lang}");
                assert!(!html.contains("&lt;abbr"), "{game:?} in {lang}");
            }
        }
        let yams_fr = GameRules::new(&ctx(Language::Fr), GameId::Yams)
            .render()
            .unwrap();
        assert!(yams_fr.contains("Déroulement d’un tour"));
        assert!(yams_fr.contains("<abbr title=\"trois dés montrant la même face\">Brelan</abbr>"));
        let yams_en = GameRules::new(&ctx(Language::En), GameId::Yams)
            .render()
            .unwrap();
        assert!(yams_en.contains("A turn, step by step"));
        assert!(yams_en.contains(
            "<abbr title=\"three of a kind: three dice showing the same face\">Brelan</abbr>"
        ));
        let five_fr = GameRules::new(&ctx(Language::Fr), GameId::FiveThousand)
            .render()
            .unwrap();
        assert!(
            five_fr.contains("<strong>5\u{202f}000 points</strong>")
                || five_fr.contains("<strong>5\u{a0}000 points</strong>"),
            "{five_fr}"
        );
    }
}
