# The leaderboards, the player pages, their rating charts.

leaderboards-title = Leaderboards
leaderboards-intro = One board per game: the players with { $count } or more rated matches of it, best rating first.
leaderboards-games = The games
leaderboards-board = { $game } leaderboard
leaderboards-rules = Rules
leaderboards-play = Play
leaderboards-of-the-games = Leaderboards of the games
leaderboards-best = Best { $game } players
leaderboards-page = (page { $page })
leaderboards-help = Players with { $count } or more rated matches of { $game }; newer players’ ratings are still provisional and not listed yet. Equal ratings share a rank.
leaderboards-none-further = No one further down the board.
leaderboards-none = Nobody has played { $count } rated matches of { $game } yet.
leaderboards-start-one = Start one.
leaderboards-caption-page = { $game } leaderboard, page { $page }
leaderboards-rank = Rank
leaderboards-player = Player
leaderboards-rating = Rating
leaderboards-rated-matches = Rated matches
leaderboards-computer = computer
leaderboards-computer-title = A computer player
leaderboards-you = You
leaderboards-pages = Pages of the leaderboard
leaderboards-better = Better ranks
leaderboards-next = Next ranks

# A player's page.
player-title = { $name }: ratings and matches
player-since = Playing on Tapis since
player-rated-matches = { $count ->
    [one] { $count } rated match
   *[other] { $count } rated matches
}
player-your-account = Your account
player-ratings = Ratings
player-ratings-caption = { $name }’s rating in each game
player-game = Game
player-provisional = (provisional)
player-provisional-note-1 = A
player-provisional-note-2 = after a rating means it is
player-provisional-note-3 = provisional
player-provisional-note-4 = : it rests on fewer than 10 rated matches of that game, so it still moves a lot. Everyone starts at 1500; provisional ratings are left out of the
player-provisional-note-5 = leaderboards
player-history = Rating history
player-no-rated-match = No rated match yet.
player-history-table = The { $game } history as a table
player-history-caption = { $name }’s { $game } rating after each rated match, oldest first
player-match = Match
player-finished = Finished
player-change = Change
player-matches = Finished matches
player-no-older = No older match.
player-no-finished = No finished match yet.
player-matches-caption = { $name }’s finished matches, most recent first
player-opponents = Opponents
player-result = Result
player-none = none
player-casual = casual
player-pages = Pages of finished matches
player-most-recent = Most recent matches
player-older = Older matches

# Results of a finished match.
player-result-unranked = Unranked
player-result-solo = Solo
player-result-draw = Draw
player-result-won = Won
player-result-lost = Lost
player-result-shared = Shared { $rank } of { $seats }
player-result-rank = { $rank } of { $seats }

# The rating chart.
chart-subject = { $name }'s { $game } rating
chart-title = Chart of { $subject } over the rated matches
chart-start = Start: { $rating }
chart-point = Match { $number } ({ $when }): { $rating }, { $change }
chart-axis = Rated matches played
chart-empty = No rated match yet
chart-describe-empty = No rated match yet: { $subject } has no history to draw.
chart-describe-one = { $subject }: { $rating } (no rated match yet).
chart-describe = { $count ->
    [one] { $subject } over { $count } rated match: from { $first } to { $last }; lowest { $low }, highest { $high }.
   *[other] { $subject } over { $count } rated matches: from { $first } to { $last }; lowest { $low }, highest { $high }.
}
players-title = Players
players-find = Find a player
players-name-starts = The name starts with
players-search = Search
players-none = No player has a name that starts like this.
players-challenge = Challenge
players-link = Find a player
following-title = Players you follow
following-heading = Who you follow, and what they are playing
following-none = You follow nobody yet.
following-not-playing = no match in play
following-match = { $game } match
following-follow = Follow
following-stop = Stop following
following-link = Players you follow
following-settings = When they play
following-tell-started = Tell me when a player I follow starts a match (on this site's live pages and through the API's event stream)
following-save = Save
