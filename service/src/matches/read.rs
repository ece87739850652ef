//! Reading one match: the match as a viewer sees it, with or without its turn log, and its
//! version.

use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::AnyState;
use time::OffsetDateTime;
use uuid::Uuid;

use super::history::{TurnRow, load_turns, turn_entry, turn_rows};
use super::row::{Loaded, MatchRow, load_invited, row_as, seat_index, seats_to_act};
use super::seating::Seating;
use super::views::{Allowed, MatchStatus, MatchView, MatchWithTurns, TurnEntry};
use crate::db::OrNotFound;
use crate::db::kept::Versioned;
use crate::identity::caller::Identity;
use crate::identity::credentials::Caller;
use crate::players::blocks;
use crate::schema::{matches, users};
use crate::services::Conn;
use crate::{ServiceError, ServiceResult, Services};

/// A match as the process keeps it (`db::kept`): its row, its state read into the game's type
/// (while the match is active or finished), and its turn log once a page has read it.
#[derive(Debug)]
pub(crate) struct KeptMatch {
    row: MatchRow,
    state: Option<AnyState>,
    turns: Option<Vec<TurnEntry>>,
}

impl KeptMatch {
    /// What to keep of `row` (and of its turn log, if read with it).
    fn of(row: &MatchRow, turns: Option<&[TurnEntry]>) -> ServiceResult<KeptMatch> {
        let state = match (&row.state, row.status()?) {
            (Some(_), MatchStatus::Active | MatchStatus::Finished) => Some(row.load_state()?),
            _ => None,
        };
        Ok(KeptMatch {
            row: row.clone(),
            state,
            turns: turns.map(<[TurnEntry]>::to_vec),
        })
    }

    /// What to keep of a match this process has just written (a move): its row as written,
    /// and its state, at hand.
    pub(super) fn written(after: &Loaded) -> ServiceResult<KeptMatch> {
        match &after.state {
            Some(state) => Ok(KeptMatch {
                row: after.row.clone(),
                state: Some(state.clone()),
                turns: None,
            }),
            None => KeptMatch::of(&after.row, None),
        }
    }

    /// The match to view, its state already read.
    pub(super) fn loaded(&self) -> ServiceResult<Loaded> {
        let mut loaded = Loaded::new(self.row.clone())?;
        loaded.state = self.state.clone();
        Ok(loaded)
    }
}

impl Versioned for Arc<KeptMatch> {
    fn version(&self) -> i64 {
        self.row.version
    }
}

/// The connection a view reads with, when it reads anything (an open match's invitations,
/// the creator's name): the one at hand, or one taken from the pool when it is first needed.
pub(super) enum ViewConn<'a> {
    At(&'a mut AsyncPgConnection),
    /// Boxed: a connection is large, and taken only for open matches.
    Later(&'a Services, Option<Box<Conn>>),
}

impl ViewConn<'_> {
    async fn get(&mut self) -> ServiceResult<&mut AsyncPgConnection> {
        match self {
            ViewConn::At(conn) => Ok(conn),
            ViewConn::Later(services, taken) => {
                let conn = match taken {
                    Some(conn) => conn,
                    // Reads only.
                    None => taken.insert(Box::new(services.conn_keeping().await?)),
                };
                Ok(conn)
            }
        }
    }
}

