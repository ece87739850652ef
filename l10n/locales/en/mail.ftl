# The mails Tapis sends (verification, notifications) and the pages their links open.

mail-greeting = Hello { $name },
# A list of names: $first are all but the last, joined by commas.
mail-names = { $first } and { $last }

mail-verify-subject = Confirm your e-mail address for Tapis
mail-verify-body = This address ({ $email }) was given to receive Tapis notifications. Follow the link below to confirm it: it works for 48 hours.
mail-verify-action = Confirm my address
mail-verify-ignore = If you did not ask for this, ignore this mail: nothing more will be sent to this address.

mail-your-turn-subject = Your turn: { $game } against { $opponents }
mail-your-turn-subject-solo = Your turn: { $game }
mail-your-turn-body = It is your turn to play in your match of { $game } against { $opponents }.
mail-your-turn-body-solo = It is your turn to play in your match of { $game }.
mail-deadline = Your move is due by { $deadline } (UTC).

mail-invitation-subject = { $by } invites you to play { $game }
mail-invitation-body = { $by } invites you to a match of { $game }. Accept or decline it in the lobby.

mail-deadline-soon-subject = Less than 24 hours left to move: { $game }
mail-deadline-soon-body = Your move in { $game } against { $opponents } is due by { $deadline } (UTC). After that, the match is lost on time.
mail-deadline-soon-body-solo = Your move in { $game } is due by { $deadline } (UTC). After that, the match is lost on time.

mail-finished-subject = Match over: { $game }
mail-finished-body = Your match of { $game } against { $opponents } is over.
mail-finished-body-solo = Your match of { $game } is over.
mail-finished-rank = { $rank ->
    [1] You won: first of { $seats }.
   *[other] You finished { $rank } of { $seats }.
}

# Tournaments: a round started (your match, or your bye), the tournament is over.
mail-round-started-subject = { $tournament }: round { $round } of { $rounds } has started
mail-round-started-body = Round { $round } of { $rounds } of { $tournament } ({ $game }) has started: your match against { $opponents } is waiting for you.
mail-round-started-bye = Round { $round } of { $rounds } of { $tournament } ({ $game }) has started. You have a bye this round: it counts as a draw, and you play again in the next round.
mail-tournament-finished-subject = { $tournament } is over
mail-tournament-finished-body = The last round of { $tournament } ({ $game }) is over: the standings are final.
mail-tournament-finished-place = { $place ->
    [1] You won it: first of { $entrants } (points: { $points }).
   *[other] You finished { $place } of { $entrants } (points: { $points }).
}

# Leagues: a season started (your division), you go up or down a division.
mail-season-started-subject = Season { $season } of the { $game } league has started
mail-season-started-body = Season { $season } of the { $game } league has started. You play in division { $level } of { $levels }, with { $players } players: your { $matches } matches have all started, play them at your pace.
mail-promoted-subject = { $game } league: you go up to division { $to }
mail-promoted-body = Season { $season } of the { $game } league is over. You finished { $place } in division { $from }: next season you play in division { $to }.
mail-relegated-subject = { $game } league: you go down to division { $to }
mail-relegated-body = Season { $season } of the { $game } league is over. You finished { $place } in division { $from }: next season you play in division { $to }.

mail-open-match = Open the match
mail-open-lobby = Open the lobby
mail-open-tournament = Open the tournament
mail-open-division = Open your division
mail-open-league = Open the league
mail-why = You receive this mail because you asked Tapis to send notifications to { $email }.
mail-stop-your-turn = Stop “your turn” mails
mail-stop-invitation = Stop invitation mails
mail-stop-deadline-soon = Stop deadline mails
mail-stop-match-finished = Stop “match over” mails
mail-stop-round-started = Stop “round started” mails
mail-stop-tournament-finished = Stop “tournament over” mails
mail-stop-season-started = Stop “season started” mails
mail-stop-promoted = Stop “promoted” mails
mail-stop-relegated = Stop “relegated” mails
mail-stop-all = Stop every mail from Tapis
mail-settings = Notification settings

# The events a player may have mailed (the account page's checkboxes, the unsubscribe page).
mail-event-your-turn = It is my turn
mail-event-invitation = I am invited to a match
mail-event-deadline-soon = Less than 24 hours are left to move
mail-event-match-finished = A match of mine is over
mail-event-round-started = A round of a tournament I entered starts
mail-event-tournament-finished = A tournament I entered is over
mail-event-season-started = A season of a league I am in starts
mail-event-promoted = I go up a division in a league
mail-event-relegated = I go down a division in a league
mail-event-all = Every mail

# The pages the links open.
mail-verified-title = Address confirmed
mail-verified-body = { $email } is confirmed: Tapis will send your notifications there.
mail-verify-failed-title = This link does not work
mail-unsubscribe-title = Stop these mails
mail-unsubscribe-confirm = Stop mails for: { $what }?
mail-unsubscribe-button = Stop these mails
mail-unsubscribed-title = Done
mail-unsubscribed-body = You will no longer receive these mails ({ $what }). Choose again on your account page at any time.
mail-link-failed-title = This link does not work
mail-to-account = Notification settings
