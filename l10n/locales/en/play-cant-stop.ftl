# Can't Stop: the table and the turn log.

play-cant-stop-runners-left = Runners left
play-cant-stop-runners-hint = the three neutral markers (◎) of a turn: they climb the columns the dice name; stopping replaces them by your own markers, busting loses them
play-cant-stop-space-of = { $space } of { $height }

play-cant-stop-advance = { $how ->
    [only] Advance { $a } only
    [twice] Advance { $a } twice
   *[both] Advance { $a } and { $b }
}
play-cant-stop-new-runner = new runner on { $column } at { $at }
play-cant-stop-new-runner-top = new runner on { $column } at { $at } (the top)
play-cant-stop-up-to = { $column } up to { $at }
play-cant-stop-up-to-top = { $column } up to { $at } (the top)
play-cant-stop-chance = { $percent }% ({ $throws } of { $all } throws)

play-cant-stop-column-head = Column { $column }, { $height ->
    [one] { $height } space
   *[other] { $height } spaces
}
play-cant-stop-column-claimed = { $head }: claimed by { $name }
play-cant-stop-column-empty = { $head }: empty
play-cant-stop-column-pieces = { $head }: { $pieces }
play-cant-stop-marker-at = { $name }'s marker at { $at }
play-cant-stop-runner-at = runner at { $at }
play-cant-stop-marker-on = { $name }'s marker on { $column }, { $at }
play-cant-stop-runner-on = runner on { $column }, { $at }
play-cant-stop-claimed-by = column { $column } claimed by { $name }

play-cant-stop-headline-start = Everyone throws two dice: the highest total starts
play-cant-stop-step-throw = throwing the four dice
play-cant-stop-step-threw = threw { $dice }
play-cant-stop-step-choose = choosing
play-cant-stop-step-decide = throw again or stop
play-cant-stop-headline-yours = Your turn · { $step } · { $runners ->
    [one] { $runners } runner
   *[other] { $runners } runners
} left
play-cant-stop-headline-other = { $name }'s turn · { $step } · { $runners ->
    [one] { $runners } runner
   *[other] { $runners } runners
} left

play-cant-stop-dice = Dice
play-cant-stop-pair = { $a } and { $b }
play-cant-stop-pairs = { $count ->
    [1] Pairs only make { $first }
    [2] Pairs make { $first }, or { $second }
   *[other] Pairs make { $first }, or { $second }, or { $third }
}
play-cant-stop-board = Board
play-cant-stop-board-caption = The eleven columns, 2 to 12: markers climb from the bottom; a marker stopped on the top space claims the column, and { $count ->
    [one] { $count } column
   *[other] { $count } columns
} win

play-cant-stop-start-throw = { $name }'s start throw
play-cant-stop-to-throw = to throw
play-cant-stop-next-throw = Next throw advances
play-cant-stop-next-throw-hint = the chance that the next throw of four dice can move a runner; otherwise it busts and the turn's progress is lost
play-cant-stop-to-win = To win
play-cant-stop-claim = claim { $count ->
    [one] { $count } column
   *[other] { $count } columns
}
play-cant-stop-variant = Variant
play-cant-stop-skip-occupied = runners jump over spaces holding an opponent's marker
play-cant-stop-no-stop-on-opponent = no stopping while a runner stands on an opponent's marker
play-cant-stop-this-turn = This turn
play-cant-stop-stopping-claims = Stopping now claims
play-cant-stop-claims = { $count ->
    [one] column
   *[other] columns
} { $columns }
play-cant-stop-claims-win = { $count ->
    [one] column
   *[other] columns
} { $columns } and wins the game

play-cant-stop-climbed = { $spaces ->
    [one] { $spaces } space
   *[other] { $spaces } spaces
} climbed
play-cant-stop-climbed-left = { $spaces ->
    [one] { $spaces } space
   *[other] { $spaces } spaces
} climbed · { $markers ->
    [one] { $markers } marker
   *[other] { $markers } markers
} left
play-cant-stop-resigned = resigned
play-cant-stop-won-of = { $won } of { $total }
play-cant-stop-players = Players
play-cant-stop-columns-claimed = Columns claimed
play-cant-stop-columns = Columns

play-cant-stop-choose-columns = Choose which columns to advance
play-cant-stop-stop-or-throw = Stop or throw again
play-cant-stop-throw-again = Throw again
play-cant-stop-to-advance = { $chance } to advance
play-cant-stop-kept-at = { $column } at { $space }/{ $height }
play-cant-stop-keep = keep { $kept }
play-cant-stop-keep-win = keep { $kept } and win the game
play-cant-stop-keep-claim = keep { $kept } and claim a column
play-cant-stop-stop = Stop
play-cant-stop-stop-hint = end your turn and keep its progress: your markers move up to the runners

play-cant-stop-prompt-choose = Your throw: { $dice }. Choose which columns to advance.
play-cant-stop-prompt-must-throw = A runner stands on an opponent's marker: you must throw again.
play-cant-stop-prompt-win = Stop now and you win the game! Or throw again.
play-cant-stop-prompt-decide = Stop to keep your progress, or throw again and risk losing this turn's progress.
play-cant-stop-prompt = Your move.

play-cant-stop-event-start-thrown = { $name } threw { $dice } to decide who starts ({ $total })
play-cant-stop-event-start-tied = { $names } tied with { $total } and throw again
play-cant-stop-event-first-player = { $name } plays first
play-cant-stop-event-dice-thrown = { $name } threw { $dice }
play-cant-stop-event-runner-moved = { $steps ->
    [1] { $name } advanced { $column }: runner at { $to } of { $height }
   *[other] { $name } advanced { $column } twice: runner at { $to } of { $height }
}
play-cant-stop-event-rolled-again = { $name } chose to throw again
play-cant-stop-event-bust = { $count ->
    [0] { $name } busted: no pair of dice could be used
   *[other] { $name } busted: no pair of dice could be used, the runners on { $columns } go back and the turn's progress is lost
}
play-cant-stop-event-piece-moved = { $name } stopped: { $column } at { $to }/{ $height }
play-cant-stop-event-column-won = { $count ->
    [0] { $name } claimed column { $column }
   *[other] { $name } claimed column { $column }: { $owners }'s { $count ->
        [one] marker leaves
       *[other] markers leave
    } it
}
play-cant-stop-event-resigned = { $name } resigned
play-cant-stop-event-game-over = Game over, { $reason ->
    [all_columns_won] every column is claimed
    [resignation] the others resigned
   *[columns_won] the columns needed are claimed
}: { $winner ->
    [yes] { $name } wins
   *[no] nobody wins alone
}

play-cant-stop-action-advance = { $how ->
    [only] advances { $a } only
    [twice] advances { $a } twice
   *[both] advances { $a } and { $b }
}
play-cant-stop-action-roll = throws the four dice again
play-cant-stop-action-stop = stops and keeps the turn's progress
