//! What the mail of an outbox row says ([`compose`]), worked out when it is sent from the
//! account as it is then (its address, its language, the events it still wants), or why it is
//! not mailed at all.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_l10n::Language;
use time::OffsetDateTime;
use uuid::Uuid;

use super::links::{unsubscribe_token, verify_token};
use super::settings::{Row, VERIFY_KIND, micros, read};
use crate::delivery::outbox::Parcel;
use crate::error::ServiceResult;
use crate::identity::caller::stored_language;
use crate::schema::{match_seats, matches, users};
use crate::services::Services;

/// What a mail says, worked out when it is sent (the address and the language are the
/// account's at that time).
#[derive(Debug, Clone, PartialEq)]
pub struct Letter {
    pub to: String,
    pub username: String,
    pub language: Language,
    /// The same on every attempt (`Tapis-Delivery`, and in the Message-ID).
    pub delivery_id: Uuid,
    pub body: LetterBody,
}

/// What a mail is about.
#[derive(Debug, Clone, PartialEq)]
pub enum LetterBody {
    /// The verification link's token.
    Verify { token: String },
    /// An event of a match.
    Event(MatchLetter),
    /// An event of a tournament the player entered.
    Tournament(TournamentLetter),
    /// An event of a league the player is in.
    League(LeagueLetter),
}

/// An event of a league, told by mail.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueLetter {
    /// `season_started`, `promoted` or `relegated`.
    pub kind: String,
    /// The league's game id (`yams`...).
    pub game: String,
    /// The season's number.
    pub season: i64,
    pub news: LeagueNews,
    /// The unsubscribe link of this kind (also `List-Unsubscribe`), and of every mail.
    pub unsubscribe_token: String,
    pub unsubscribe_all_token: String,
}

/// What a league's mail tells.
#[derive(Debug, Clone, PartialEq)]
pub enum LeagueNews {
    /// The season started: the player's division (`level` of `levels`, 1 on top), its
    /// `players`, and the player's `matches`, all started.
    SeasonStarted {
        division_id: Uuid,
        level: i64,
        levels: i64,
        players: i64,
        matches: i64,
    },
    /// The season ended: the player's `place` in division `from_level`, and the division they
    /// play in next (`to_level`: up for `promoted`, down for `relegated`).
    Moved {
        from_level: i64,
        to_level: i64,
        place: i64,
    },
}

/// An event of a tournament, told by mail.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentLetter {
    /// `round_started` or `tournament_finished`.
    pub kind: String,
    pub tournament_id: Uuid,
    /// The tournament's name.
    pub tournament: String,
    /// The game's id (`yams`...).
    pub game: String,
    pub news: TournamentNews,
    /// The unsubscribe link of this kind (also `List-Unsubscribe`), and of every mail.
    pub unsubscribe_token: String,
    pub unsubscribe_all_token: String,
}

/// What a tournament's mail tells.
#[derive(Debug, Clone, PartialEq)]
pub enum TournamentNews {
    /// Round `round` of `rounds` started: the player's match and the others at its table, or
    /// their bye (no match).
    RoundStarted {
        round: i64,
        rounds: i64,
        match_id: Option<Uuid>,
        opponents: Vec<String>,
    },
    /// The tournament finished: the player's place (from 1) among `entrants`, and points.
    Finished {
        place: i64,
        entrants: i64,
        points: f64,
    },
}

/// An event of a match, told by mail.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLetter {
    /// `your_turn`, `invitation`, `deadline_soon` or `match_finished`.
    pub kind: String,
    pub match_id: Uuid,
    /// The game's id (`yams`...).
    pub game: String,
    /// The other players seated (or invited).
    pub opponents: Vec<String>,
    /// Who invited the player (invitations).
    pub by: Option<String>,
    pub deadline: Option<OffsetDateTime>,
    /// The player's final rank (from 1) and the number of seats (finished matches).
    pub rank: Option<(i16, i16)>,
    /// The unsubscribe link of this kind (also `List-Unsubscribe`), and of every mail.
    pub unsubscribe_token: String,
    pub unsubscribe_all_token: String,
}

/// Why a row of the outbox is not mailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotMailed {
    /// Never will be: no verified address any more, a superseded verification, a player who
    /// stopped that kind meanwhile, a match that is gone.
    Refused(String),
}

/// What a mail tells of its match.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
struct MatchFacts {
    game: String,
    seat_user_ids: Vec<Uuid>,
    seat_usernames: Vec<String>,
    seat_count: i16,
    deadline: Option<OffsetDateTime>,
}

