# 421: the table and the turn log. Game terms stay French (charge, décharge, nénette, fiche...).

play-421-tokens = { $count ->
    [one] { $count } token
   *[other] { $count } tokens
}

play-421-cat-421 = 421
play-421-cat-421-hint = the best result, worth 10 tokens
play-421-cat-three-aces = three aces
play-421-cat-three-aces-hint = 1-1-1, worth 7 tokens
play-421-cat-fiche = fiche
play-421-cat-fiche-hint = two aces and another die, worth that die's face in tokens
play-421-cat-baraque = baraque
play-421-cat-baraque-hint = a brelan: three of a kind, worth its face in tokens
play-421-cat-suite = suite
play-421-cat-suite-hint = three faces in a row, worth 2 tokens
play-421-cat-ordinary = ordinary
play-421-cat-ordinary-hint = any other result, worth 1 token
play-421-cat-nenette = nénette
play-421-cat-nenette-hint = 2-2-1, the weakest result: its holder takes 2 tokens
play-421-combination = { $dice } ({ $category }, { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
})

play-421-phase-first = Choosing the first player
play-421-phase-first-hint = each player throws one die; aces are high
play-421-phase-charge = Charge
play-421-phase-charge-hint = the pot deals its 21 tokens: the worst result of each round takes some
play-421-phase-decharge = Décharge
play-421-phase-decharge-hint = the best result of each round gives tokens to the worst; the first with none wins
play-421-phase-over = Game over

play-421-keep-your-dice = Keep your dice
play-421-over = The game is over.
play-421-headline-first = Choosing the first player: one die each, aces high.
play-421-headline-yours = { $phase }, round { $round } · pot { $pot ->
    [one] { $pot } token
   *[other] { $pot } tokens
} · your turn, { $nth } throw of { $max }
play-421-headline-other = { $phase }, round { $round } · pot { $pot ->
    [one] { $pot } token
   *[other] { $pot } tokens
} · { $name }'s turn, { $nth } throw of { $max }
play-421-headline-between = { $phase }, round { $round } · pot { $pot ->
    [one] { $pot } token
   *[other] { $pot } tokens
}

play-421-dice-caption = Throw { $throw } of { $max }
play-421-dice-caption-result = Throw { $throw } of { $max }: { $result }
play-421-hint-must-rethrow = Tick the dice you keep; the others are thrown again: you must use { $count ->
    [one] { $count } throw
   *[other] { $count } throws
} like the leader.
play-421-hint-rethrow = Tick the dice you keep and throw the others again (at least one), or stop here.
play-421-your-dice = Your dice
play-421-dice-of = { $name }'s dice

play-421-round = round { $round }
play-421-pot = Pot
play-421-pot-hint = tokens not yet dealt to the players
play-421-leader = Leader
play-421-leader-hint = leads the round: the number of throws they use binds the others
play-421-throws-this-round = Throws this round
play-421-throws-fixed = { $count }, fixed by the leader
play-421-best-so-far = Best so far
play-421-worst-so-far = Worst so far
play-421-at-stake = At stake
play-421-stake-worst = the worst result
play-421-stake-best = the best result
play-421-stake-both = the best and the worst result
play-421-tie-break = Tie-break
play-421-tie-break-hint = tied players throw once more each, in reverse playing order
play-421-tie-break-who = { $names } throw again for { $stake }

play-421-winner = winner
play-421-resigned = resigned
play-421-sits-out = sits out the décharge
play-421-tie-break-dice = tie-break { $dice }
play-421-this-round = this round: { $result }
play-421-first-player-die = first-player die: { $die }
play-421-still-to-play = still to play this round
play-421-scores-title = Tokens
play-421-scores-caption = Tokens held (fewer is better)
play-421-scores-unit = Tokens

play-421-stop = Stop here
play-421-stop-detail = keep your dice: the others must use { $count ->
    [one] { $count } throw
   *[other] { $count } throws
}
play-421-le-bon = Le bon
play-421-le-bon-hint = keep your dice before using all the leader's throws
play-421-le-bon-detail = keep your dice now

play-421-prompt-keep = Your turn: stop here, or tick the dice you keep and throw the others again.
play-421-prompt-rethrow = Your turn: tick the dice you keep and throw the others again.

play-421-event-start-die-thrown = { $name } threw a { $die } for the first player
play-421-event-start-tie = { $names } tie and throw again
play-421-event-first-player = { $name } plays first
play-421-event-round-started = { $phase ->
    [decharge] Round { $round } of the décharge, led by { $name }
   *[charge] Round { $round } of the charge, led by { $name }
}
# $count: how many dice were kept (none on a first throw).
play-421-event-dice-thrown = { $count ->
    [0] { $name } threw { $dice }
   *[other] { $name } kept { $kept } and threw { $thrown }: { $dice }
}
play-421-event-le-bon = { $name } says “le bon” after { $count ->
    [one] { $count } throw
   *[other] { $count } throws
}
play-421-event-turn-ended = { $name } ends with { $result } in { $count ->
    [one] { $count } throw
   *[other] { $count } throws
}
play-421-event-throws-fixed = { $name } stopped: everyone uses { $count ->
    [one] { $count } throw
   *[other] { $count } throws
} this round
play-421-event-tie-break-started = { $names } tie for { $stake } and throw again
play-421-event-tie-break-thrown = { $name } throws { $dice } in the tie-break
# $basis: best (nothing said), nenette, tie-break.
play-421-event-charged = { $name } takes { $count ->
    [one] { $count } token
   *[other] { $count } tokens
} from the pot{ $basis ->
    [nenette] { " (nénette)" }
    [tie-break] { " (after a tie-break)" }
   *[best] { "" }
} ({ $pot } left)
play-421-event-paid = { $from } gives { $count ->
    [one] { $count } token
   *[other] { $count } tokens
} to { $to }{ $basis ->
    [nenette] { " (nénette)" }
    [tie-break] { " (after a tie-break)" }
   *[best] { "" }
}
# $count: how many players sit out, named in $names.
play-421-event-decharge-started = The pot is empty: the décharge begins{ $count ->
    [0] { "" }
    [one] ; { $names } sits out
   *[other] ; { $names } sit out
}
play-421-event-espagnole = L'espagnole: { $name } took all 21 tokens and loses
play-421-event-resigned = { $name } resigned; { $count ->
    [one] { $count } token
   *[other] { $count } tokens
} went back to the pot
# $reason: discharged, no-tokens, espagnole, resignation; $count: how many win, named in $names.
play-421-event-game-over = Game over ({ $reason ->
        [discharged] a player gave away their last token
        [no-tokens] no tokens when the charge ended
        [espagnole] l'espagnole
       *[resignation] the others resigned
    }){ $count ->
        [0] { "" }
        [one] : { $names } wins
       *[other] : { $names } win
    }

play-421-action-reroll = throws { $dice } again
play-421-action-stop = stops and keeps the dice
play-421-action-le-bon = says “le bon” and keeps the dice
