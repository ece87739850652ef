//! The model of the match page's live part (`#match-live`): whose turn it is, the seats, the
//! table drawn by the game's presenter, the turn log, the result and the fair-dice seed —
//! everything the template shows, worked out from the service's match view and turn log; and
//! the same table for a step of a replay.

use askama::Template;
use tapis_games::{AnyEvent, GameId};
use tapis_l10n::Language;
use tapis_service::matches::{MatchStatus, MatchView, SeatView, TurnEntry, TurnKind};
use tapis_service::replay::ReplayedStep;
use uuid::Uuid;

use super::games::{self, Names, Seen};
use super::play::{
    LogEntry, PlayedTurn, RECENT_TURNS, ResultView, departed, entry_words, log_entry, played_turns,
    since_last_move, turn_count, turn_log,
};
use super::table::{PanelKind, Table, Token};
use super::{When, join_names, seat_name};
use crate::session::Ctx;

/// Where the table's forms post, and what they carry.
#[derive(Debug, Clone)]
pub struct ActForm {
    pub url: String,
    pub csrf: String,
    pub version: i64,
}

/// A short message shown above the table.
#[derive(Debug, Clone)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

impl Notice {
    /// Why something the viewer asked for was refused.
    pub fn refusal(text: String) -> Notice {
        Notice { text, error: true }
    }
}

/// A seat in the list of players.
#[derive(Debug, Clone)]
pub struct SeatLine {
    pub name: String,
    pub token: Token,
    pub yours: bool,
    /// A computer player sits here.
    pub bot: bool,
    pub to_act: bool,
    /// Resigned or ran out of time.
    pub left: bool,
    /// Until when this player is on vacation, if they are.
    pub on_vacation_until: Option<When>,
}

/// A match still waiting for players.
#[derive(Debug, Clone)]
pub struct OpenMatch {
    pub taken: usize,
    pub seat_count: usize,
    pub invited: Vec<String>,
    /// The invited players, as a list in words.
    pub invited_names: String,
    pub can_join: bool,
    pub can_decline: bool,
    pub can_cancel: bool,
    pub signed_in: bool,
}

/// The live part of the match page (the htmx fragment).
#[derive(Debug, Template)]
#[template(path = "match_live_partial.html")]
pub struct Live {
    pub lang: Language,
    pub id: Uuid,
    pub version: i64,
    /// `open`, `active`, `finished` or `aborted`.
    pub status_code: &'static str,
    pub polling: bool,
    /// How often the page asks whether the match changed when it does not follow the match's
    /// stream (waiting for players, or the stream failing): sooner while a computer thinks.
    pub poll_ms: u32,
    pub status_line: String,
    pub your_turn: bool,
    pub deadline: Option<When>,
    /// The clock of the player to act is paused: they are on vacation.
    pub clock_paused: bool,
    pub notice: Option<Notice>,
    pub seats: Vec<SeatLine>,
    pub open: Option<OpenMatch>,
    pub result: Option<ResultView>,
    pub rated: bool,
    pub table: Option<Table>,
    pub act: Option<ActForm>,
    pub can_resign: bool,
    /// The viewer may abort the match: some seat has not taken its first turn yet.
    pub can_abort: bool,
    /// The viewer may ask for a rematch.
    pub can_rematch: bool,
    /// The rematch, once asked for: its page.
    pub rematch: Option<String>,
    pub csrf: String,
    /// The fair-dice panel: only for games with chance (not Linja).
    pub fairness: Option<Fairness>,
    /// The moves the viewer has not seen played yet, oldest first (said above the table).
    pub since: Vec<LogEntry>,
    pub recent: Vec<LogEntry>,
    pub earlier: Vec<LogEntry>,
    pub turn_count: usize,
    /// Who sits at the match (`alice, bob`), as the page's header says it.
    pub players: String,
    /// The page's title (`Yams: alice, bob`): the tab's title follows it when the part is
    /// swapped (someone joined).
    pub title: String,
}

impl Live {
    /// `poll_ms` as htmx's trigger says it: `2s`.
    pub fn poll_every(&self) -> String {
        format!("{}s", self.poll_ms / 1000)
    }
}

/// Who sits at the match (`alice, bob`), or that nobody does yet.
pub fn players_line(view: &MatchView, lang: Language) -> String {
    let seated = view.seats.iter().map(|s| (s.seat, s.username.as_str()));
    let names: Vec<String> = view
        .seats
        .iter()
        .map(|s| seat_name(seated.clone(), s.seat))
        .collect();
    if names.is_empty() {
        lang.t("match-no-players")
    } else {
        join_names(&names, lang)
    }
}