/// What the mail of outbox row `parcel` says, from the account as it is now.
pub async fn compose(
    services: &Services,
    parcel: &Parcel,
) -> ServiceResult<Result<Letter, NotMailed>> {
    // Reads, and writes deliveries: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let recipient = match recipient(&mut conn, parcel.user_id).await? {
        Ok(recipient) => recipient,
        Err(refused) => return Ok(Err(refused)),
    };
    let body = if parcel.kind == VERIFY_KIND {
        verification(services, parcel, &recipient)?
    } else if let Some(refused) = not_wanted(parcel, &recipient) {
        Err(refused)
    } else if parcel.payload.get("tournament_id").is_some() {
        tournament_event(services, parcel)?
    } else if parcel.payload.get("league").is_some() {
        league_event(services, parcel)?
    } else {
        match_event(services, &mut conn, parcel).await?
    };
    Ok(body.map(|body| Letter {
        to: recipient.email,
        username: recipient.username,
        language: recipient.language,
        delivery_id: parcel.delivery_id,
        body,
    }))
}

/// Whom a mail goes to, as their account is now.
struct Recipient {
    username: String,
    language: Language,
    /// Their address (given, maybe not verified yet).
    email: String,
    settings: Row,
}

/// The recipient `user_id`, if they are a person with an address.
async fn recipient(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<Result<Recipient, NotMailed>> {
    let user: Option<(String, Option<String>, bool)> = users::table
        .find(user_id)
        .select((users::username, users::language, users::is_bot))
        .first(conn)
        .await
        .optional()?;
    let Some((username, language, is_bot)) = user else {
        return Ok(Err(NotMailed::Refused("the account is gone".into())));
    };
    if is_bot {
        return Ok(Err(NotMailed::Refused("bots get no mail".into())));
    }
    let language = stored_language(language).unwrap_or_default();
    let Some(settings) = read(conn, user_id).await? else {
        return Ok(Err(NotMailed::Refused("no address".into())));
    };
    let Some(email) = settings.email.clone() else {
        return Ok(Err(NotMailed::Refused("no address".into())));
    };
    Ok(Ok(Recipient {
        username,
        language,
        email,
        settings,
    }))
}

/// The verification mail of the address its row names, unless another was given since or it
/// is verified already.
fn verification(
    services: &Services,
    parcel: &Parcel,
    recipient: &Recipient,
) -> ServiceResult<Result<LetterBody, NotMailed>> {
    let asked = parcel.payload["email"].as_str();
    let req = parcel.payload["set_at"].as_i64();
    let given_at = recipient.settings.set_at.map(micros);
    if asked != Some(recipient.email.as_str()) || req.is_none() || given_at != req {
        return Ok(Err(NotMailed::Refused(
            "another address was given since".into(),
        )));
    }
    if recipient.settings.verified_at.is_some() {
        return Ok(Err(NotMailed::Refused("already verified".into())));
    }
    let token = verify_token(
        services,
        parcel.user_id,
        &recipient.email,
        req.unwrap_or_default(),
    )?;
    Ok(Ok(LetterBody::Verify { token }))
}

/// The mail of an event of a match (to a verified address that still wants that kind), while
/// the match exists.
async fn match_event(
    services: &Services,
    conn: &mut AsyncPgConnection,
    parcel: &Parcel,
) -> ServiceResult<Result<LetterBody, NotMailed>> {
    let Some(match_id) = parcel.payload["match_id"]
        .as_str()
        .and_then(|s| s.parse::<Uuid>().ok())
    else {
        return Ok(Err(NotMailed::Refused("no match".into())));
    };
    let found: Option<MatchFacts> = matches::table
        .find(match_id)
        .select(MatchFacts::as_select())
        .first(conn)
        .await
        .optional()?;
    let Some(facts) = found else {
        return Ok(Err(NotMailed::Refused("the match is gone".into())));
    };
    let rank = if parcel.kind == "match_finished" {
        final_rank(conn, match_id, parcel.user_id)
            .await?
            .map(|rank| (rank, facts.seat_count))
    } else {
        None
    };
    // The deadline the event told, else the match's.
    let told_deadline = parcel.payload["deadline"].as_str().and_then(|s| {
        OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339).ok()
    });
    Ok(Ok(LetterBody::Event(MatchLetter {
        kind: parcel.kind.clone(),
        match_id,
        opponents: facts.opponents_of(parcel.user_id),
        game: facts.game,
        by: parcel.payload["by"].as_str().map(str::to_owned),
        deadline: told_deadline.or(facts.deadline),
        rank,
        unsubscribe_token: unsubscribe_token(services, parcel.user_id, &parcel.kind)?,
        unsubscribe_all_token: unsubscribe_token(services, parcel.user_id, "all")?,
    })))
}

/// Why an event's mail is no longer wanted: an address not verified (any more), or a kind
/// the player stopped since.
fn not_wanted(parcel: &Parcel, recipient: &Recipient) -> Option<NotMailed> {
    if recipient.settings.verified_at.is_none() {
        return Some(NotMailed::Refused("the address is not verified".into()));
    }
    if !recipient.settings.events.contains(&parcel.kind) {
        return Some(NotMailed::Refused(format!(
            "{} mails were stopped",
            parcel.kind
        )));
    }
    None
}

