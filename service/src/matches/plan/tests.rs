//! One test per rule of a new match, without a database.

use serde_json::json;

use super::*;

/// A request for a casual two-player match of 5000 with the defaults (an empty `options`).
fn request() -> NewMatch {
    NewMatch {
        game: "5000".to_owned(),
        seats: 2,
        options: None,
        rated: None,
        days_per_move: DaysPerMove::Default,
        invite: Vec::new(),
    }
}

/// The field, reason and message of a validation error (anything else fails the test).
fn refusal<T: std::fmt::Debug>(result: ServiceResult<T>) -> (String, &'static str, String) {
    match result {
        Err(ServiceError::Validation {
            field,
            reason,
            message,
        }) => (field.into_owned(), reason, message.into_owned()),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

fn plan(request: NewMatch) -> MatchPlan {
    match MatchPlan::parse(request) {
        Ok(plan) => plan,
        Err(e) => panic!("the request is refused: {e}"),
    }
}

/// 5000 with one option that is not the default (`extra_multiples` flipped).
fn other_options() -> Value {
    let default = GameId::FiveThousand.default_options();
    let flipped = !default["extra_multiples"].as_bool().unwrap_or(false);
    json!({ "extra_multiples": flipped })
}

#[test]
fn the_game_is_one_of_the_catalogue() {
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
    let (field, reason, message) = refusal(MatchPlan::parse(NewMatch {
        game: "chess".to_owned(),
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("game", "game_unknown"));
    assert_eq!(
        message,
        format!("unknown game “chess” (known: {})", known.join(", "))
    );
    assert_eq!(plan(request()).game, GameId::FiveThousand);
}

#[test]
fn the_seats_are_within_the_games_bounds() {
    for seats in [-1, 0, 1, 9, i64::MAX] {
        let (field, reason, message) = refusal(MatchPlan::parse(NewMatch { seats, ..request() }));
        assert_eq!((field.as_str(), reason), ("seats", "seat_count"), "{seats}");
        assert_eq!(message, "5000 is played by 2 to 8 players");
    }
    assert_eq!(
        plan(NewMatch {
            seats: 8,
            ..request()
        })
        .seats,
        8
    );
}

#[test]
fn the_options_are_completed_by_the_game_or_refused_by_it() {
    assert_eq!(
        plan(request()).options,
        GameId::FiveThousand.default_options()
    );
    let chosen = plan(NewMatch {
        options: Some(other_options()),
        ..request()
    });
    assert_eq!(
        chosen.options["extra_multiples"],
        other_options()["extra_multiples"]
    );
    assert_eq!(
        chosen.options["target"],
        GameId::FiveThousand.default_options()["target"]
    );
    let (field, reason, _) = refusal(MatchPlan::parse(NewMatch {
        options: Some(json!({ "target": -1 })),
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("options.target", "option"));
}

#[test]
fn the_clock_is_three_days_unless_said_and_at_most_fourteen() {
    let clock = |days_per_move| {
        MatchPlan::parse(NewMatch {
            days_per_move,
            rated: Some(false),
            ..request()
        })
        .map(|plan| plan.days_per_move)
    };
    assert_eq!(clock(DaysPerMove::Default).ok(), Some(Some(3)));
    assert_eq!(clock(DaysPerMove::NoClock).ok(), Some(None));
    assert_eq!(clock(DaysPerMove::Days(1)).ok(), Some(Some(1)));
    assert_eq!(clock(DaysPerMove::Days(14)).ok(), Some(Some(14)));
    for days in [0, 15, -3, i64::MAX] {
        let (field, reason, message) = refusal(clock(DaysPerMove::Days(days)));
        assert_eq!((field.as_str(), reason), ("days_per_move", "days_range"));
        assert_eq!(message, "must be from 1 to 14, or null for no clock");
    }
}

#[test]
fn a_rated_match_uses_the_default_options() {
    let (field, reason, message) = refusal(MatchPlan::parse(NewMatch {
        options: Some(other_options()),
        rated: Some(true),
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("rated", "rated_default_options"));
    assert_eq!(message, "rated matches use the default options");
}

#[test]
fn a_rated_match_has_two_players_or_more() {
    let (field, reason, message) = refusal(MatchPlan::parse(NewMatch {
        game: "yams".to_owned(),
        seats: 1,
        rated: Some(true),
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("rated", "rated_two_players"));
    assert_eq!(message, "rated matches need two or more players");
}

#[test]
fn a_rated_match_has_a_clock() {
    let (field, reason, message) = refusal(MatchPlan::parse(NewMatch {
        days_per_move: DaysPerMove::NoClock,
        rated: Some(true),
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("rated", "rated_clock"));
    assert_eq!(message, "rated matches need a clock");
}

#[test]
fn a_match_not_said_rated_or_casual_is_rated_whenever_it_may_be() {
    assert!(plan(request()).rated);
    assert!(
        !plan(NewMatch {
            options: Some(other_options()),
            ..request()
        })
        .rated
    );
    assert!(
        !plan(NewMatch {
            game: "yams".to_owned(),
            seats: 1,
            ..request()
        })
        .rated
    );
    assert!(
        !plan(NewMatch {
            days_per_move: DaysPerMove::NoClock,
            ..request()
        })
        .rated
    );
    let casual = plan(NewMatch {
        options: Some(other_options()),
        days_per_move: DaysPerMove::NoClock,
        rated: Some(false),
        ..request()
    });
    assert!(!casual.rated);
}

#[test]
fn fewer_players_are_invited_than_there_are_seats() {
    let (field, reason, message) = refusal(MatchPlan::parse(NewMatch {
        invite: vec!["ana".to_owned(), "bob".to_owned()],
        ..request()
    }));
    assert_eq!((field.as_str(), reason), ("invite", "invite_too_many"));
    assert_eq!(message, "more players invited than free seats");
    let three = plan(NewMatch {
        seats: 3,
        invite: vec!["ana".to_owned(), "Bob".to_owned()],
        ..request()
    });
    assert_eq!(three.invite, ["ana", "Bob"]);
}

#[test]
fn the_first_rule_broken_is_the_one_told() {
    let reason = |request| refusal(MatchPlan::parse(request)).1;
    let everything_wrong = NewMatch {
        game: "chess".to_owned(),
        seats: 0,
        options: Some(json!({ "target": -1 })),
        rated: Some(true),
        days_per_move: DaysPerMove::Days(99),
        invite: vec!["a".to_owned(); 9],
    };
    assert_eq!(reason(everything_wrong.clone()), "game_unknown");
    let game = NewMatch {
        game: "5000".to_owned(),
        ..everything_wrong
    };
    assert_eq!(reason(game.clone()), "seat_count");
    let seats = NewMatch { seats: 2, ..game };
    assert_eq!(reason(seats.clone()), "option");
    let options = NewMatch {
        options: Some(other_options()),
        ..seats
    };
    assert_eq!(reason(options.clone()), "days_range");
    let clock = NewMatch {
        days_per_move: DaysPerMove::NoClock,
        ..options
    };
    assert_eq!(reason(clock.clone()), "rated_default_options");
    let default_options = NewMatch {
        options: None,
        ..clock
    };
    assert_eq!(reason(default_options.clone()), "rated_clock");
    let casual = NewMatch {
        rated: Some(false),
        ..default_options
    };
    assert_eq!(reason(casual), "invite_too_many");
}

const CREATOR: Uuid = Uuid::from_u128(1);
const ANA: Uuid = Uuid::from_u128(2);
const BOB: Uuid = Uuid::from_u128(3);
const BOT: Uuid = Uuid::from_u128(4);

fn person(user_id: Uuid) -> Option<Account> {
    Some(Account {
        user_id,
        is_bot: false,
    })
}

fn bot() -> Option<Account> {
    Some(Account {
        user_id: BOT,
        is_bot: true,
    })
}

/// A match of `seats` seats inviting `names`, rated or not.
fn inviting(names: &[&str], seats: i64, rated: bool) -> MatchPlan {
    plan(NewMatch {
        seats,
        rated: Some(rated),
        invite: names.iter().map(|n| (*n).to_owned()).collect(),
        ..request()
    })
}

#[test]
fn bots_sit_at_once_and_people_are_invited() {
    let plan = inviting(&["ana", "tapis-easy", "bob"], 4, true);
    let invitees = plan.invitees(CREATOR, &[person(ANA), bot(), person(BOB)]);
    assert_eq!(
        invitees.ok(),
        Some(Invitees {
            bots: vec![BOT],
            people: vec![ANA, BOB],
        })
    );
    assert_eq!(plan.invitees(CREATOR, &[]).ok(), None);
}

#[test]
fn the_match_starts_at_once_when_bots_fill_every_seat() {
    let plan = inviting(&["tapis-easy", "tapis-easy"], 3, false);
    let invitees = plan.invitees(CREATOR, &[bot(), bot()]).unwrap_or_default();
    assert!(plan.full_with(&invitees));
    let plan = inviting(&["tapis-easy", "ana"], 3, false);
    let invitees = plan
        .invitees(CREATOR, &[bot(), person(ANA)])
        .unwrap_or_default();
    assert!(!plan.full_with(&invitees));
}

#[test]
fn a_name_nobody_has_is_refused() {
    let plan = inviting(&["ghost"], 2, true);
    let (field, reason, message) = refusal(plan.invitees(CREATOR, &[None]));
    assert_eq!((field.as_str(), reason), ("invite", "invite_unknown"));
    assert_eq!(message, "no player is named “ghost”");
}

#[test]
fn the_creator_does_not_invite_themselves() {
    let plan = inviting(&["Me"], 2, true);
    let (field, reason, message) = refusal(plan.invitees(CREATOR, &[person(CREATOR)]));
    assert_eq!((field.as_str(), reason), ("invite", "invite_self"));
    assert_eq!(message, "you cannot invite yourself");
}

#[test]
fn a_person_is_invited_once() {
    let plan = inviting(&["ana", "ANA"], 3, false);
    let (field, reason, message) = refusal(plan.invitees(CREATOR, &[person(ANA), person(ANA)]));
    assert_eq!((field.as_str(), reason), ("invite", "invite_twice"));
    assert_eq!(message, "“ANA” is invited twice");
}

#[test]
fn a_bot_sits_once_at_a_rated_match_and_in_several_seats_of_a_casual_one() {
    let rated = inviting(&["tapis-easy", "Tapis-Easy"], 3, true);
    let (field, reason, message) = refusal(rated.invitees(CREATOR, &[bot(), bot()]));
    assert_eq!((field.as_str(), reason), ("invite", "invite_rated_twice"));
    assert_eq!(message, "“Tapis-Easy” can sit only once at a rated match");
    let casual = inviting(&["tapis-easy", "Tapis-Easy"], 3, false);
    assert_eq!(
        casual.invitees(CREATOR, &[bot(), bot()]).ok(),
        Some(Invitees {
            bots: vec![BOT, BOT],
            people: Vec::new(),
        })
    );
}

#[test]
fn the_names_are_checked_in_the_order_given() {
    let plan = inviting(&["ghost", "ana", "ana"], 4, false);
    let found = [None, person(ANA), person(ANA)];
    assert_eq!(refusal(plan.invitees(CREATOR, &found)).1, "invite_unknown");
    let plan = inviting(&["ana", "ana", "ghost"], 4, false);
    let found = [person(ANA), person(ANA), None];
    assert_eq!(refusal(plan.invitees(CREATOR, &found)).1, "invite_twice");
    let plan = inviting(&["ana", "me", "ghost"], 4, false);
    let found = [person(ANA), person(CREATOR), None];
    assert_eq!(refusal(plan.invitees(CREATOR, &found)).1, "invite_self");
}
