# Le 421 : la table et le journal des tours.

play-421-tokens = { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
}

play-421-cat-421 = 421
play-421-cat-421-hint = la meilleure combinaison, elle vaut 10 jetons
play-421-cat-three-aces = trois as
play-421-cat-three-aces-hint = 1-1-1, vaut 7 jetons
play-421-cat-fiche = fiche
play-421-cat-fiche-hint = deux as et un autre dé, vaut autant de jetons que la face de ce dé
play-421-cat-baraque = baraque
play-421-cat-baraque-hint = un brelan : trois dés de la même face, vaut autant de jetons que cette face
play-421-cat-suite = suite
play-421-cat-suite-hint = trois faces qui se suivent, vaut 2 jetons
play-421-cat-ordinary = ordinaire
play-421-cat-ordinary-hint = toute autre combinaison, vaut 1 jeton
play-421-cat-nenette = nénette
play-421-cat-nenette-hint = 2-2-1, la plus faible combinaison : qui la fait prend 2 jetons
play-421-combination = { $dice } ({ $category }, { $tokens ->
    [one] { $tokens } jeton
   *[other] { $tokens } jetons
})

play-421-phase-first = Choix du premier joueur
play-421-phase-first-hint = chaque joueur lance un dé ; l’as est le plus fort
play-421-phase-charge = Charge
play-421-phase-charge-hint = le pot distribue ses 21 jetons : la plus faible combinaison de chaque tour en reçoit
play-421-phase-decharge = Décharge
play-421-phase-decharge-hint = la meilleure combinaison de chaque tour donne des jetons à la plus faible ; le premier qui n’en a plus gagne
play-421-phase-over = Partie terminée

play-421-keep-your-dice = Garder vos dés
play-421-over = La partie est terminée.
play-421-headline-first = Choix du premier joueur : un dé chacun, l’as est le plus fort.
play-421-headline-yours = { $phase }, tour { $round } · pot { $pot ->
    [one] { $pot } jeton
   *[other] { $pot } jetons
} · à vous, { $nth } lancer sur { $max }
play-421-headline-other = { $phase }, tour { $round } · pot { $pot ->
    [one] { $pot } jeton
   *[other] { $pot } jetons
} · à { $name }, { $nth } lancer sur { $max }
play-421-headline-between = { $phase }, tour { $round } · pot { $pot ->
    [one] { $pot } jeton
   *[other] { $pot } jetons
}

play-421-dice-caption = Lancer { $throw } sur { $max }
play-421-dice-caption-result = Lancer { $throw } sur { $max } : { $result }
play-421-hint-must-rethrow = Cochez les dés que vous gardez ; les autres sont relancés : vous devez faire { $count ->
    [one] { $count } lancer
   *[other] { $count } lancers
} comme le meneur.
play-421-hint-rethrow = Cochez les dés que vous gardez et relancez les autres (au moins un), ou arrêtez-vous là.
play-421-your-dice = Vos dés
play-421-dice-of = Dés de { $name }

play-421-round = tour { $round }
play-421-pot = Pot
play-421-pot-hint = les jetons pas encore distribués aux joueurs
play-421-leader = Meneur
play-421-leader-hint = mène le tour : son nombre de lancers s’impose aux autres
play-421-throws-this-round = Lancers de ce tour
play-421-throws-fixed = { $count }, fixé par le meneur
play-421-best-so-far = Meilleure jusqu’ici
play-421-worst-so-far = Plus faible jusqu’ici
play-421-at-stake = En jeu
play-421-stake-worst = la plus faible combinaison
play-421-stake-best = la meilleure combinaison
play-421-stake-both = la meilleure et la plus faible combinaison
play-421-tie-break = Départage
play-421-tie-break-hint = les joueurs à égalité relancent une fois chacun, dans l’ordre inverse du jeu
play-421-tie-break-who = { $names } relancent pour { $stake }

