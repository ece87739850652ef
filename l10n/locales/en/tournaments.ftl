# Swiss tournaments: the list, the create form, a tournament's page, the home page's panel.

tournaments-title = Tournaments
tournaments-lead = Swiss tournaments by correspondence: everyone plays every round, paired with players on the same score, never the same opponents twice while it can be avoided.
tournaments-filter = Show
tournaments-game = Game
tournaments-all-games = All games
tournaments-create = Organise a tournament
tournaments-sign-in-to-create = Sign in to organise a tournament
tournaments-upcoming = Upcoming
tournaments-running = Running
tournaments-finished = Finished
tournaments-none = None for now.
tournaments-by = organised by { $name }
tournaments-entrants = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
tournaments-entrants-of = { $count } of { $max } players
tournaments-round-of = round { $round } of { $rounds }
tournaments-terms = tables of { $seats } · { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} · { $days ->
    [one] { $days } day
   *[other] { $days } days
} a move · { $rated ->
    [yes] rated
   *[no] casual
}

tournament-new-title = Organise a tournament
tournament-form-name = Name
tournament-form-table-size = Players at a table
tournament-form-table-size-help = 2 for two-player games; up to the game’s maximum for the others (tables are then filled as evenly as possible).
tournament-form-rounds = Rounds
tournament-form-rated-help = Rated tournaments count for ratings and use the game’s default options; computer players never sit in them.
tournament-form-starts = Start (UTC)
tournament-form-starts-help = The first round is paired then. Players join until it starts, and late until half the rounds have started.
tournament-form-entry = Entry
tournament-form-min-rating = Lowest rating
tournament-form-max-rating = Highest rating
tournament-form-max-players = Most players
tournament-form-vacation = A player’s vacation pauses their matches
tournament-form-vacation-help = Shown to the players; a round’s deadline still bounds it.
tournament-form-bots = I may seat computer players (casual tournaments only)
tournament-form-create = Create the tournament

tournament-back = All tournaments
tournament-status = Where it stands
tournament-status-upcoming = Open for entries: it has not started.
tournament-status-running = Running.
tournament-status-running-round = Running: round { $round } of { $rounds }.
tournament-status-finished = Finished.
tournament-status-cancelled = Cancelled.
tournament-sign-in-to-join = Sign in to join
tournament-join = Join
tournament-leave = Leave
tournament-withdraw = Withdraw from the rounds to come
tournament-reconfirm = Re-confirm my entry
tournament-cancel = Cancel the tournament
tournament-seat-bot = Seat { $name }
tournament-unseat-bot = Remove { $name }

tournament-standings = Standings
tournament-standings-table = Table of the standings
tournament-standings-none = No player yet.
tournament-tie-breaks-help = Players equal on points are separated by { $first }, then { $second }; the last column says what separated each line from the one above.
tournament-rank = Rank
tournament-player = Player
tournament-points = Points
tournament-played = Played
tournament-won = Won
tournament-byes = Byes
tournament-decided = Decided by
tournament-withdrawn = withdrawn
tournament-decided-top = —
tournament-decided-points = points
tournament-decided-buchholz = Buchholz
tournament-decided-sonneborn-berger = Sonneborn–Berger
tournament-decided-opponents-score = opponents’ score
tournament-decided-game-score = game score
tournament-decided-shared = shared place
tournament-tie-break-buchholz = Buchholz
tournament-tie-break-sonneborn-berger = Sonneborn–Berger
tournament-tie-break-opponents-score = Opponents’ score
tournament-tie-break-game-score = Game score

tournament-rounds-heading = Rounds
tournament-rounds-none = The first round is paired at the start.
tournament-round = Round { $round }
tournament-round-started = Started
tournament-round-finished = finished
tournament-round-deadline-at = deadline
tournament-table = Table
tournament-players = Players
tournament-result = Result
tournament-place-points = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}, { $points } pt
tournament-bye-points = bye, { $points } pt
tournament-table-bye = Bye
tournament-table-adjudicated = Adjudicated at the deadline
tournament-table-over = Over
tournament-table-playing = In play

tournament-entrants = { $count ->
    [one] { $count } player entered
   *[other] { $count } players entered
}
tournament-entrants-none = Nobody has joined yet.
tournament-withdrawn-left = withdrew
tournament-withdrawn-forfeit = withdrawn after a time-out or a resignation (may re-confirm)
tournament-joined-late = joined after round { $round }

tournament-terms = Terms
tournament-yes = Yes
tournament-no = No
tournament-game = Game
tournament-options = Options
tournament-option = { $name }: { $value }
tournament-options-none = None
tournament-table-size = Tables
tournament-seats = { $count ->
    [one] { $count } player
    [2] { $count } players
   *[other] up to { $count } players
}
tournament-rounds = Rounds
tournament-days-per-move = Time per move
tournament-round-deadline = A round’s deadline
tournament-round-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
} after its start (time per move × { $moves } moves expected)
tournament-rated = Rated
tournament-starts = Starts
tournament-rating = Ratings admitted
tournament-rating-any = Any
tournament-rating-range = { $min } to { $max }
tournament-max-players = Most players
tournament-no-limit = No limit
tournament-vacation = Vacation pauses matches
tournament-late-entry = Late entry
tournament-late-entry-until = until round { $round } starts (zero for the rounds missed)
tournament-bots = Computer players may be seated
tournament-organiser = Organiser
tournament-adjudication = At a round’s deadline
tournament-adjudication-rule = A match still running at a round’s deadline is ended without rating change, and its players are placed by their chances of winning as the computer players’ evaluation gives them from the current score: a player ten points or more below the best chance of a place takes the next place, otherwise they share it. Players who had resigned or timed out come last.

home-tournament-next = Your next match in a tournament
home-tournament-against = against { $names }
home-tournament-page = The tournament
