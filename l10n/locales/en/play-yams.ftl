# Yams: the table and the turn log. Box names stay French (Un, Brelan, Full, Yams...).

play-yams-hint-un = ones: 1 point per die showing 1
play-yams-hint-deux = twos: 2 points per die showing 2
play-yams-hint-trois = threes: 3 points per die showing 3
play-yams-hint-quatre = fours: 4 points per die showing 4
play-yams-hint-cinq = fives: 5 points per die showing 5
play-yams-hint-six = sixes: 6 points per die showing 6
play-yams-hint-double-paire = two pairs of different faces: the sum of the four paired dice
play-yams-hint-brelan-fixed = three of a kind: 10 points
play-yams-hint-brelan-three = three of a kind: the sum of the three equal dice
play-yams-hint-brelan-five = three of a kind: the sum of the five dice
play-yams-hint-suite = straight, 1-2-3-4-5 or 2-3-4-5-6: 20 points
play-yams-hint-petite-suite = small straight, 1-2-3-4-5: 30 points
play-yams-hint-grande-suite = large straight, 2-3-4-5-6: 40 points
play-yams-hint-full = full house, three of one face and two of another: 30 points
play-yams-hint-full-yams = full house, three of one face and two of another: 30 points (a Yams counts too)
play-yams-hint-carre = four of a kind: 40 points
play-yams-hint-yams = five of a kind: 50 points
play-yams-hint-chance = any dice: their sum
play-yams-hint-maxi = the sum of the dice, which must be more than Mini's
play-yams-hint-mini = the sum of the dice, which must be less than Maxi's

play-yams-bonus-strict = bonus for the upper section (Un to Six), when the upper total exceeds 63: (total − 63) + 30
play-yams-bonus-63 = bonus for the upper section (Un to Six), when the upper total reaches 63: (total − 63) + 30
play-yams-bonus-flat = bonus for the upper section (Un to Six), 35 points when the upper total reaches 63
play-yams-bonus-60 = bonus for the upper section (Un to Six), when the upper total reaches 60: (total − 60) + 30

play-yams-box-of-grid = { $box } of grid { $grid }
play-yams-scratch = Scratch { $box }: score 0
play-yams-score-in = Score { $points } in { $box }
play-yams-write-in = Write your dice in { $box }

play-yams-headline-yours = Round { $round } of { $rounds } · your turn, { $throw }
play-yams-headline-other = Round { $round } of { $rounds } · { $name }'s turn, { $throw }
play-yams-about-to-throw = about to throw
play-yams-throw-of = { $nth } throw of 3

play-yams-dice = Dice
play-yams-not-thrown = Not thrown yet
play-yams-dice-caption = Throw { $throw } of 3 · { $left ->
    [one] { $left } throw
   *[other] { $left } throws
} left
play-yams-keep-hint = Tick the dice you keep and throw the others again, or write your dice in a box of your column.

play-yams-upper-total = Total haut
play-yams-upper-total-hint = upper total: Un to Six
play-yams-bonus = Prime
play-yams-needs = needs { $points }
play-yams-lower-total = Total bas
play-yams-lower-total-hint = lower total: the boxes below the bonus
play-yams-total = Total
play-yams-total-hint = upper total + bonus + lower total
play-yams-sheet = Score sheet
play-yams-sheet-caption-turn = Score sheet: click an empty box of your column to write your dice in it
play-yams-column-grid = { $name } · grid { $grid }

play-yams-resigned = resigned
play-yams-boxes-left = { $count ->
    [one] { $count } box left
   *[other] { $count } boxes left
}
play-yams-totals = Totals
play-yams-grand-totals = Grand totals
play-yams-points = Points

play-yams-prompt-reroll = Your turn: keep some dice and throw the others again, or write your dice in a box of your column.
play-yams-prompt-score = Your turn: write your dice in an empty box of your column.

play-yams-event-dice-kept = { $count ->
    [0] { $name } picked up all five dice
   *[other] { $name } kept { $dice }
}
play-yams-event-dice-thrown = { $again ->
    [yes] { $name } threw { $dice } ({ $nth } throw: { $all })
   *[no] { $name } threw { $dice }
}
play-yams-event-scored = { $points ->
    [0] { $name } scratched { $box } (0)
   *[other] { $name } scored { $points } in { $box }
}
play-yams-event-upper-completed = { $bonus ->
    [0] { $name }'s upper section totals { $upper }: no bonus
    [one] { $name }'s upper section totals { $upper }: a bonus of { $bonus } point
   *[other] { $name }'s upper section totals { $upper }: a bonus of { $bonus } points
}
play-yams-event-grid-completed = { $name }'s grid is full: { $total ->
    [one] { $total } point
   *[other] { $total } points
} in all
play-yams-event-resigned = { $name } resigned
play-yams-event-game-over = { $reason ->
    [resignation] Game over, the others resigned: { $places }
   *[grids-filled] Game over, every grid is full: { $places }
}
play-yams-event-game-over-place = { $rank } { $name } ({ $score })
play-yams-action-reroll = { $count ->
    [0] throws all five dice again
   *[other] keeps { $dice } and throws the others again
}
play-yams-action-score = writes the dice in { $box }
