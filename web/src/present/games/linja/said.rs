//! Linja in words: its events for the turn log (each said by the message
//! `play-linja-event-<type>`), and its actions.

use tapis_games::linja::{Action, Event, Linja, NoFollowingCause, Stage};

use super::super::{Names, Said, Say};
use super::{Whose, piece_words, row_words};

/// Whether the event changed `seat`'s score: a piece of theirs moved, by whoever.
pub(super) fn scores(event: &Event, seat: usize) -> bool {
    matches!(*event, Event::PieceMoved { owner, .. } if owner == seat)
}

/// One Linja event in words.
pub(super) fn event(event: &Event, names: &Names) -> Said {
    let lang = names.lang();
    let say = |kind: &str| Say::event::<Linja>(names, kind);
    let named = |kind: &str, seat: usize| say(kind).seat("name", seat);
    match *event {
        Event::TurnStarted { seat, extra_turn } if extra_turn => named("turn_started", seat).said(),
        Event::TurnStarted { .. } => Said::Nothing,
        Event::PieceMoved {
            seat,
            stage,
            owner,
            from,
            to,
        } => {
            let whose = Whose::of(owner, seat, names);
            say("piece_moved")
                .arg("stage", stage_word(stage))
                .arg("player", names.possessive(seat))
                .arg("piece", piece_words(owner == seat, owner, names))
                .arg("from", row_words(from, owner, &whose, lang))
                .arg("to", row_words(to, owner, &whose, lang))
                .said()
        }
        Event::FollowingMoveDue { seat, rows } => {
            named("following_move_due", seat).arg("rows", rows).said()
        }
        Event::NoFollowingMove { seat, cause } => named("no_following_move", seat)
            .arg(
                "cause",
                match cause {
                    NoFollowingCause::GoalLine => "goal-line",
                    NoFollowingCause::EmptyRow => "empty-row",
                },
            )
            .said(),
        Event::StepsLost { seat, count } => say("steps_lost")
            .arg("player", names.possessive(seat))
            .arg("count", count)
            .said(),
        Event::BonusEarned { seat } => named("bonus_earned", seat).said(),
        Event::Passed { seat } => named("passed", seat).said(),
        Event::FollowingForfeited { seat, rows } => {
            named("following_forfeited", seat).arg("rows", rows).said()
        }
        Event::FollowingDeclined { seat, rows } => {
            named("following_declined", seat).arg("rows", rows).said()
        }
        Event::BonusDeclined { seat } => named("bonus_declined", seat).said(),
        Event::Resigned { seat } => named("resigned", seat).said(),
        Event::GameOver {
            reason,
            scores,
            winner,
        } => say("game_over").two_player_over(reason.as_str(), winner, scores),
    }
}

/// The stage of a move, as the messages choose their words on it.
fn stage_word(stage: Stage) -> &'static str {
    match stage {
        Stage::Initial => "initial",
        Stage::Following => "following",
        Stage::Bonus => "bonus",
    }
}

/// A Linja action in words: what the player did.
pub(super) fn action(action: &Action, names: &Names) -> String {
    let lang = names.lang();
    let moved = |key: &str, from: u8, to: u8| lang.t2(key, "from", from, "to", to);
    match *action {
        Action::InitialMove { from, to } => moved("play-linja-action-initial-move", from, to),
        Action::FollowingMove { from, to } => moved("play-linja-action-following-move", from, to),
        Action::BonusMove { owner, from, to } => lang.t_with(
            "play-linja-action-bonus-move",
            &[
                ("owner", names.possessive(owner).into()),
                ("from", from.into()),
                ("to", to.into()),
            ],
        ),
        Action::Pass => lang.t("play-linja-action-pass"),
        Action::ForfeitFollowing => lang.t("play-linja-action-forfeit-following"),
        Action::DeclineFollowing => lang.t("play-linja-action-decline-following"),
        Action::DeclineBonus => lang.t("play-linja-action-decline-bonus"),
    }
}
