//! Reading tournaments: the list, one tournament with its entrants, its standings (computed
//! by the pure crate from the stored rounds) and its rounds with their tables.

use std::collections::HashMap;
use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::GameId;
use tapis_tournaments::{Decided, Points, Standing, TieBreak, table_points};
use uuid::Uuid;

use super::plan::{late_entry_before_round, round_clock};
use super::store::{self, EntrantRow, TableRow, TournamentRow};
use super::views::{
    Allowed, EntrantView, RoundView, StandingLine, Standings, StandingsWindow, TableView,
    TournamentFilter, TournamentSheet, TournamentStatus, TournamentSummary, TournamentView,
};
use crate::adjudication as adjudicate;
use crate::db::OrNotFound;
use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::schema::{tournament_entrants, tournament_rounds, tournaments, users};
use crate::services::Services;

/// The list's page size when not said, and the most it may be.
const LIST_LIMIT: (i64, i64) = (50, 100);

/// The standings' lines sent when not said, and the most that may be asked for.
const STANDINGS_LIMIT: (i64, i64) = (100, 1000);

/// Tournaments, filtered by status and game: upcoming ones soonest first, the others latest
/// first.
pub async fn list(
    services: &Services,
    filter: &TournamentFilter,
) -> ServiceResult<Vec<TournamentSummary>> {
    let (status, game, limit) = list_filter(filter)?;
    let mut conn = services.conn().await?;
    let mut query = tournaments::table
        .inner_join(users::table)
        .select((store::TournamentRow::as_select(), users::username))
        .limit(limit)
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(tournaments::status.eq(status.as_str()));
    }
    if let Some(game) = game {
        query = query.filter(tournaments::game.eq(game.as_str()));
    }
    query = if status == Some(TournamentStatus::Upcoming) {
        query.order((tournaments::starts_at.asc(), tournaments::id))
    } else {
        query.order((tournaments::starts_at.desc(), tournaments::id))
    };
    let rows: Vec<(TournamentRow, String)> = query.load(&mut conn).await?;
    let ids: Vec<Uuid> = rows.iter().map(|(t, _)| t.id).collect();
    let counts = entrant_counts(&mut conn, &ids).await?;
    rows.into_iter()
        .map(|(t, organiser)| {
            Ok(TournamentSummary {
                id: t.id,
                entrants: counts.get(&t.id).copied().unwrap_or(0),
                status: t.status()?,
                name: t.name,
                game: t.game,
                table_size: t.table_size,
                rounds: t.rounds,
                days_per_move: t.days_per_move,
                rated: t.rated,
                starts_at: t.starts_at,
                current_round: t.current_round,
                max_players: t.max_players,
                organiser,
            })
        })
        .collect()
}

/// What a list's filter asks for: the status, the game and the page size, checked.
fn list_filter(
    filter: &TournamentFilter,
) -> ServiceResult<(Option<TournamentStatus>, Option<GameId>, i64)> {
    let status = filter
        .status
        .as_deref()
        .map(|s| {
            TournamentStatus::named(s).ok_or_else(|| {
                ServiceError::invalid(
                    "status",
                    "tournament_status_unknown",
                    "must be upcoming, running, finished or cancelled",
                )
            })
        })
        .transpose()?;
    let game = filter
        .game
        .as_deref()
        .map(|g| {
            g.parse::<GameId>().map_err(|_| {
                ServiceError::invalid("game", "game_unknown", format!("unknown game “{g}”"))
            })
        })
        .transpose()?;
    let limit = filter.limit.unwrap_or(LIST_LIMIT.0);
    if !(1..=LIST_LIMIT.1).contains(&limit) {
        return Err(ServiceError::invalid(
            "limit",
            "limit_range",
            "must be from 1 to 100",
        ));
    }
    Ok((status, game, limit))
}

