# Linja: the table and the turn log. `$whose` is `your`, `the` or `other` (then `$owner`, a
# possessive, says whose); `$owner` and `$player` are possessives (match-table-possessive).

play-linja-rows = { $count ->
    [one] { $count } row
   *[other] { $count } rows
}
play-linja-row = row { $row }
play-linja-start-line = { $whose ->
    [your] your start line
    [the] the start line
   *[other] { $owner } start line
} (row { $row })
play-linja-goal-line = { $whose ->
    [your] your goal line
    [the] the goal line
   *[other] { $owner } goal line
} (row { $row })

play-linja-scoring-hint = at the end a piece scores 1, 2 or 3 on the three rows before its goal line and 5 on the goal line
play-linja-scoring-hint-deducts = at the end a piece scores 1, 2 or 3 on the three rows before its goal line and 5 on the goal line; left in its own half it costs as much (1, 2 or 3, and 5 on its start line)

play-linja-pass = No move possible: pass
play-linja-forfeit = No piece can make the following move: lose it
play-linja-decline-following = Give up the following move
play-linja-decline-bonus = Give up the bonus move

play-linja-then-following = then a following move of { $rows }
play-linja-then-bonus = then a bonus move
play-linja-then-extra = then an extra turn
play-linja-then-your-turn = then your turn
play-linja-then-turn = then { $owner } turn
play-linja-ends-you-win = and the game ends: you win
play-linja-ends-wins = and the game ends: { $name } wins
play-linja-ends-draw = and the game ends in a draw

play-linja-board = The board
play-linja-headline-yours = Your turn · { $what }
play-linja-headline-yours-extra = Your turn (extra turn) · { $what }
play-linja-headline-other = { $owner } turn · { $what }
play-linja-headline-other-extra = { $owner } turn (extra turn) · { $what }
play-linja-what-following = following move of { $rows }
play-linja-what-bonus = bonus move
play-linja-what-initial = initial move

play-linja-initial = Initial move
play-linja-initial-hint = one piece one row forward; the pieces found on the row it reaches give the length of the following move
play-linja-initial-value = one piece 1 row forward
play-linja-following = Following move
play-linja-following-hint = one piece exactly as many rows forward as there were pieces on the row the initial move reached; a piece that would pass its goal line stops on it
play-linja-following-value = one piece { $rows } forward
play-linja-bonus = Bonus move
play-linja-bonus-hint = earned by reaching the goal line with the exact distance: one piece one row forward or backward, or give it up
play-linja-bonus-value = one piece 1 row, either way

play-linja-to-play = To play
play-linja-extra-turn = Extra turn
play-linja-extra-turn-hint = earned by a following move onto an empty row (2010 edition)
play-linja-yes = yes
play-linja-armies-passed = Armies passed
play-linja-armies-passed-hint = the game ends after the turn in which every piece of one colour stands beyond every piece of the other
play-linja-armies-passed-yes = yes: the game ends after this turn
play-linja-armies-passed-no = not yet
play-linja-this-turn = This turn

play-linja-heads-for = heads for row { $row }
play-linja-heads-for-resigned = heads for row { $row }, resigned
play-linja-final-scores = Final scores
play-linja-scores-now = Scores if the game ended now
play-linja-points = Points

play-linja-no-move = No move
play-linja-or = Or

play-linja-prompt-following = Your following move: pick one of your pieces, then the row it goes to, exactly { $rows } forward (a piece that would pass your goal line stops on it).
play-linja-prompt-forfeit = None of your pieces can move { $rows }: the following move is lost.
play-linja-prompt-bonus = Your bonus: pick a piece, then the row it goes to, one row forward or back, or give the bonus up.
play-linja-prompt-initial = Your initial move: pick one of your pieces, then the row it goes to, one row forward.
play-linja-prompt-pass = You have no move: pass.

play-linja-start-line-of = { $owner } start line
play-linja-goal-line-of = { $owner } goal line: 5 points a piece
play-linja-mark-start = start
play-linja-mark-goal = goal
play-linja-places-taken = { $total } of { $capacity } places taken
play-linja-piece-of = { $owner } piece
play-linja-cell = Row { $row } ({ $place }): { $name } { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}
play-linja-row-label = Row { $row } · { $worth }
play-linja-row-label-full = Row { $row } · full · { $worth }
play-linja-board-caption = The board, row { $top } at the top: { $first } moves towards row 7, { $second } towards row 0; each row says what a piece standing there is worth to each colour at the end
play-linja-board-caption-play = { $caption }; pick a piece, then the row it goes to

play-linja-a-piece = a piece
play-linja-one-of = one of { $owner } pieces
play-linja-move = Move { $piece } from { $from } to { $to }
play-linja-bonus-forward = Bonus: move { $piece } from { $from } forward to { $to }
play-linja-bonus-back = Bonus: move { $piece } from { $from } back to { $to }
play-linja-move-then = { $move }: { $next }

play-linja-event-turn-started = { $name } plays an extra turn
play-linja-event-piece-moved = { $player } { $stage ->
    [initial] initial move
    [following] following move
   *[bonus] bonus move
}: { $piece } from { $from } to { $to }
play-linja-event-following-move-due = { $name } has a following move of { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}
play-linja-event-no-following-move = No following move for { $name }: { $cause ->
    [goal-line] the piece reached the goal line
   *[empty-row] the row was empty
}
play-linja-event-steps-lost = { $player } piece stopped on the goal line, { $count ->
    [one] { $count } row
   *[other] { $count } rows
} short of the distance
play-linja-event-bonus-earned = { $name } reached the goal line exactly and earns a bonus move
play-linja-event-passed = { $name } had no move and passed
play-linja-event-following-forfeited = { $name } could move no piece { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}: the following move is lost
play-linja-event-following-declined = { $name } gave up the following move of { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}
play-linja-event-bonus-declined = { $name } gave up the bonus move
play-linja-event-resigned = { $name } resigned
play-linja-event-game-over = Game over, { $reason ->
    [armies-passed] the armies have passed each other
    [blocked] neither player can move any more
   *[resignation] by resignation
}: { $draw ->
    [yes] a draw
   *[no] { $name } wins
} ({ $first } { $first-points }, { $second } { $second-points })

play-linja-action-initial-move = makes the initial move from row { $from } to row { $to }
play-linja-action-following-move = makes the following move from row { $from } to row { $to }
play-linja-action-bonus-move = moves one of { $owner } pieces from row { $from } to row { $to } as a bonus
play-linja-action-pass = passes, having no move
play-linja-action-forfeit-following = loses the following move, no piece being able to make it
play-linja-action-decline-following = gives up the following move
play-linja-action-decline-bonus = gives up the bonus move
