//! La Linotte and Yam Master in words: their events for the turn log (each said by the message
//! `play-linotte-event-<type>`), and their actions.

use tapis_games::linotte::{Action, Event};

use super::super::{Names, Said, Say, faces, nth};
use super::{LinotteGame, cell_name, cell_words, challenge_word, combination_name};

/// Whether the event changed `seat`'s alignment points or pawns: a pawn placed, or taken away
/// by the Yam Predator.
pub(super) fn scores(event: &Event, seat: usize) -> bool {
    match *event {
        Event::Placed { seat: s, .. } => s == seat,
        Event::PawnRemoved { owner, .. } => owner == seat,
        _ => false,
    }
}

/// One event of game `G` in words.
pub(super) fn event<G: LinotteGame>(event: &Event, names: &Names) -> Said {
    let lang = names.lang();
    let game = G::ID;
    let say = |kind: &str, seat: usize| Say::event::<G>(names, kind).seat("name", seat);
    match *event {
        Event::TurnStarted { .. } => Said::Nothing,
        Event::DiceThrown {
            seat,
            throw,
            values,
            dice,
        } => say("dice_thrown", seat)
            .arg("faces", faces(values.as_slice().iter().copied()))
            .flag("again", throw > 1 && values.len() != dice.len())
            .arg("nth", nth(throw, lang))
            .arg("dice", faces(dice))
            .said(),
        Event::Rerolled { seat, faces: again } => say("rerolled", seat)
            .arg("faces", faces(again.as_slice().iter().copied()))
            .arg("count", again.as_slice().len())
            .said(),
        Event::AppelAnnounced { seat, combination } => say("appel_announced", seat)
            .arg("combination", combination.combination().label(game))
            .said(),
        Event::DefiDeclared { seat } => say("defi_declared", seat).said(),
        Event::ChallengeResolved { seat, succeeded } => say("challenge_resolved", seat)
            .flag("succeeded", succeeded)
            .arg("challenge", challenge_word(game))
            .said(),
        Event::Placed {
            seat,
            row,
            col,
            combination,
            reserve,
            points,
        } => say("placed", seat)
            .arg("combination", combination_name(combination, game, lang))
            .arg("cell", cell_words(row, col, lang))
            .arg("reserve", reserve)
            .arg("points", points)
            .said(),
        Event::PawnRemoved {
            seat,
            owner,
            row,
            col,
            returned,
            owner_points,
        } => say("pawn_removed", seat)
            .flag("returned", returned)
            .arg("owner", names.possessive(owner))
            .arg("cell", cell_name(row, col, game, lang))
            .seat("owner-name", owner)
            .arg("points", owner_points)
            .said(),
        Event::Passed { seat } => say("passed", seat).said(),
        Event::Resigned { seat } => say("resigned", seat).said(),
        Event::GameOver {
            reason,
            winner,
            points,
        } => Say::event::<G>(names, "game_over").two_player_over(reason.as_str(), winner, points),
    }
}

/// An action of game `G` in words: what the player did.
pub(super) fn action<G: LinotteGame>(action: &Action, names: &Names) -> String {
    let lang = names.lang();
    let game = G::ID;
    match *action {
        Action::Reroll { faces: again } => lang.t1(
            "play-linotte-action-reroll",
            "faces",
            faces(again.as_slice().iter().copied()),
        ),
        Action::Appel { combination } => lang.t1(
            "play-linotte-action-appel",
            "combination",
            combination.combination().label(game),
        ),
        Action::Defi => lang.t("play-linotte-action-defi"),
        Action::Place { row, col } => lang.t1(
            "play-linotte-action-place",
            "cell",
            cell_name(row, col, game, lang),
        ),
        Action::Remove { row, col } => lang.t1(
            "play-linotte-action-remove",
            "cell",
            cell_name(row, col, game, lang),
        ),
        Action::Pass => lang.t("play-linotte-action-pass"),
    }
}