/// How many entrants each of the tournaments `ids` has (none: not listed).
async fn entrant_counts(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> ServiceResult<HashMap<Uuid, i64>> {
    Ok(tournament_entrants::table
        .filter(tournament_entrants::tournament_id.eq_any(ids))
        .group_by(tournament_entrants::tournament_id)
        .select((
            tournament_entrants::tournament_id,
            diesel::dsl::count_star(),
        ))
        .load::<(Uuid, i64)>(conn)
        .await?
        .into_iter()
        .collect())
}

/// One tournament with its entrants.
pub async fn get(services: &Services, id: Uuid) -> ServiceResult<TournamentView> {
    let mut conn = services.conn().await?;
    let row = store::find(&mut conn, id).await?;
    view_of(&mut conn, row).await
}

/// Everything the tournament's page shows, read on one connection, with what `viewer` may do
/// there.
pub async fn sheet(
    services: &Services,
    viewer: Option<&Identity>,
    id: Uuid,
) -> ServiceResult<TournamentSheet> {
    let mut conn = services.conn().await?;
    let row = store::find(&mut conn, id).await?;
    let entrant_rows = store::entrants(&mut conn, id).await?;
    let tables = store::tables(&mut conn, id).await?;
    let standings = standings_of(&row, &entrant_rows, &tables)?;
    let rounds = rounds_of(&mut conn, &row, &entrant_rows, &tables).await?;
    let may = match viewer {
        Some(viewer) => allowed(&mut conn, &row, &entrant_rows, viewer.user_id).await?,
        None => Allowed::default(),
    };
    let tournament = view_with(&mut conn, row, entrant_rows).await?;
    Ok(TournamentSheet {
        tournament,
        standings,
        rounds,
        may,
    })
}

/// What `user_id` may do in the tournament of `row`: the rules the service applies when they
/// try, told in advance so that a page offers only what will be accepted.
async fn allowed(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    entrants: &[EntrantRow],
    user_id: Uuid,
) -> ServiceResult<Allowed> {
    let moderator: bool = users::table
        .find(user_id)
        .select(users::moderator)
        .first(conn)
        .await?;
    let status = row.status()?;
    let mut may = permissions(row, status, entrants, user_id, moderator);
    if may.seat_bots {
        let bots: Vec<String> = users::table
            .filter(users::is_bot.eq(true))
            .select(users::username)
            .order(users::username)
            .load(conn)
            .await?;
        let seated: Vec<&str> = entrants
            .iter()
            .filter(|e| e.is_bot)
            .map(|e| e.username.as_str())
            .collect();
        may.seat = bots
            .into_iter()
            .filter(|b| !seated.contains(&b.as_str()))
            .collect();
    }
    Ok(may)
}

/// The permissions of [`allowed`], from what is already read (pure).
fn permissions(
    row: &TournamentRow,
    status: TournamentStatus,
    entrants: &[EntrantRow],
    user_id: Uuid,
    moderator: bool,
) -> Allowed {
    let entry = entrants.iter().find(|e| e.user_id == user_id);
    let organiser = row.organiser_id == user_id;
    let late_open = row.current_round < late_entry_before_round(row.rounds);
    let bots_open = organiser && row.allow_bots && !row.rated;
    let seated_bots = || -> Vec<String> {
        entrants
            .iter()
            .filter(|e| e.is_bot)
            .map(|e| e.username.clone())
            .collect()
    };
    match status {
        TournamentStatus::Upcoming => Allowed {
            join: entry.is_none(),
            leave: entry.is_some(),
            cancel: organiser || moderator,
            seat_bots: bots_open,
            unseat: if bots_open { seated_bots() } else { Vec::new() },
            ..Allowed::default()
        },
        TournamentStatus::Running => Allowed {
            join: entry.is_none() && late_open,
            withdraw: entry.is_some_and(|e| !e.withdrawn),
            reconfirm: entry.is_some_and(|e| e.withdrawn),
            cancel: moderator,
            seat_bots: bots_open && late_open,
            ..Allowed::default()
        },
        TournamentStatus::Finished | TournamentStatus::Cancelled => Allowed::default(),
    }
}

/// The view of the tournament of `row`.
pub(super) async fn view_of(
    conn: &mut AsyncPgConnection,
    row: TournamentRow,
) -> ServiceResult<TournamentView> {
    let entrants = store::entrants(conn, row.id).await?;
    view_with(conn, row, entrants).await
}

/// The view of the tournament of `row`, whose entrants are already read.
async fn view_with(
    conn: &mut AsyncPgConnection,
    row: TournamentRow,
    entrants: Vec<EntrantRow>,
) -> ServiceResult<TournamentView> {
    let organiser: String = users::table
        .find(row.organiser_id)
        .select(users::username)
        .first(conn)
        .await?;
    let entrants = entrants
        .into_iter()
        .map(|e| EntrantView {
            username: e.username,
            rating: e.rating,
            bot: e.is_bot,
            joined_round: e.joined_round,
            withdrawn: e.withdrawn,
            withdrawn_reason: e.withdrawn_reason,
        })
        .collect();
    Ok(TournamentView {
        status: row.status()?,
        round_days: round_clock(row.days_per_move, row.expected_moves).days(),
        late_entry_before_round: late_entry_before_round(row.rounds),
        adjudication: adjudicate::RULE,
        id: row.id,
        name: row.name,
        game: row.game,
        options: row.options,
        table_size: row.table_size,
        rounds: row.rounds,
        days_per_move: row.days_per_move,
        expected_moves: row.expected_moves,
        rated: row.rated,
        starts_at: row.starts_at,
        min_rating: row.min_rating,
        max_rating: row.max_rating,
        max_players: row.max_players,
        vacation_pauses: row.vacation_pauses,
        allow_bots: row.allow_bots,
        organiser,
        current_round: row.current_round,
        entrants,
        created_at: row.created_at,
        finished_at: row.finished_at,
    })
}

/// The lines of `window` of the standings after the rounds closed so far (a table counts once
/// its round is over).
///
/// Computed once per revision of the tournament and kept by the process ([`StandingsCache`]):
/// a request that finds them kept reads one row (the revision) by its key.
pub async fn standings(
    services: &Services,
    id: Uuid,
    window: StandingsWindow,
) -> ServiceResult<Standings> {
    let (offset, limit) = window_of(window)?;
    let mut conn = services.conn().await?;
    let revision: i64 = tournaments::table
        .find(id)
        .select(tournaments::revision)
        .first(&mut conn)
        .await
        .or_not_found("tournament")?;
    let cache = services.standings_cache();
    let whole = match cache.get(id, revision) {
        Some(kept) => kept,
        None => {
            // Read after the revision: what is kept is never older than the revision it is
            // kept under.
            let row = store::find(&mut conn, id).await?;
            let entrant_rows = store::entrants(&mut conn, id).await?;
            let tables = store::tables(&mut conn, id).await?;
            let computed = Arc::new(standings_of(&row, &entrant_rows, &tables)?);
            cache.put(id, revision, Arc::clone(&computed));
            computed
        }
    };
    let lines = whole
        .lines
        .iter()
        .skip(offset)
        .take(limit)
        .cloned()
        .collect();
    Ok(Standings {
        tie_breaks: whole.tie_breaks.clone(),
        total: whole.total,
        offset,
        lines,
    })
}

/// The offset and the number of lines of `window`, checked.
fn window_of(window: StandingsWindow) -> ServiceResult<(usize, usize)> {
    let limit = window.limit.unwrap_or(STANDINGS_LIMIT.0);
    if !(1..=STANDINGS_LIMIT.1).contains(&limit) {
        return Err(ServiceError::invalid(
            "limit",
            "limit_range",
            "must be from 1 to 1000",
        ));
    }
    let offset = window.offset.unwrap_or(0);
    let offset = usize::try_from(offset)
        .map_err(|_| ServiceError::invalid("offset", "offset_negative", "must be 0 or more"))?;
    let limit = usize::try_from(limit)
        .map_err(|_| ServiceError::invalid("limit", "limit_range", "must be from 1 to 1000"))?;
    Ok((offset, limit))
}

/// The standings of the tournament of `row`, from its entrants and tables (pure).
fn standings_of(
    row: &TournamentRow,
    entrant_rows: &[EntrantRow],
    tables: &[TableRow],
) -> ServiceResult<Standings> {
    let sizes = row.sizes()?;
    let lines = crate_standings(row, entrant_rows, tables)?;
    let names: HashMap<Uuid, &str> = entrant_rows
        .iter()
        .map(|e| (e.user_id, e.username.as_str()))
        .collect();
    standings_view(lines, &names, sizes)
}

/// The standings as clients read them: names for ids, tie-breaks in points (but the game
/// score), what decided each line by name. Shared with the leagues' division tables.
pub(crate) fn standings_view(
    lines: Vec<tapis_tournaments::Standing<Uuid>>,
    names: &HashMap<Uuid, &str>,
    sizes: tapis_tournaments::TableSizes,
) -> ServiceResult<Standings> {
    let kinds = TieBreak::for_tables(sizes);
    let value = |kind: TieBreak, v: i64| {
        if kind.is_points() {
            Points::from_units(u64::try_from(v).unwrap_or(0)).to_f64()
        } else {
            v as f64
        }
    };
    Ok(Standings {
        tie_breaks: kinds.map(|k| tie_break_name(k).to_owned()),
        total: lines.len(),
        offset: 0,
        lines: lines
            .into_iter()
            .map(|s| {
                Ok(StandingLine {
                    rank: s.rank,
                    username: (*names.get(&s.id).ok_or_else(|| {
                        ServiceError::internal("a standing without its entrant", s.id)
                    })?)
                    .to_owned(),
                    points: s.points.to_f64(),
                    played: s.played,
                    won: s.won,
                    byes: s.byes,
                    tie_breaks: [
                        value(kinds[0], s.tie_breaks[0]),
                        value(kinds[1], s.tie_breaks[1]),
                    ],
                    decided_by: match s.decided {
                        Decided::Top => "top".to_owned(),
                        Decided::Points => "points".to_owned(),
                        Decided::TieBreak(kind) => tie_break_name(kind).to_owned(),
                        Decided::Shared => "shared".to_owned(),
                    },
                    withdrawn: s.withdrawn,
                })
            })
            .collect::<ServiceResult<_>>()?,
    })
}

/// The entrants of the tournament of `row` and its standings after the tables recorded so far
/// (in the caller's transaction: the worker tells the final places with the round's close).
pub(super) async fn standing_lines(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
) -> ServiceResult<(Vec<EntrantRow>, Vec<Standing<Uuid>>)> {
    let entrant_rows = store::entrants(conn, row.id).await?;
    let tables = store::tables(conn, row.id).await?;
    let lines = crate_standings(row, &entrant_rows, &tables)?;
    Ok((entrant_rows, lines))
}

/// The crate's standings of the tournament of `row`, from its entrants and tables (pure).
fn crate_standings(
    row: &TournamentRow,
    entrant_rows: &[EntrantRow],
    tables: &[TableRow],
) -> ServiceResult<Vec<Standing<Uuid>>> {
    let records = store::records(tables, row.current_round)?;
    let entrants = store::crate_entrants(entrant_rows);
    tapis_tournaments::standings(&entrants, &records, row.sizes()?)
        .map_err(|e| ServiceError::internal("stored rounds do not make standings", e))
}

fn tie_break_name(kind: TieBreak) -> &'static str {
    match kind {
        TieBreak::Buchholz => "buchholz",
        TieBreak::SonnebornBerger => "sonneborn_berger",
        TieBreak::OpponentsScore => "opponents_score",
        TieBreak::GameScore => "game_score",
    }
}

