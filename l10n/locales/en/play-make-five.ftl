# Make Five: the table and the turn log. The roles keep their French names (Aligneur,
# Destructeur), and so does the match-winning MAKE 5.

play-make-five-red = red
play-make-five-green = green
play-make-five-blue = blue
play-make-five-yellow = yellow
play-make-five-white = white
play-make-five-colour = { $name } { $symbol }
play-make-five-token = { $colour } token

play-make-five-aligneur = Aligneur
play-make-five-destructeur = Destructeur
play-make-five-aligneur-hint = the orderer: may move one token to the top of a column before each draw, and scores the rows at the end of the deal
play-make-five-destructeur-hint = the disorderer: draws each token from the bag and chooses the column it drops into

play-make-five-place = column { $column }, place { $place }
play-make-five-place-bottom = column { $column }, place 1 (bottom)
play-make-five-then-scores = { $label } (then the board scores { $points })
play-make-five-move = Move { $colour } from column { $from-column }, place { $from-place }, to column { $to-column }
play-make-five-move-top = Move { $colour } from column { $from-column }, place { $from-place }, to the top of column { $to-column }
play-make-five-drop = Drop { $colour } into column { $column }
play-make-five-drop-drawn = Drop the drawn token into column { $column }
play-make-five-pass = Pass
play-make-five-pass-detail = leave the board as it is: it scores { $points }
play-make-five-or-leave = Or leave the board as it is
play-make-five-other-choices = Other choices

play-make-five-deal-of = Deal { $deal } of { $deals }
play-make-five-headline = { $deal } · { $turn }
play-make-five-headline-last = { $deal } · { $turn } (the last move of the deal)
play-make-five-move-turn-yours = Your turn as Aligneur: move a token or pass
play-make-five-move-turn-other = { $name }'s turn as Aligneur: move a token or pass
play-make-five-place-turn-yours = Your turn as Destructeur: drop the drawn { $colour } token
play-make-five-place-turn-other = { $name }'s turn as Destructeur: drop the drawn { $colour } token
play-make-five-drawing = { $deal } · drawing from the bag

play-make-five-drawn-label = drawn token: { $colour }
play-make-five-drawn-token = Drawn token
play-make-five-drawn-caption = The token just drawn: { $colour }

play-make-five-row = Row { $row }
play-make-five-row-points = Row { $row } · { $points } pts
play-make-five-board = Board
play-make-five-board-caption = The inclined board: five columns filled from the bottom; a row holding { $min } or more tokens of one colour scores that many points; it scores { $points } now
play-make-five-cell-token = { $place }: { $colour } token
play-make-five-cell-empty = { $place }: empty

play-make-five-bag-cell = { $colour }: { $left } in the bag
play-make-five-bag = In the bag: { $count ->
    [one] { $count } token
   *[other] { $count } tokens
}
play-make-five-bag-caption = The tokens left in the bag, by colour

play-make-five-deal = Deal
play-make-five-deal-value = { $deal } of { $deals }
play-make-five-board-scores = Board scores now
play-make-five-board-scores-hint = each row holding 3, 4 or 5 tokens of one colour scores that many; five single-coloured rows (MAKE 5) win the match at once
play-make-five-moves-left = Aligneur's moves left
play-make-five-variant = Variant
play-make-five-variant-contiguous = only tokens side by side count in a row
play-make-five-the-deal = The deal

play-make-five-deal-row = Deal { $deal }
play-make-five-roles = { $aligneur } is the Aligneur, { $destructeur } the Destructeur
play-make-five-playing = playing
play-make-five-total = Total
play-make-five-total-hint = the points of the deals played as the Aligneur
play-make-five-six-deals = The six deals
play-make-five-sheet-caption = Points scored in each deal by its Aligneur

play-make-five-resigned = resigned
play-make-five-players = Players
play-make-five-totals = Match totals
play-make-five-points = Points

play-make-five-prompt-last = Your last move of the deal as Aligneur: pick a token, then the column whose top it goes to (▼), or pass; then the rows are scored.
play-make-five-prompt-move = You are the Aligneur: pick a token, then the column whose top it goes to (▼), or pass.
play-make-five-prompt-place = You are the Destructeur: drop the { $colour } token into a column (▼).
play-make-five-prompt-any = Your move.

play-make-five-event-deal-started = Deal { $deal } begins: { $aligneur } is the Aligneur, { $destructeur } the Destructeur
play-make-five-event-token-drawn = { $name } drew a { $colour } token
play-make-five-event-token-placed = { $automatic ->
    [yes] The { $colour } token went to { $place }
   *[no] { $name } dropped the { $colour } token into { $place }
}
play-make-five-event-token-moved = { $name } moved the { $colour } token from { $from } to { $to }
play-make-five-event-passed = { $name } passed, leaving the board as it is
play-make-five-event-deal-scored = { $make_five ->
    [yes] MAKE 5! Deal { $deal }: five single-coloured rows, 25 points for { $name }
   *[no] Deal { $deal } scored: { $points } for { $name } (rows from the bottom: { $rows }), { $total } in all
}
play-make-five-event-resigned = { $name } resigned
play-make-five-event-game-over = Game over, { $reason ->
    [make_five] MAKE 5
    [resignation] by resignation
   *[all_deals_played] the six deals are played
}: { $winner ->
    [yes] { $name } wins
   *[no] a draw
}

play-make-five-action-move = moves the token from { $from } to the top of column { $to }
play-make-five-action-pass = passes, leaving the board as it is
play-make-five-action-place = drops the drawn token into column { $column }