play-421-winner = gagnant
play-421-resigned = a abandonné
play-421-sits-out = ne joue pas la décharge
play-421-tie-break-dice = départage { $dice }
play-421-this-round = ce tour-ci : { $result }
play-421-first-player-die = dé du premier joueur : { $die }
play-421-still-to-play = doit encore jouer ce tour-ci
play-421-scores-title = Jetons
play-421-scores-caption = Jetons en main (moins il y en a, mieux c’est)
play-421-scores-unit = Jetons

play-421-stop = Stop
play-421-stop-detail = gardez vos dés : les autres devront faire { $count ->
    [one] { $count } lancer
   *[other] { $count } lancers
}
play-421-le-bon = Le bon
play-421-le-bon-hint = garder ses dés avant d’avoir fait tous les lancers du meneur
play-421-le-bon-detail = gardez vos dés maintenant

play-421-prompt-keep = À vous : arrêtez-vous là, ou cochez les dés que vous gardez et relancez les autres.
play-421-prompt-rethrow = À vous : cochez les dés que vous gardez et relancez les autres.

play-421-event-start-die-thrown = { $name } lance un { $die } pour désigner le premier joueur
play-421-event-start-tie = { $names } sont à égalité et relancent
play-421-event-first-player = { $name } commence
play-421-event-round-started = { $phase ->
    [decharge] Tour { $round } de la décharge, mené par { $name }
   *[charge] Tour { $round } de la charge, mené par { $name }
}
# $count : combien de dés ont été gardés (aucun au premier lancer).
play-421-event-dice-thrown = { $count ->
    [0] { $name } lance { $dice }
   *[other] { $name } garde { $kept } et relance { $thrown } : { $dice }
}
play-421-event-le-bon = { $name } dit « le bon » après { $count ->
    [one] { $count } lancer
   *[other] { $count } lancers
}
play-421-event-turn-ended = { $name } finit avec { $result } en { $count ->
    [one] { $count } lancer
   *[other] { $count } lancers
}
play-421-event-throws-fixed = { $name } s’arrête : chacun fera { $count ->
    [one] { $count } lancer
   *[other] { $count } lancers
} ce tour-ci
play-421-event-tie-break-started = { $names } sont à égalité pour { $stake } et relancent
play-421-event-tie-break-thrown = { $name } fait { $dice } au départage
# $basis : best (rien à dire), nenette, tie-break.
play-421-event-charged = { $name } prend { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
} au pot{ $basis ->
    [nenette] { " (nénette)" }
    [tie-break] { " (après un départage)" }
   *[best] { "" }
} (il en reste { $pot })
play-421-event-paid = { $from } donne { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
} à { $to }{ $basis ->
    [nenette] { " (nénette)" }
    [tie-break] { " (après un départage)" }
   *[best] { "" }
}
# $count : combien de joueurs ne jouent pas la décharge, nommés dans $names.
play-421-event-decharge-started = Le pot est vide : la décharge commence{ $count ->
    [0] { "" }
    [one] { " ; " }{ $names } ne la joue pas
   *[other] { " ; " }{ $names } ne la jouent pas
}
play-421-event-espagnole = L’espagnole : { $name } a ramassé les 21 jetons et perd
play-421-event-resigned = { $name } abandonne ; { $count ->
    [one] { $count } jeton retourne
   *[other] { $count } jetons retournent
} au pot
# $reason : discharged, no-tokens, espagnole, resignation ; $count : combien gagnent, nommés dans $names.
play-421-event-game-over = Partie terminée ({ $reason ->
        [discharged] un joueur a donné son dernier jeton
        [no-tokens] sans jeton à la fin de la charge
        [espagnole] l’espagnole
       *[resignation] les autres ont abandonné
    }){ $count ->
        [0] { "" }
        [one] { " : " }{ $names } gagne
       *[other] { " : " }{ $names } gagnent
    }

play-421-action-reroll = relance { $dice }
play-421-action-stop = s’arrête et garde ses dés
play-421-action-le-bon = dit « le bon » et garde ses dés
