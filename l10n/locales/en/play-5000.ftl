# 5000: the table and the turn log. Game terms stay French (main pleine, Ballot...).

play-5000-not-opened = not opened yet
play-5000-not-opened-hint = a player must make the opening total in a single turn before banking anything
play-5000-main-pleine = main pleine
play-5000-main-pleine-hint = hot dice: every die has been set aside, so all five may be thrown again

play-5000-over = The game is over.
play-5000-about-to-throw = about to throw
play-5000-throw-of = { $nth } throw of 3
play-5000-headline-yours = Your turn · { $throw } · turn total { $total }
play-5000-headline-other = { $name }'s turn · { $throw } · turn total { $total }

play-5000-last-throw = Last throw
play-5000-dice-caption = Throw { $throw } of 3 · { $count ->
    [one] { $count } die
   *[other] { $count } dice
} in hand
play-5000-keep-ticked = Keep the ticked dice
play-5000-set-aside-hint = Tick the scoring dice you keep; they are set aside: 1s (100), 5s (50), a brelan (three of a kind) or a straight.
play-5000-why-none = Tick the dice you keep first.
play-5000-why-not = The ticked dice score nothing: keep 1s, 5s, a brelan or a straight.

play-5000-set-aside-title = Set aside this turn
play-5000-group = { $dice } for { $points }
play-5000-set-aside-caption = Set aside: { $groups }
play-5000-set-aside-caption-carried = Set aside: { $groups } · { $carried ->
    [one] { $carried } point
   *[other] { $carried } points
} carried from before the main pleine

play-5000-this-turn = This turn
play-5000-turn-total = Turn total
play-5000-throws-left = Throws left
play-5000-all-five-again = all five dice may be thrown again
play-5000-to-open = To open
play-5000-to-open-hint = { $name } has not opened: they must make { $threshold } in one turn before banking
play-5000-more = { $count } more
play-5000-target = Target
play-5000-target-at-least = { $target } or more
play-5000-target-exactly = exactly { $target }
play-5000-target-last-thousand = { $target }, the last 1000 in one turn
play-5000-final-round = Final round
play-5000-reached-target = { $name } reached the target

play-5000-resigned = resigned
play-5000-winner = winner
play-5000-scores = Scores
play-5000-banked-scores = Banked scores
play-5000-points = Points

play-5000-pick-a-keep = Or pick a keep
play-5000-bank-or-throw = Bank or throw again
play-5000-set-aside-dice = Set aside { $dice }
play-5000-keep-detail-hot = +{ $points } · turn total { $total } · main pleine: all five dice back in hand
play-5000-keep-detail = +{ $points } · turn total { $total } · { $left ->
    [one] { $left } die
   *[other] { $left } dice
} left
play-5000-bank = Bank { $total }
play-5000-bank-detail = +{ $counted } · your score becomes { $score }
play-5000-bank-detail-target = +{ $counted } · your score becomes { $score } · you reach the target!
play-5000-bank-overshoot = you would pass the target: the turn total would be lost
play-5000-throw-again = Throw again
play-5000-throw-again-all = all five dice; a throw with nothing that scores loses the turn total
play-5000-throw-again-hand = the { $count ->
    [one] { $count } die
   *[other] { $count } dice
} in hand; a throw with nothing that scores loses the turn total

play-5000-prompt-keep = Your move: set aside at least one scoring die from this throw.
play-5000-prompt-decide = Your move: bank your turn total, or throw the dice in hand again.

play-5000-event-dice-thrown = { $again ->
    [yes] { $name } threw { $dice } ({ $nth } throw)
   *[no] { $name } threw { $dice }
}
play-5000-event-five-ones = { $name } threw five 1s and wins at once!
play-5000-event-zero-throw = { $ballot ->
    [yes] Ballot (five dice, nothing scores): { $name } loses the turn total of { $lost }
   *[no] Zero throw (nothing scores): { $name } loses the turn total of { $lost }
}
play-5000-event-kept = { $name } set aside { $dice } for { $points } (turn total { $total })
play-5000-event-hot-dice = Main pleine (hot dice): { $name } has set aside all five dice
# $whole: yes when the whole turn total counts; $opened: yes when this banking opens the player.
play-5000-event-banked = { $whole ->
    [yes] { $opened ->
        [yes] { $name } banked { $points }: score { $score } (opened)
       *[no] { $name } banked { $points }: score { $score }
    }
   *[no] { $opened ->
        [yes] { $name } banked { $points }, of which { $counted } count: score { $score } (opened)
       *[no] { $name } banked { $points }, of which { $counted } count: score { $score }
    }
}
play-5000-event-turn-lost = { $reason ->
    [overshoot] { $name } would pass the target: the turn total of { $lost } is lost
   *[not-opened] { $name } has not opened: the turn total of { $lost } is lost
}
play-5000-event-final-round = { $name } reached the target: the round is played out
play-5000-event-resigned = { $name } resigned
# $reason: target-reached, five-ones, resignation; $winner: yes when one player wins.
play-5000-event-game-over = Game over ({ $reason ->
        [five-ones] five 1s
        [resignation] the others resigned
       *[target-reached] target reached
    }){ $winner ->
        [yes] : { $name } wins
       *[no] { "" }
    }

play-5000-action-keep = sets aside { $dice }
play-5000-action-bank = banks the turn total
play-5000-action-rethrow = throws the dice in hand again
