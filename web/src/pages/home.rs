//! The home page: what Tapis is, the eight games, and a signed-in player's matches (those
//! waiting for their move first).

use actix_web::{HttpResponse, get};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::leagues::{self, LeagueMatch};
use tapis_service::matches::{self, MatchFilter};
use tapis_service::moderation::{self, Notice, Standing};
use tapis_service::tournaments::{self, TournamentMatch};
use uuid::Uuid;

use crate::error::WebError;
use crate::page::{Layout, render};
use crate::present::competition::round_of;
use crate::present::{GameCard, MatchCard, When, game_name};
use crate::session::{Ctx, services};

#[derive(Debug, Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    lang: Language,
    games: Vec<GameCard>,
    your_turn: Vec<MatchCard>,
    others: Vec<MatchCard>,
    csrf: String,
    /// The moderators' notices the player has not acknowledged.
    notices: Vec<NoticeLine>,
    /// For a moderator: the number of open reports.
    moderating: Option<i64>,
    /// The player's matches in play in tournaments.
    tournament_matches: Vec<TournamentMatchLine>,
    /// The player's league matches where it is their turn.
    league_matches: Vec<LeagueMatchLine>,
}

/// A league match of the player's where it is their turn, in words.
#[derive(Debug)]
struct LeagueMatchLine {
    game: String,
    division_id: Uuid,
    match_id: Uuid,
    league: String,
    opponents: String,
    deadline: Option<When>,
}

impl LeagueMatchLine {
    fn of(m: &LeagueMatch, lang: Language) -> LeagueMatchLine {
        LeagueMatchLine {
            game: m.game.clone(),
            division_id: m.division_id,
            match_id: m.match_id,
            league: lang.t_with(
                "home-league-match",
                &[
                    ("game", game_name(&m.game).into()),
                    ("season", i64::from(m.season).into()),
                    ("level", i64::from(m.level).into()),
                ],
            ),
            opponents: lang.t1("home-tournament-against", "names", m.opponents.join(", ")),
            deadline: m.deadline.map(|d| When::of(d, lang)),
        }
    }
}

/// A match of the player's in a tournament's round, in words.
#[derive(Debug)]
struct TournamentMatchLine {
    tournament_id: Uuid,
    tournament: String,
    match_id: Uuid,
    round: String,
    opponents: String,
    deadline: When,
}

impl TournamentMatchLine {
    fn of(m: &TournamentMatch, lang: Language) -> TournamentMatchLine {
        TournamentMatchLine {
            tournament_id: m.tournament_id,
            tournament: m.tournament_name.clone(),
            match_id: m.match_id,
            round: round_of(m.round, m.rounds, lang),
            opponents: lang.t1("home-tournament-against", "names", m.opponents.join(", ")),
            deadline: When::of(m.deadline, lang),
        }
    }
}

/// A moderator's action on the player's account, in their words.
#[derive(Debug)]
struct NoticeLine {
    id: i64,
    text: String,
    reason: String,
    at: When,
}

impl NoticeLine {
    fn of(notice: &Notice, lang: Language) -> NoticeLine {
        let key = format!("notice-{}", notice.action.as_str());
        let text = match notice.until {
            Some(until) => lang.t1(&key, "until", When::of(until, lang).text),
            None => lang.t(&key),
        };
        NoticeLine {
            id: notice.id,
            text,
            reason: notice.reason.clone(),
            at: When::of(notice.at, lang),
        }
    }
}

impl HomePage {
    /// The id of the last notice shown (acknowledged with the button).
    fn last_notice(&self) -> i64 {
        self.notices.last().map_or(0, |n| n.id)
    }
}

#[get("/")]
pub async fn home(req: actix_web::HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let mut your_turn = Vec::new();
    let mut others = Vec::new();
    let mut standing = Standing::default();
    let mut tournament_matches = Vec::new();
    let mut league_matches = Vec::new();
    if let Some(who) = &ctx.viewer {
        let services = services(&req)?;
        standing = moderation::standing(&services, who).await?;
        tournament_matches = tournaments::my_matches(&services, who)
            .await?
            .iter()
            .map(|m| TournamentMatchLine::of(m, ctx.lang))
            .collect();
        league_matches = leagues::my_turns(&services, who)
            .await?
            .iter()
            .map(|m| LeagueMatchLine::of(m, ctx.lang))
            .collect();
        let filter = MatchFilter {
            status: Some("active".to_owned()),
            player: Some(who.username.clone()),
            limit: Some(100),
            ..MatchFilter::default()
        };
        let page = matches::list(&services, &filter, Some(who)).await?;
        let (mine, rest): (Vec<MatchCard>, Vec<MatchCard>) = page
            .items
            .iter()
            .map(|m| MatchCard::of(m, ctx.lang))
            .partition(|card| card.your_turn);
        your_turn = mine;
        // The most urgent first.
        your_turn.sort_by(|a, b| {
            let key = |c: &MatchCard| c.deadline.as_ref().map(|d| d.iso.clone());
            match (key(a), key(b)) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
        });
        others = rest;
    }
    render(&HomePage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("home-title"), "home"),
        games: GameCard::all(ctx.lang),
        your_turn,
        others,
        csrf: ctx.csrf.clone(),
        notices: standing
            .notices
            .iter()
            .map(|n| NoticeLine::of(n, ctx.lang))
            .collect(),
        moderating: standing.moderating,
        tournament_matches,
        league_matches,
    })
}
