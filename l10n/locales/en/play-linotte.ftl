# La Linotte and Yam Master: the table and the turn log. Combination names stay French
# (Brelan, Full, Carré, Yam, Quinte, Suite, Sec, Appel, Défi, Yam Predator).

play-linotte-brelan-of = Brelan of { $face }s
play-linotte-or = { $init } or { $last }

play-linotte-hint-full = full house: three dice of one face and two of another (five alike count too)
play-linotte-hint-carre = four of a kind: at least four dice alike
play-linotte-hint-yam-predator = five of a kind: all five dice alike; instead of placing a pawn it may remove one of the opponent's (the Yam Predator)
play-linotte-hint-yam = five of a kind: all five dice alike
play-linotte-hint-quinte = a straight: 1-2-3-4-5 or 2-3-4-5-6
play-linotte-hint-small = the five dice add up to 8 or less
play-linotte-hint-sec = “dry”: a major combination ({ $majors }) made on the first throw, stopping there
play-linotte-hint-defi = challenge: taken after the first throw, then any major combination ({ $majors }) made with the throws left
play-linotte-hint-appel = call: one major combination ({ $majors }) named after the first throw, then made with the throws left
play-linotte-hint-brelan = three of a kind: at least three dice showing { $face }
play-linotte-term-brelan = Brelan of { $face }s, { $hint }

play-linotte-cell = row { $row }, column { $col }
play-linotte-cell-named = { $name } ({ $cell })

play-linotte-about-to-throw = about to throw
play-linotte-throw-of = { $nth } throw of 3
play-linotte-headline-yours = Your turn · { $throw }
play-linotte-headline-other = { $name }'s turn · { $throw }
play-linotte-headline-taken = { $headline } · { $taken }
play-linotte-appel-called = Appel for { $combination } called
play-linotte-defi-taken = Défi taken

play-linotte-dice = Dice
play-linotte-this-turn = This turn
play-linotte-grid = The grid
play-linotte-grid-caption-play = The grid: click a highlighted cell to play there

play-linotte-appel-button = Call an Appel for { $combination }
play-linotte-appel-group = Call an Appel: name the major combination you will make
play-linotte-defi-button = Take up the Défi
play-linotte-defi-detail = then throw again
play-linotte-pass = Stop without placing a pawn
play-linotte-or-group = Or

play-linotte-can-place = place a pawn on a highlighted cell of the grid (+)
play-linotte-can-remove = remove one of your opponent's pawns with the Yam Predator (✕)
play-linotte-can-reroll = tick the dice you keep and throw the others again
play-linotte-can-appel = call an Appel
play-linotte-can-defi = take up the Défi
play-linotte-can-pass = stop without placing a pawn
play-linotte-prompt = Your turn: { $choices }.
play-linotte-prompt-taken = Your { $challenge } is taken: throw again. { $prompt }
play-linotte-prompt-sec = { $prompt } Stopping now makes a Sec (a major combination on the first throw).

play-linotte-not-thrown = Not thrown yet
play-linotte-dice-caption = Throw { $throw } of 3 · { $left ->
    [one] { $left } throw
   *[other] { $left } throws
} left
play-linotte-tick-hint = Tick the dice you keep; the others are thrown again.
play-linotte-must-break = { $hint } Your challenge follows a major combination on the first throw: do not keep every die of it.

play-linotte-throws = Throws
play-linotte-throws-value = { $throw } of 3
play-linotte-may-go-on = A pawn may go on
play-linotte-no-cell = no cell
play-linotte-sec-yours = yes, if you stop now
play-linotte-sec-other = yes, if { $name } stops now
play-linotte-challenge-target = { $combination }: { $state }
play-linotte-challenge-first = throw again first
play-linotte-challenge-made = made
play-linotte-challenge-not-yet = not made yet
play-linotte-challenge-missed-cells = missed: no pawn on its cells
play-linotte-challenge-missed-turn = missed: no pawn this turn
play-linotte-predator = Yam Predator
play-linotte-predator-returns = a Yam may remove one of { $opponent } pawns instead of placing one; it goes back to its owner
play-linotte-predator-leaves = a Yam may remove one of { $opponent } pawns instead of placing one; it leaves the game
play-linotte-predator-yours = You may remove a pawn (✕)
play-linotte-predator-other = { $name } may remove a pawn (✕)

play-linotte-place = Place a pawn on { $cell }
play-linotte-place-win = Place a pawn on { $cell }: five in a row, you win
play-linotte-place-five = Place a pawn on { $cell }: five in a row ends the game, { $points }
play-linotte-place-after = Place a pawn on { $cell }: { $points } after
play-linotte-remove = Yam Predator: remove { $owner } pawn from { $cell }
play-linotte-remove-after = Yam Predator: remove { $owner } pawn from { $cell }: { $name } left with { $points }
play-linotte-pawn-of = { $owner } pawn
play-linotte-free = free
play-linotte-cell-label = Row { $row }, column { $col }: { $name }, { $holder }
play-linotte-in-winning-line = { $holder }, in the five in a row

play-linotte-pawns-left = { $reserve ->
    [one] { $reserve } pawn
   *[other] { $reserve } pawns
} left, { $board } on the grid
play-linotte-removed = { $detail }, { $count } removed
play-linotte-resigned = { $detail }, resigned
play-linotte-runs-hint = a run of 3 of a player's pawns in a row, column or diagonal scores 1 point, of 4 scores 2, of 5 scores 3
play-linotte-alignments = Alignments
play-linotte-alignments-caption = Alignment points and pawns
play-linotte-points = Points

play-linotte-event-dice-thrown = { $again ->
    [yes] { $name } threw { $faces } ({ $nth } throw: { $dice })
   *[no] { $name } threw { $faces }
}
play-linotte-event-rerolled = { $name } picked up { $faces } to throw { $count ->
    [one] it
   *[other] them
} again
play-linotte-event-appel-announced = { $name } called an Appel for { $combination }
play-linotte-event-defi-declared = { $name } took up the Défi
play-linotte-event-challenge-resolved = { $succeeded ->
    [yes] { $name } made the { $challenge }
   *[no] { $name } missed the { $challenge }
}
play-linotte-event-placed = { $name } placed a pawn on { $combination } ({ $cell }): { $reserve ->
    [one] { $reserve } pawn
   *[other] { $reserve } pawns
} left, { $points ->
    [one] { $points } point
   *[other] { $points } points
}
play-linotte-event-pawn-removed = { $name } used the Yam Predator: { $owner } pawn on { $cell } { $returned ->
    [yes] went back to its owner
   *[no] left the game
}; { $owner-name } now has { $points ->
    [one] { $points } point
   *[other] { $points } points
}
play-linotte-event-passed = { $name } stopped without placing a pawn
play-linotte-event-resigned = { $name } resigned
play-linotte-event-game-over = Game over, { $reason ->
    [five-in-a-row] five in a row
    [no-pawns-left] a player has placed all their pawns
   *[resignation] by resignation
}: { $draw ->
    [yes] a draw
   *[no] { $name } wins
} ({ $first } { $first-points ->
    [one] { $first-points } point
   *[other] { $first-points } points
}, { $second } { $second-points ->
    [one] { $second-points } point
   *[other] { $second-points } points
})

play-linotte-action-reroll = throws { $faces } again
play-linotte-action-appel = calls an Appel for { $combination }
play-linotte-action-defi = takes up the Défi
play-linotte-action-place = places a pawn on { $cell }
play-linotte-action-remove = removes the pawn on { $cell } with the Yam Predator
play-linotte-action-pass = stops without placing a pawn
