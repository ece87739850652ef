//! The database tables, as Diesel sees them (kept in step with `migrations/`).

diesel::table! {
    users (id) {
        id -> Uuid,
        username -> Text,
        password_hash -> Text,
        created_at -> Timestamptz,
        is_bot -> Bool,
        language -> Nullable<Text>,
        vacation_started_at -> Nullable<Timestamptz>,
        vacation_until -> Nullable<Timestamptz>,
        vacation_days_charged -> Nullable<Int2>,
        vacation_year -> Int4,
        vacation_days_used -> Int2,
        /// May moderate (`crate::moderation`); set on the command line only.
        moderator -> Bool,
        /// Cannot sign in or use a token before this.
        suspended_until -> Nullable<Timestamptz>,
        /// Cannot chat before this.
        chat_muted_until -> Nullable<Timestamptz>,
        /// Hears when a player they follow starts a match (`followed_started`).
        follow_events -> Bool,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        token_hash -> Bytea,
        created_at -> Timestamptz,
        last_used_at -> Nullable<Timestamptz>,
        scopes -> Array<Text>,
        parent_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    sign_in_throttle (key) {
        key -> Text,
        failures -> Int4,
        free_attempts -> Int4,
        last_failure_at -> Timestamptz,
        blocked_until -> Timestamptz,
    }
}

diesel::table! {
    sessions (id) {
        id -> Uuid,
        user_id -> Uuid,
        created_at -> Timestamptz,
        last_used_at -> Timestamptz,
        expires_at -> Timestamptz,
        user_agent -> Text,
    }
}

diesel::table! {
    matches (id) {
        id -> Uuid,
        game -> Text,
        options -> Jsonb,
        rated -> Bool,
        status -> Text,
        seat_count -> Int2,
        creator_id -> Uuid,
        days_per_move -> Nullable<Int2>,
        version -> Int8,
        state -> Nullable<Json>,
        seed -> Bytea,
        seed_sha256 -> Text,
        chance_count -> Int8,
        to_act_seat -> Nullable<Int2>,
        deadline -> Nullable<Timestamptz>,
        result -> Nullable<Jsonb>,
        created_at -> Timestamptz,
        started_at -> Nullable<Timestamptz>,
        finished_at -> Nullable<Timestamptz>,
        updated_at -> Timestamptz,
        seat_user_ids -> Array<Uuid>,
        seat_usernames -> Array<Text>,
        turn_count -> Int8,
        bot_claim_version -> Nullable<Int8>,
        bot_claimed_until -> Nullable<Timestamptz>,
        deadline_told_version -> Nullable<Int8>,
        paused_time_left_us -> Nullable<Int8>,
        bot_to_act -> Bool,
        moved_seats -> Int4,
        rematch_id -> Nullable<Uuid>,
        first_user_id -> Nullable<Uuid>,
        vacation_pauses -> Bool,
    }
}

diesel::table! {
    match_seats (match_id, seat) {
        match_id -> Uuid,
        seat -> Int2,
        user_id -> Uuid,
        joined_at -> Timestamptz,
        rank -> Nullable<Int2>,
        score -> Nullable<Int8>,
    }
}

diesel::table! {
    invitations (match_id, user_id) {
        match_id -> Uuid,
        user_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    turns (match_id, seq) {
        match_id -> Uuid,
        seq -> Int8,
        seat -> Nullable<Int2>,
        kind -> Text,
        action -> Nullable<Json>,
        chance -> Json,
        events -> Json,
        at -> Timestamptz,
        version -> Nullable<Int8>,
    }
}

diesel::table! {
    /// `seq` is the event's place in the streams, given after commit (`service::events`).
    user_events (id) {
        id -> Int8,
        seq -> Nullable<Int8>,
        user_id -> Uuid,
        kind -> Text,
        match_id -> Nullable<Uuid>,
        version -> Nullable<Int8>,
        data -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// `rating` is in millionths of a point.
    ratings (user_id, game) {
        user_id -> Uuid,
        game -> Text,
        rating -> Int8,
        games -> Int4,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    /// `rating_before` and `rating_after` are in millionths of a point.
    rating_history (user_id, game, number) {
        user_id -> Uuid,
        game -> Text,
        number -> Int4,
        match_id -> Uuid,
        rating_before -> Int8,
        rating_after -> Int8,
        at -> Timestamptz,
    }
}

diesel::table! {
    /// The transactional outbox (`crate::delivery::outbox`).
    outbox (id) {
        id -> Int8,
        channel -> Text,
        user_id -> Uuid,
        kind -> Text,
        event_id -> Nullable<Int8>,
        payload -> Jsonb,
        delivery_id -> Uuid,
        attempts -> Int4,
        due_at -> Timestamptz,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        gave_up_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
        webhook_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    /// A player's webhooks (`crate::delivery::webhooks`).
    webhooks (id) {
        id -> Uuid,
        user_id -> Uuid,
        url -> Text,
        events -> Array<Text>,
        secret -> Text,
        created_at -> Timestamptz,
        disabled_at -> Nullable<Timestamptz>,
        disabled_reason -> Nullable<Text>,
    }
}

diesel::table! {
    /// Every attempt to call a webhook (the last 100 of each).
    webhook_deliveries (id) {
        id -> Int8,
        webhook_id -> Uuid,
        delivery_id -> Uuid,
        event -> Text,
        status -> Nullable<Int4>,
        at -> Timestamptz,
        error -> Nullable<Text>,
    }
}

diesel::table! {
    /// A player's address and what to mail them (`crate::delivery::notifications`).
    mail_settings (user_id) {
        user_id -> Uuid,
        email -> Nullable<Text>,
        set_at -> Nullable<Timestamptz>,
        verified_at -> Nullable<Timestamptz>,
        events -> Array<Text>,
        digest_hours -> Int2,
    }
}

diesel::table! {
    /// The last number given to a message of each match's chat (`crate::chat`).
    chat_heads (match_id) {
        match_id -> Uuid,
        last_number -> Int8,
    }
}

diesel::table! {
    /// The messages of each match's chat, numbered per match in commit order (`crate::chat`).
    chat_messages (match_id, number) {
        match_id -> Uuid,
        number -> Int8,
        channel -> Text,
        author_id -> Uuid,
        body -> Text,
        preset -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// The players who turned a match's chat off for themselves.
    chat_off (match_id, user_id) {
        match_id -> Uuid,
        user_id -> Uuid,
    }
}

diesel::table! {
    /// Who blocked whom (`crate::players::blocks`).
    blocks (blocker_id, blocked_id) {
        blocker_id -> Uuid,
        blocked_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// Who follows whom (`crate::players::follows`).
    follows (follower_id, followed_id) {
        follower_id -> Uuid,
        followed_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// What moderators did (`crate::moderation`).
    moderation_actions (id) {
        id -> Int8,
        moderator_id -> Uuid,
        player_id -> Uuid,
        action -> Text,
        reason -> Text,
        until -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        seen_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    /// Players' reports of players or chat messages (`crate::moderation`).
    reports (id) {
        id -> Int8,
        reporter_id -> Uuid,
        player_id -> Uuid,
        match_id -> Nullable<Uuid>,
        message_number -> Nullable<Int8>,
        reason -> Text,
        details -> Text,
        created_at -> Timestamptz,
        closed_by -> Nullable<Int8>,
    }
}

diesel::table! {
    /// The analyses of finished matches (`crate::analysis`).
    analyses (match_id) {
        match_id -> Uuid,
        status -> Text,
        engine_version -> Nullable<Int4>,
        attempts -> Int2,
        not_before -> Timestamptz,
        result -> Nullable<Jsonb>,
        error -> Nullable<Text>,
        queued_at -> Timestamptz,
        done_at -> Nullable<Timestamptz>,
        faces -> Nullable<Array<Int4>>,
    }
}

diesel::table! {
    /// Each seat of an analysed match: its cost, luck and faces (`crate::analysis::stats`).
    analysis_seats (match_id, seat) {
        match_id -> Uuid,
        seat -> Int2,
        user_id -> Uuid,
        game -> Text,
        finished_at -> Timestamptz,
        unit -> Nullable<Text>,
        decisions -> Int4,
        cost_total -> Float8,
        throws -> Int4,
        luck_total -> Float8,
        faces -> Array<Int4>,
    }
}

diesel::table! {
    /// Swiss tournaments (`crate::tournaments`).
    tournaments (id) {
        id -> Uuid,
        format -> Text,
        name -> Text,
        game -> Text,
        options -> Jsonb,
        table_size -> Int2,
        rounds -> Int2,
        days_per_move -> Int2,
        expected_moves -> Int4,
        rated -> Bool,
        starts_at -> Timestamptz,
        min_rating -> Nullable<Int4>,
        max_rating -> Nullable<Int4>,
        max_players -> Nullable<Int4>,
        vacation_pauses -> Bool,
        allow_bots -> Bool,
        organiser_id -> Uuid,
        status -> Text,
        current_round -> Int2,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        revision -> Int8,
    }
}

diesel::table! {
    /// The players entered in a tournament.
    tournament_entrants (tournament_id, user_id) {
        tournament_id -> Uuid,
        user_id -> Uuid,
        joined_round -> Int2,
        joined_at -> Timestamptz,
        withdrawn -> Bool,
        withdrawn_reason -> Nullable<Text>,
        reconfirmed_round -> Nullable<Int2>,
        seated_by_organiser -> Bool,
        rating -> Int4,
    }
}

diesel::table! {
    /// A tournament's rounds, numbered from 1.
    tournament_rounds (tournament_id, number) {
        tournament_id -> Uuid,
        number -> Int2,
        started_at -> Timestamptz,
        deadline -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    /// Each table of a round: its match, or a bye (one seat, no match).
    round_tables (tournament_id, round, number) {
        tournament_id -> Uuid,
        round -> Int2,
        number -> Int2,
        match_id -> Nullable<Uuid>,
        seats -> Array<Uuid>,
        places -> Nullable<Array<Int2>>,
        game_scores -> Nullable<Array<Int8>>,
        adjudicated -> Bool,
    }
}

diesel::table! {
    /// One league per game (`crate::leagues`): its terms.
    leagues (game) {
        game -> Text,
        table_size -> Int2,
        days_per_move -> Int2,
        expected_moves -> Int4,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// Who takes part in a league: opted in (re-entered every season) or out.
    league_members (game, user_id) {
        game -> Text,
        user_id -> Uuid,
        is_bot -> Bool,
        opted_in -> Bool,
        changed_at -> Timestamptz,
    }
}

diesel::table! {
    /// A league's seasons, numbered from 1.
    league_seasons (id) {
        id -> Uuid,
        game -> Text,
        number -> Int4,
        status -> Text,
        starts_at -> Timestamptz,
        started_at -> Nullable<Timestamptz>,
        deadline -> Nullable<Timestamptz>,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    /// A season's divisions (level 1 is the top).
    league_divisions (id) {
        id -> Uuid,
        season_id -> Uuid,
        level -> Int2,
        number -> Int2,
    }
}

diesel::table! {
    /// The players of a division, with their result once the season is over.
    league_division_members (division_id, user_id) {
        division_id -> Uuid,
        season_id -> Uuid,
        user_id -> Uuid,
        is_bot -> Bool,
        seed -> Int2,
        arrival -> Text,
        points -> Nullable<Int8>,
        final_place -> Nullable<Int2>,
        movement -> Nullable<Text>,
    }
}

diesel::table! {
    /// Each match of a division's round robin.
    league_fixtures (division_id, round, number) {
        division_id -> Uuid,
        round -> Int2,
        number -> Int2,
        match_id -> Uuid,
        seats -> Array<Uuid>,
        places -> Nullable<Array<Int2>>,
        game_scores -> Nullable<Array<Int8>>,
        adjudicated -> Bool,
    }
}

diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(match_seats -> users (user_id));
diesel::joinable!(match_seats -> matches (match_id));
diesel::joinable!(invitations -> matches (match_id));
diesel::joinable!(invitations -> users (user_id));
diesel::joinable!(turns -> matches (match_id));
diesel::joinable!(ratings -> users (user_id));
diesel::joinable!(rating_history -> users (user_id));
diesel::joinable!(rating_history -> matches (match_id));
diesel::joinable!(user_events -> users (user_id));
diesel::joinable!(user_events -> matches (match_id));
diesel::joinable!(outbox -> users (user_id));
diesel::joinable!(outbox -> webhooks (webhook_id));
diesel::joinable!(webhooks -> users (user_id));
diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));
diesel::joinable!(mail_settings -> users (user_id));
diesel::joinable!(chat_messages -> users (author_id));
diesel::joinable!(chat_messages -> matches (match_id));
diesel::joinable!(tournaments -> users (organiser_id));
diesel::joinable!(tournament_entrants -> tournaments (tournament_id));
diesel::joinable!(tournament_entrants -> users (user_id));
diesel::joinable!(tournament_rounds -> tournaments (tournament_id));
diesel::joinable!(round_tables -> matches (match_id));
diesel::joinable!(league_members -> leagues (game));
diesel::joinable!(league_members -> users (user_id));
diesel::joinable!(league_seasons -> leagues (game));
diesel::joinable!(league_divisions -> league_seasons (season_id));
diesel::joinable!(league_division_members -> league_divisions (division_id));
diesel::joinable!(league_division_members -> users (user_id));
diesel::joinable!(league_fixtures -> league_divisions (division_id));
diesel::joinable!(league_fixtures -> matches (match_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    api_tokens,
    sign_in_throttle,
    sessions,
    matches,
    match_seats,
    invitations,
    turns,
    ratings,
    rating_history,
    user_events,
    outbox,
    webhooks,
    webhook_deliveries,
    mail_settings,
    chat_heads,
    chat_messages,
    chat_off,
    blocks,
    follows,
    moderation_actions,
    reports,
    analyses,
    analysis_seats,
    tournaments,
    tournament_entrants,
    tournament_rounds,
    round_tables,
    leagues,
    league_members,
    league_seasons,
    league_divisions,
    league_division_members,
    league_fixtures,
);