/// The view of a loaded match for `viewer` ([`view_with`]), reading on `conn`.
pub(super) async fn view_of(
    conn: &mut AsyncPgConnection,
    loaded: Loaded,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchView> {
    view_with(&mut ViewConn::At(conn), loaded, viewer).await
}

/// The view of a loaded match for `viewer`. Reads the invitations of open and aborted
/// matches (an active or finished match has none: every invitee took a seat before the last
/// seat was taken) and the creator's name when they have no seat (they always do, as the
/// creator takes the first seat).
async fn view_with(
    conn: &mut ViewConn<'_>,
    mut loaded: Loaded,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchView> {
    let status = loaded.row.status()?;
    let invitations = match status {
        MatchStatus::Open | MatchStatus::Aborted => {
            load_invited(conn.get().await?, &[loaded.row.id]).await?
        }
        MatchStatus::Active | MatchStatus::Finished => Vec::new(),
    };
    let creator = creator_name(conn, &loaded).await?;
    let your_seat = viewer.and_then(|who| loaded.seat_of(who.user_id));
    let mut allowed = allowed_for(viewer, &loaded, status, &invitations)?;
    allowed.join &= !unwelcome(conn, viewer, &loaded, status, your_seat).await?;
    let invited = invitations.into_iter().map(|(_, _, name)| name).collect();
    let (state, legal_actions) = match (&loaded.row.state, status) {
        (Some(_), MatchStatus::Active | MatchStatus::Finished) => {
            let state = loaded.take_state()?;
            let legal = match (your_seat, status) {
                (Some(seat), MatchStatus::Active) => state.legal_actions(seat),
                _ => Vec::new(),
            };
            (Some(state.view(your_seat)), legal)
        }
        _ => (None, Vec::new()),
    };
    let row = loaded.row;
    let result = loaded.result;
    let fairness = row.fairness()?;
    Ok(MatchView {
        id: row.id,
        game: row.game_id()?,
        options: row.options,
        rated: row.rated,
        status,
        version: row.version,
        seat_count: seat_index(row.seat_count)?,
        days_per_move: row.days_per_move.map(i64::from),
        creator,
        invited,
        seats: loaded.seats.into_iter().map(|s| s.view).collect(),
        to_act: seats_to_act(row.to_act_seat)?,
        your_seat,
        deadline: row.deadline,
        paused_seconds_left: row
            .paused_time_left_us
            .filter(|_| status == MatchStatus::Active)
            .map(|us| us / 1_000_000),
        state,
        legal_actions,
        result,
        fairness,
        rematch: row.rematch_id,
        created_at: row.created_at,
        started_at: row.started_at,
        finished_at: row.finished_at,
        updated_at: row.updated_at,
        allowed,
    })
}

/// The name of the match's creator: from their seat, or read when they have none.
async fn creator_name(conn: &mut ViewConn<'_>, loaded: &Loaded) -> ServiceResult<String> {
    let creator_id = loaded.row.creator_id;
    if let Some(seat) = loaded.seats.iter().find(|s| s.user_id == creator_id) {
        return Ok(seat.view.username.clone());
    }
    Ok(users::table
        .find(creator_id)
        .select(users::username)
        .first(conn.get().await?)
        .await?)
}

/// Whether a player seated at an open match blocked `viewer`, who may not join then.
async fn unwelcome(
    conn: &mut ViewConn<'_>,
    viewer: Option<&Identity>,
    loaded: &Loaded,
    status: MatchStatus,
    your_seat: Option<usize>,
) -> ServiceResult<bool> {
    Ok(match viewer {
        Some(who) if status == MatchStatus::Open && your_seat.is_none() => {
            !blocks::blocked_by(conn.get().await?, who.user_id, &loaded.row.seat_user_ids)
                .await?
                .is_empty()
        }
        _ => false,
    })
}

/// What `viewer` may do with a loaded match, given its unanswered invitations.
fn allowed_for(
    viewer: Option<&Identity>,
    loaded: &Loaded,
    status: MatchStatus,
    invitations: &[(Uuid, Uuid, String)],
) -> ServiceResult<Allowed> {
    let Some(who) = viewer else {
        return Ok(Allowed::default());
    };
    let seated = loaded.seat_of(who.user_id).is_some();
    let seating = Seating {
        status,
        seat_count: seat_index(loaded.row.seat_count)?,
        taken: loaded.seats.len(),
        pending: invitations.len(),
        seated,
        invited: invitations.iter().any(|(_, user, _)| *user == who.user_id),
        creator: loaded.row.creator_id == who.user_id,
    };
    Ok(Allowed {
        abort: seated && loaded.row.abortable()?,
        rematch: seated && status == MatchStatus::Finished && loaded.row.rematch_id.is_none(),
        ..seating.allowed()
    })
}

/// The match `id` and the viewer as the process keeps them (`db::kept`), if it keeps both:
/// no statement. A viewer whose credentials the process keeps but refuses now (a suspended
/// account, a missing scope) is refused.
pub(super) fn kept_read(
    services: &Services,
    id: Uuid,
    viewer: Option<Caller<'_>>,
    with_turns: bool,
) -> ServiceResult<Option<(Arc<KeptMatch>, Option<Identity>)>> {
    let Some(kept) = services.reads().a_match(id) else {
        return Ok(None);
    };
    if with_turns && kept.turns.is_none() {
        return Ok(None);
    }
    let who = match viewer {
        None => None,
        Some(Caller::Known(who)) => Some(who.clone()),
        Some(Caller::Presenting(credentials)) => {
            match credentials.kept(services, OffsetDateTime::now_utc()) {
                Some(who) => Some(who?),
                None => return Ok(None),
            }
        }
    };
    Ok(Some((kept, who)))
}

/// A match as `viewer` (or a spectator) sees it: as the process keeps it, else one statement
/// reads the match and confirms the viewer ([`row_as`]), and what it read is kept.
pub async fn get(
    services: &Services,
    id: Uuid,
    viewer: Option<Caller<'_>>,
) -> ServiceResult<MatchView> {
    if let Some((kept, who)) = kept_read(services, id, viewer, false)? {
        let mut conn = ViewConn::Later(services, None);
        return view_with(&mut conn, kept.loaded()?, who.as_ref()).await;
    }
    let ticket = services.reads().ticket_for(id);
    let mut conn = services.conn_keeping().await?;
    let (row, who) = row_as(&conn, services, id, viewer, false, ticket).await?;
    let loaded = match ticket {
        Some(ticket) => {
            let kept = KeptMatch::of(&row, None)?;
            let loaded = kept.loaded()?;
            services.reads().keep_match(ticket, id, Arc::new(kept));
            loaded
        }
        None => Loaded::new(row)?,
    };
    view_of(&mut conn, loaded, who.as_ref()).await
}

/// A match as `viewer` (or a spectator) sees it, with its whole turn log and the viewer as the
/// statement that read the match confirmed them: the match page. As the process keeps them,
/// else: the turn log's statement is sent along with the match's (pipelined: one round trip
/// for both); its rows are read as the match's game once the match is known, and dropped
/// unread if the match is not found or the viewer is refused; and what was read is kept.
pub async fn get_with_turns(
    services: &Services,
    id: Uuid,
    viewer: Option<Caller<'_>>,
) -> ServiceResult<(MatchWithTurns, Option<Identity>)> {
    if let Some((kept, who)) = kept_read(services, id, viewer, true)? {
        let mut conn = ViewConn::Later(services, None);
        let view = view_with(&mut conn, kept.loaded()?, who.as_ref()).await?;
        let turns = kept.turns.clone().unwrap_or_default();
        return Ok((MatchWithTurns { view, turns }, who));
    }
    let ticket = services.reads().ticket_for(id);
    let mut conn = services.conn_keeping().await?;
    let shared: &AsyncPgConnection = &conn;
    let turns = async {
        let rows: Vec<TurnRow> = turn_rows(id).load(&mut &*shared).await?;
        Ok::<_, ServiceError>(rows)
    };
    let ((row, who), rows) =
        futures_util::try_join!(row_as(shared, services, id, viewer, false, ticket), turns)?;
    let game = row.game_id()?;
    let turns: Vec<TurnEntry> = rows
        .into_iter()
        .map(|row| turn_entry(game, row))
        .collect::<ServiceResult<_>>()?;
    let loaded = match ticket {
        Some(ticket) => {
            let kept = KeptMatch::of(&row, Some(&turns))?;
            let loaded = kept.loaded()?;
            services.reads().keep_match(ticket, id, Arc::new(kept));
            loaded
        }
        None => Loaded::new(row)?,
    };
    let view = view_of(&mut conn, loaded, who.as_ref()).await?;
    Ok((MatchWithTurns { view, turns }, who))
}

/// `view` with the whole turn log of its match, read in one statement.
pub(super) async fn with_turns(
    conn: &mut AsyncPgConnection,
    view: MatchView,
) -> ServiceResult<MatchWithTurns> {
    let turns = load_turns(conn, view.id, view.game).await?;
    Ok(MatchWithTurns { view, turns })
}

/// The current version of a match (cheap: for live updates).
pub async fn version(services: &Services, id: Uuid) -> ServiceResult<i64> {
    let mut conn = services.conn_keeping().await?;
    matches::table
        .find(id)
        .select(matches::version)
        .first(&mut conn)
        .await
        .or_not_found("match")
}