/// The mail of an event of a league (to a verified address that still wants that kind): all it
/// says was written with the event (the league, the season, the division).
fn league_event(
    services: &Services,
    parcel: &Parcel,
) -> ServiceResult<Result<LetterBody, NotMailed>> {
    let p = &parcel.payload;
    let (Some(game), Some(season)) = (p["league"].as_str(), p["season"].as_i64()) else {
        return Ok(Err(NotMailed::Refused(
            "the event does not name its league".into(),
        )));
    };
    let Some(news) = league_news(&parcel.kind, p) else {
        return Ok(Err(without_news(parcel)));
    };
    Ok(Ok(LetterBody::League(LeagueLetter {
        kind: parcel.kind.clone(),
        game: game.to_owned(),
        season,
        news,
        unsubscribe_token: unsubscribe_token(services, parcel.user_id, &parcel.kind)?,
        unsubscribe_all_token: unsubscribe_token(services, parcel.user_id, "all")?,
    })))
}

/// The mail of an event of a tournament (to a verified address that still wants that kind):
/// all it says was written with the event (the tournament's name, the round, the place).
fn tournament_event(
    services: &Services,
    parcel: &Parcel,
) -> ServiceResult<Result<LetterBody, NotMailed>> {
    let p = &parcel.payload;
    let Some(tournament_id) = p["tournament_id"]
        .as_str()
        .and_then(|s| s.parse::<Uuid>().ok())
    else {
        return Ok(Err(NotMailed::Refused("no tournament".into())));
    };
    let (Some(tournament), Some(game)) = (p["tournament"].as_str(), p["game"].as_str()) else {
        return Ok(Err(NotMailed::Refused(
            "the event does not name its tournament".into(),
        )));
    };
    let Some(news) = tournament_news(&parcel.kind, p) else {
        return Ok(Err(without_news(parcel)));
    };
    Ok(Ok(LetterBody::Tournament(TournamentLetter {
        kind: parcel.kind.clone(),
        tournament_id,
        tournament: tournament.to_owned(),
        game: game.to_owned(),
        news,
        unsubscribe_token: unsubscribe_token(services, parcel.user_id, &parcel.kind)?,
        unsubscribe_all_token: unsubscribe_token(services, parcel.user_id, "all")?,
    })))
}

/// What a league's event of `kind` tells, from its payload `p` (none: it does not tell it).
fn league_news(kind: &str, p: &serde_json::Value) -> Option<LeagueNews> {
    match kind {
        "season_started" => Some(LeagueNews::SeasonStarted {
            division_id: p["division_id"].as_str()?.parse().ok()?,
            level: p["level"].as_i64()?,
            levels: p["levels"].as_i64()?,
            players: p["players"].as_i64()?,
            matches: p["matches"].as_i64()?,
        }),
        "promoted" | "relegated" => Some(LeagueNews::Moved {
            from_level: p["from_level"].as_i64()?,
            to_level: p["to_level"].as_i64()?,
            place: p["place"].as_i64()?,
        }),
        _ => None,
    }
}

/// What a tournament's event of `kind` tells, from its payload `p` (none: it does not tell it).
fn tournament_news(kind: &str, p: &serde_json::Value) -> Option<TournamentNews> {
    match kind {
        "round_started" => Some(TournamentNews::RoundStarted {
            round: p["round"].as_i64()?,
            rounds: p["rounds"].as_i64()?,
            match_id: p["match_id"].as_str().and_then(|s| s.parse().ok()),
            opponents: p["opponents"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|n| n.as_str().map(str::to_owned))
                .collect(),
        }),
        "tournament_finished" => Some(TournamentNews::Finished {
            place: p["place"].as_i64()?,
            entrants: p["entrants"].as_i64()?,
            points: p["points"].as_f64()?,
        }),
        _ => None,
    }
}

/// Why an event's row that does not say what it tells is not mailed.
fn without_news(parcel: &Parcel) -> NotMailed {
    NotMailed::Refused(format!("a {} event without what it tells", parcel.kind))
}

impl MatchFacts {
    /// The other players seated, each once.
    fn opponents_of(&self, user_id: Uuid) -> Vec<String> {
        let mut opponents: Vec<String> = Vec::new();
        for (id, name) in self.seat_user_ids.iter().zip(&self.seat_usernames) {
            if *id != user_id && !opponents.contains(name) {
                opponents.push(name.clone());
            }
        }
        opponents
    }
}

/// The best final rank of `user_id` in a finished match (from 1), if it has one.
async fn final_rank(
    conn: &mut AsyncPgConnection,
    match_id: Uuid,
    user_id: Uuid,
) -> ServiceResult<Option<i16>> {
    let rank: Option<Option<i16>> = match_seats::table
        .filter(match_seats::match_id.eq(match_id))
        .filter(match_seats::user_id.eq(user_id))
        .select(match_seats::rank)
        .order(match_seats::rank.asc().nulls_last())
        .first(conn)
        .await
        .optional()?;
    Ok(rank.flatten())
}