/// The seed a match committed to: its hash from the start, itself once the match is over.
#[derive(Debug, Clone)]
pub struct Fairness {
    pub seed_sha256: String,
    pub seed: Option<String>,
}

impl Fairness {
    /// The panel for a match of `game`, or `None` for a game without chance, whose seed decides
    /// nothing (Linja).
    pub fn of(game: GameId, seed_sha256: &str, seed: Option<&str>) -> Option<Fairness> {
        game.has_chance().then(|| Fairness {
            seed_sha256: seed_sha256.to_owned(),
            seed: seed.map(str::to_owned),
        })
    }
}

fn status_code(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Open => "open",
        MatchStatus::Active => "active",
        MatchStatus::Finished => "finished",
        MatchStatus::Aborted => "aborted",
    }
}

/// The players' names by seat (`seat N` for a seat still free).
pub fn names_of(seat_count: usize, seats: &[SeatView], lang: Language) -> Names {
    let mut names: Vec<String> = (0..seat_count)
        .map(|seat| lang.t1("match-seat", "seat", seat + 1))
        .collect();
    let seated = seats.iter().map(|s| (s.seat, s.username.as_str()));
    for seat in seats {
        if let Some(slot) = names.get_mut(seat.seat) {
            *slot = seat_name(seated.clone(), seat.seat);
        }
    }
    Names(names, lang)
}

/// What the viewer sees of the players at the table and whose turn it is.
struct Turn {
    /// The seat to act, while the match is active.
    to_act: Option<usize>,
    your_turn: bool,
    /// A computer player is to act.
    bot_thinking: bool,
}

impl Turn {
    fn of(view: &MatchView) -> Turn {
        let to_act = view
            .to_act
            .first()
            .copied()
            .filter(|_| view.status == MatchStatus::Active);
        Turn {
            to_act,
            your_turn: to_act.is_some() && to_act == view.your_seat,
            bot_thinking: to_act
                .is_some_and(|seat| view.seats.iter().any(|s| s.seat == seat && s.bot)),
        }
    }

    /// The line that says where the match stands.
    fn status_line(&self, view: &MatchView, result: Option<&ResultView>, names: &Names) -> String {
        let lang = names.lang();
        match view.status {
            MatchStatus::Open => lang.t2(
                "match-now-waiting",
                "taken",
                view.seats.len(),
                "seats",
                view.seat_count,
            ),
            MatchStatus::Active => match self.to_act {
                Some(_) if self.your_turn => lang.t("match-now-your-move"),
                Some(seat) if self.bot_thinking => {
                    lang.t1("match-now-bot-thinking", "name", names.of(seat))
                }
                Some(seat) => lang.t1("match-now-to-play", "name", names.of(seat)),
                None => lang.t("match-now-in-play"),
            },
            MatchStatus::Finished => match result {
                Some(r) => lang.t1("match-now-finished", "headline", &r.headline),
                None => lang.t("match-now-finished-plain"),
            },
            MatchStatus::Aborted if view.started_at.is_some() => lang.t("match-now-aborted"),
            MatchStatus::Aborted => lang.t("match-now-cancelled"),
        }
    }

    /// The list of players, marking whose turn it is and who left.
    fn seat_lines(&self, view: &MatchView, left: &[usize], lang: Language) -> Vec<SeatLine> {
        let seated = view.seats.iter().map(|s| (s.seat, s.username.as_str()));
        view.seats
            .iter()
            .map(|s| SeatLine {
                name: seat_name(seated.clone(), s.seat),
                token: Token::of_seat(
                    s.seat,
                    lang.t1("match-colour-of", "name", seat_name(seated.clone(), s.seat)),
                ),
                yours: view.your_seat == Some(s.seat),
                bot: s.bot,
                to_act: self.to_act == Some(s.seat),
                left: left.contains(&s.seat),
                on_vacation_until: s.on_vacation_until.map(|at| When::of(at, lang)),
            })
            .collect()
    }
}