/// Every round started so far, with its tables and byes.
pub async fn rounds(services: &Services, id: Uuid) -> ServiceResult<Vec<RoundView>> {
    let mut conn = services.conn().await?;
    let row = store::find(&mut conn, id).await?;
    let entrants = store::entrants(&mut conn, id).await?;
    let tables = store::tables(&mut conn, id).await?;
    rounds_of(&mut conn, &row, &entrants, &tables).await
}

/// The rounds of the tournament of `row`, whose entrants and tables are already read.
async fn rounds_of(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    entrants: &[EntrantRow],
    tables: &[TableRow],
) -> ServiceResult<Vec<RoundView>> {
    let id = row.id;
    let rounds: Vec<(
        i16,
        time::OffsetDateTime,
        time::OffsetDateTime,
        Option<time::OffsetDateTime>,
    )> = tournament_rounds::table
        .filter(tournament_rounds::tournament_id.eq(id))
        .order(tournament_rounds::number)
        .select((
            tournament_rounds::number,
            tournament_rounds::started_at,
            tournament_rounds::deadline,
            tournament_rounds::finished_at,
        ))
        .load(conn)
        .await?;
    let names: HashMap<Uuid, &str> = entrants
        .iter()
        .map(|e| (e.user_id, e.username.as_str()))
        .collect();
    let name = |id: &Uuid| {
        names
            .get(id)
            .map(|n| (*n).to_owned())
            .ok_or_else(|| ServiceError::internal("a table's player is not an entrant", id))
    };
    rounds
        .into_iter()
        .map(|(number, started_at, deadline, finished_at)| {
            let tables = tables
                .iter()
                .filter(|t| t.round == number)
                .map(|t| {
                    let bye = t.match_id.is_none();
                    let points = match (&t.places, bye) {
                        (_, true) => Some(vec![Points::HALF.to_f64()]),
                        (Some(places), false) => Some(places_points(places)?),
                        (None, false) => None,
                    };
                    Ok(TableView {
                        number: t.number,
                        match_id: t.match_id,
                        players: t.seats.iter().map(name).collect::<ServiceResult<_>>()?,
                        places: t.places.clone(),
                        points,
                        adjudicated: t.adjudicated,
                        bye,
                    })
                })
                .collect::<ServiceResult<Vec<_>>>()?;
            Ok(RoundView {
                number,
                started_at,
                deadline,
                finished_at,
                tables,
            })
        })
        .collect()
}

/// The points the seats of a table over earned by their stored places (a tournament's table
/// or a league's fixture).
pub(crate) fn places_points(places: &[i16]) -> ServiceResult<Vec<f64>> {
    let places = places
        .iter()
        .map(|p| u32::try_from(*p))
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|e| ServiceError::internal("a stored place is negative", e))?;
    let points = table_points(&places)
        .map_err(|e| ServiceError::internal("stored places do not score", e))?;
    Ok(points.into_iter().map(Points::to_f64).collect())
}
