# Leagues: the list, a league's page, its past seasons, a division's page, the home page's panel.

leagues-title = Leagues
leagues-lead = Every game has its league, played in seasons. Opt in and you are placed in a division of 6 to 10 players and play each of them, every match at once; at the season’s end the best go up a division and the last go down. You stay in, season after season, until you opt out.
leagues-sign-in = Sign in to take part
leagues-members = { $count ->
    [one] { $count } player opted in
   *[other] { $count } players opted in
}
leagues-divisions = { $count ->
    [0] no division yet
    [one] { $count } division of { $players } players
   *[other] { $count } divisions, { $players } players
}
leagues-in = You are in
league-opt-in = Opt in
league-opt-out = Opt out
league-refused-bots-not-allowed = Computer players never sit in leagues.

league-season = Season { $number }
league-season-upcoming = Season { $number } has not started: it waits for its start and for enough players.
league-season-running = Season { $number } is running.
league-season-finished = Season { $number } is over.
league-starts = Starts
league-deadline = Deadline
league-ended = Ended

league-title = { $game } league
league-back = All leagues
league-back-to-league = The league
league-status = Where it stands
league-you-in = You are opted in: you play every season from the next one to start.
league-you-out = You are not opted in.
league-you-playing = You play in season { $number } (opting out does not take you out of it).

league-mine = Your matches
league-mine-table = Table of your matches
league-next-match = Play your next match
league-division = Division { $level }
league-division-of = Division { $level } of { $levels }
league-division-page = The division’s table and matches
league-division-heading = { $game } league, season { $season }: division { $level } of { $levels }

league-divisions = Season { $number }: the divisions
league-divisions-none = The divisions are drawn when the season starts.
league-previous = Last season
league-previous-none = No season has finished yet.
league-history-link = Every past season
league-history-title = { $game } league: past seasons

league-place = Place
league-rating = Rating
league-arrival = Came
league-arrival-joined = new
league-arrival-promoted = promoted
league-arrival-relegated = relegated
league-arrival-stayed = stayed
league-movement = Move
league-movement-up = Goes up
league-movement-down = Goes down
league-movement-stay = Stays

league-fixtures = Matches
league-fixtures-table = Table of the matches
league-table-aria = Table of the division
league-round = Round
league-to-play = In play: { $name } to play

league-season-length = A season’s deadline
league-season-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
} after its start (time per move × { $moves } moves expected)
league-promotion = Promotion
league-promoted = { $count ->
    [one] the first of each division goes up
   *[other] the first { $count } of each division go up
}
league-relegation = Relegation
league-relegated = { $count ->
    [one] the last of each division goes down
   *[other] the last { $count } of each division go down
}
league-adjudication = At the season’s deadline
league-adjudication-rule = A match still running at the season’s deadline is ended, and its players are placed by their chances of winning as the computer players’ evaluation gives them from the current score: a player ten points or more below the best chance of a place takes the next place, otherwise they share it. Players who had resigned or timed out come last.

home-league-next = Your next league match
home-league-match = { $game } league · season { $season } · division { $level }
home-league-page = The division