/// The table as the viewer sees it, with the moves they have not seen played yet marked on it
/// (and said above it).
fn table_and_since(
    view: &MatchView,
    turns: &[PlayedTurn],
    names: &Names,
) -> (Option<Table>, Vec<LogEntry>) {
    let since = if view.status == MatchStatus::Active {
        since_last_move(turns, view.your_seat)
    } else {
        Vec::new()
    };
    let recent: Vec<AnyEvent> = since
        .iter()
        .flat_map(|t| t.events.iter().cloned())
        .collect();
    let table = view.state.as_ref().map(|state| {
        games::table(&Seen {
            view: state,
            legal: &view.legal_actions,
            names,
            viewer: view.your_seat,
            recent: &recent,
        })
    });
    let since = since
        .iter()
        .filter(|t| t.kind != TurnKind::Start)
        .map(|t| log_entry(t, names))
        .collect();
    (table, since)
}

/// What a match waiting for players offers its viewer: what they may do is the service's to
/// say (the same rule that joining applies).
fn open_match(view: &MatchView, ctx: &Ctx) -> Option<OpenMatch> {
    (view.status == MatchStatus::Open).then(|| OpenMatch {
        taken: view.seats.len(),
        seat_count: view.seat_count,
        invited: view.invited.clone(),
        invited_names: join_names(&view.invited, ctx.lang),
        can_join: view.allowed.join,
        can_decline: view.allowed.decline,
        can_cancel: view.allowed.cancel,
        signed_in: ctx.viewer.is_some(),
    })
}

impl Live {
    /// The fragment for `ctx`'s viewer, from the match and its turn log.
    pub fn build(
        view: &MatchView,
        entries: &[TurnEntry],
        ctx: &Ctx,
        notice: Option<Notice>,
    ) -> Live {
        let lang = ctx.lang;
        let active = view.status == MatchStatus::Active;
        let names = names_of(view.seat_count, &view.seats, lang);
        let turn = Turn::of(view);
        let left = departed(entries);
        let turns = played_turns(entries);
        let result = view
            .result
            .as_ref()
            .map(|r| ResultView::of(r, view.your_seat, lang));
        let (table, since) = table_and_since(view, &turns, &names);
        let mut recent = turn_log(&turns, &names);
        let earlier = if recent.len() > RECENT_TURNS {
            recent.split_off(RECENT_TURNS)
        } else {
            Vec::new()
        };
        let players = players_line(view, lang);
        let title = lang.t2(
            "match-page-title",
            "game",
            view.game.name(),
            "players",
            &players,
        );
        Live {
            players,
            title,
            lang,
            id: view.id,
            version: view.version,
            status_code: status_code(view.status),
            polling: matches!(view.status, MatchStatus::Open | MatchStatus::Active),
            poll_ms: if turn.bot_thinking { 1000 } else { 2000 },
            status_line: turn.status_line(view, result.as_ref(), &names),
            your_turn: turn.your_turn,
            deadline: view
                .deadline
                .filter(|_| active)
                .map(|at| When::of(at, lang)),
            clock_paused: active && view.paused_seconds_left.is_some(),
            notice,
            seats: turn.seat_lines(view, &left, lang),
            open: open_match(view, ctx),
            result,
            rated: view.rated,
            table,
            act: (active && !view.legal_actions.is_empty()).then(|| ActForm {
                url: format!("/matches/{}/act", view.id),
                csrf: ctx.csrf.clone(),
                version: view.version,
            }),
            can_resign: active && view.your_seat.is_some_and(|s| !left.contains(&s)),
            can_abort: view.allowed.abort,
            can_rematch: view.allowed.rematch,
            rematch: view.rematch.map(|id| format!("/matches/{id}")),
            csrf: ctx.csrf.clone(),
            fairness: Fairness::of(
                view.game,
                &view.fairness.seed_sha256,
                view.fairness.seed.as_deref(),
            ),
            since,
            recent,
            earlier,
            turn_count: turn_count(&turns),
        }
    }
}

/// A step of a replay: the table as it stood after that turn, with the turn's own move marked
/// on it as the last move is on the match page, and the whole log in words.
pub fn replayed_table(replayed: &ReplayedStep, names: &Names) -> (Table, Vec<LogEntry>) {
    let turns = &replayed.record.turns;
    let recent = turns
        .get(replayed.step)
        .map_or(&[][..], |turn| turn.events.as_slice());
    let table = games::table(&Seen {
        view: &replayed.view,
        legal: &[],
        names,
        viewer: None,
        recent,
    });
    let entries = turns.iter().map(|turn| entry_words(turn, names)).collect();
    (table, entries)
}
