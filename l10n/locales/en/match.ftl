# The match page: its frame, the players, the result, resigning, the replay, fair dice.

match-page-title = { $game }: { $players }
match-no-players = No players yet
match-rated = Rated
match-casual = Casual
match-clock = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
match-no-clock = no clock
match-rules-of = Rules of { $of }
match-replay-link = Replay
match-seat = seat { $seat }

# The status line.
match-now-waiting = Waiting for players: { $taken } of { $seats } seats taken
match-now-your-move = Your move
match-now-bot-thinking = { $name } (computer) is thinking…
match-now-to-play = { $name } to play
match-now-in-play = In play
match-now-finished = Finished: { $headline }
match-now-finished-plain = Finished
match-now-cancelled = Cancelled before it started
match-now-aborted = Aborted in its first moves: no result, no rating change
match-deadline = deadline
match-updates-by-itself = This page shows the other players' moves as they come.

# The players.
match-players = Players
match-computer-title = A computer player
match-computer = computer
match-you = (you)
match-thinking = thinking…
match-to-play = to play
match-left = left
match-colour-of = { $name }'s colour

# A match still waiting for players.
match-open-heading = Waiting for players
match-open-seats = { $taken } of { $seats } seats taken.
match-open-invited = Invited: { $names }.
match-open-starts = The match starts when every seat is filled.
match-join = Join this match
match-decline = Decline
match-cancel = Cancel this match
match-sign-in-to-join = Sign in to join

# The result.
match-over-because = The match is over: { $reason }.
match-rank = Rank
match-player = Player
match-score = Score
match-rating = Rating
match-replay-this = Replay this match move by move
match-rematch = Rematch
match-rematch-go = Go to the rematch
match-next = { $count ->
    [one] Next match waiting for you
   *[other] Next match waiting for you ({ $count })
}
match-over = The match is over
match-you-win = You win!
match-solo-over-yours = Your game is over: { $score ->
    [one] { $score } point
   *[other] { $score } points
}
match-solo-over = Game over for { $name }: { $score ->
    [one] { $score } point
   *[other] { $score } points
}
match-wins = { $name } wins
match-share-win = { $names } share the win
match-rating-change = { $before } → { $after } ({ $delta })

match-reason-grids-filled = every grid is full
match-reason-resignation = by resignation
match-reason-timeout = on time: a player ran out of time
match-reason-target-reached = the target was reached
match-reason-five-ones = five 1s in one throw
match-reason-discharged = a player gave away their last token
match-reason-no-tokens-after-charge = no tokens when the charge ended
match-reason-espagnole = l'espagnole: a player took all 21 tokens
match-reason-five-in-a-row = five in a row
match-reason-columns-won = a player claimed the columns needed
match-reason-all-columns-won = every column is claimed
match-reason-make-five = MAKE 5, five single-coloured rows
match-reason-all-deals-played = the six deals are played
match-reason-no-pawns-left = a player has placed all their pawns
match-reason-armies-passed = the armies have passed each other
match-reason-blocked = neither player can move any more

# The table and the last moves.
match-the-table = The table
match-since-your-move = Since your last move
match-last-move = Last move
# Between a title and what follows it ("Alice: threw 1 3 3").
match-colon = {": "}
match-line-separator = {" · "}

# Resigning.
match-abort = Abort the match
match-abort-explained = Until every player has made a first move, a player may abort: the match ends with no result and no rating change.
match-resign = Resign…
match-resign-warning = You will rank below every player still playing. This cannot be undone.
match-resign-warning-rated = You will rank below every player still playing, and the result counts for your rating. This cannot be undone.
match-resign-confirm = Yes, resign
match-resign-title = Resign?
match-resign-heading = Resign this { $game } match?
match-resign-back = No, back to the match

# Fair dice.
match-fair-dice = Fair dice
match-fair-committed = The dice of this match were fixed before its first throw, and can be checked when it ends: they all come from a secret number (the seed), whose fingerprint (SHA-256) is shown from the start:
match-fair-revealed = The secret number, revealed now that the match is over:
match-fair-anyone = . Anyone can throw every die of the match again from it and check the fingerprint:
match-fair-download = download the record
match-fair-and-run = and run
match-fair-later = The secret number itself is revealed when the match ends: then anyone can check every throw.
match-fair-seed-hash = Seed SHA-256:
match-fair-seed = Seed:

# The turn log.
match-turn-log = Turn log
match-turn-count = ({ $count ->
    [one] { $count } turn
   *[other] { $count } turns
}, newest first)
match-earlier-turns = Earlier turns ({ $count })
match-log-start = The match starts
match-log-resigns = { $name } resigns
match-log-timeout = { $name } runs out of time

# Moves refused.
match-refused-no-version = This form does not say which version of the match it was made on: here is the table as it is now.
match-refused-unreadable = That move could not be read.
match-refused-no-move = No move was chosen.
match-refused-illegal = That move is not allowed: { $reason }
match-refused-not-your-turn = It is not your turn: nothing was played.
match-refused-not-active = The match is not in play: nothing was played.

# The replay.
match-replay-title = Replay: { $game }
match-replay-back = Back to the match
match-replay-steps = Replay steps
match-replay-position = Step { $step } of { $last }
match-replay-first = « First
match-replay-prev = ◀ Previous
match-replay-next = Next ▶
match-replay-last = Last »
match-replay-table = The table at this step
match-replay-all = { $count ->
    [one] All { $count } step, from the start
   *[other] All { $count } steps, from the start
}

# The table of every game (what screen readers hear, the sheet, the board).
match-table-dice = Dice: { $summary }
match-table-tick-dice = { $verb }: tick dice
match-table-die = die showing { $face }
match-table-die-kept = die showing { $face }, kept
match-table-die-aside = die showing { $face }, set aside
match-table-die-waiting = die not thrown yet
match-table-no-dice = no dice thrown yet
match-table-box = Box
match-table-empty = empty
match-table-just-played = (just played)
match-table-just-scored = (just scored)
match-table-just-climbed = (just climbed)
match-table-pick-to-move = Pick to move
match-table-pick-cell = { $cell }: pick to move
match-table-choices = { $count ->
    [one] { $count } choice
   *[other] { $count } choices
}
match-table-possessive = { $name }'s
match-table-possessive-s = { $name }'
# The same, for a name that starts with a vowel (French elides: « d’Alice »).
match-table-possessive-vowel = { $name }'s
match-table-possessive-vowel-s = { $name }'
match-compose-unreadable = The form's action could not be read.
match-compose-no-place = The form's action has no place for the ticked values.

# Pieces every game's table uses.
match-game-over = The game is over: { $reason }.
# Ticking a die means keeping it, in every game (docs/match-page.md, "Ticking dice").
match-keep = Keep
match-throw-others-again = Throw the others again
match-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
match-nth = { $n ->
    [1] first
    [2] second
   *[3] third
}
match-number = { $n }

# A player on vacation: their clock stands still.
match-on-vacation = on vacation until
match-clock-paused = clock paused: the player to act is on vacation
