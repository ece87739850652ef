# La Linotte et Yam Master : la table et le journal de la partie. Les noms des combinaisons
# restent ceux du jeu (Brelan, Full, Carré, Yam, Quinte, Suite, Sec, Appel, Défi, Yam Predator).

play-linotte-brelan-of = Brelan de { $face }
play-linotte-or = { $init } ou { $last }

play-linotte-hint-full = un brelan et une paire de faces différentes (cinq dés identiques comptent aussi)
play-linotte-hint-carre = au moins quatre dés identiques
play-linotte-hint-yam-predator = cinq dés identiques ; au lieu de poser un pion, il peut retirer un pion adverse (le Yam Predator)
play-linotte-hint-yam = cinq dés identiques
play-linotte-hint-quinte = une suite : 1-2-3-4-5 ou 2-3-4-5-6
play-linotte-hint-small = les cinq dés font 8 ou moins
play-linotte-hint-sec = une combinaison majeure ({ $majors }) réussie dès le premier lancer, sans relancer
play-linotte-hint-defi = relevé après le premier lancer, puis n’importe quelle combinaison majeure ({ $majors }) réussie avec les lancers restants
play-linotte-hint-appel = une combinaison majeure ({ $majors }) annoncée après le premier lancer, puis réussie avec les lancers restants
play-linotte-hint-brelan = au moins trois dés montrant { $face }
play-linotte-term-brelan = Brelan de { $face } : { $hint }

play-linotte-cell = ligne { $row }, colonne { $col }
play-linotte-cell-named = { $name } ({ $cell })

play-linotte-about-to-throw = avant le premier lancer
play-linotte-throw-of = { $nth } lancer sur 3
play-linotte-headline-yours = À vous · { $throw }
play-linotte-headline-other = À { $name } · { $throw }
play-linotte-headline-taken = { $headline } · { $taken }
play-linotte-appel-called = Appel au { $combination } annoncé
play-linotte-defi-taken = Défi relevé

play-linotte-dice = Dés
play-linotte-this-turn = Ce tour-ci
play-linotte-grid = La grille
play-linotte-grid-caption-play = La grille : cliquez sur une case en surbrillance pour y jouer

play-linotte-appel-button = Faire un Appel au { $combination }
play-linotte-appel-group = Faire un Appel : annoncez la combinaison majeure que vous allez réussir
play-linotte-defi-button = Relever le Défi
play-linotte-defi-detail = puis relancer
play-linotte-pass = S’arrêter sans poser de pion
play-linotte-or-group = Ou

play-linotte-can-place = poser un pion sur une case en surbrillance de la grille (+)
play-linotte-can-remove = retirer un pion adverse avec le Yam Predator (✕)
play-linotte-can-reroll = cocher les dés que vous gardez et relancer les autres
play-linotte-can-appel = faire un Appel
play-linotte-can-defi = relever le Défi
play-linotte-can-pass = vous arrêter sans poser de pion
play-linotte-prompt = À vous : { $choices }.
play-linotte-prompt-taken = Votre { $challenge } est lancé : relancez. { $prompt }
play-linotte-prompt-sec = { $prompt } En vous arrêtant maintenant, vous faites un Sec (une combinaison majeure dès le premier lancer).

play-linotte-not-thrown = Pas encore lancés
play-linotte-dice-caption = Lancer { $throw } sur 3 · { $left ->
    [one] encore { $left } lancer
   *[other] encore { $left } lancers
}
play-linotte-tick-hint = Cochez les dés que vous gardez ; les autres sont relancés.
play-linotte-must-break = { $hint } Votre annonce suit une combinaison majeure du premier lancer : ne gardez pas tous ses dés.

play-linotte-throws = Lancers
play-linotte-throws-value = { $throw } sur 3
play-linotte-may-go-on = Un pion peut aller sur
play-linotte-no-cell = aucune case
play-linotte-sec-yours = oui, si vous vous arrêtez maintenant
play-linotte-sec-other = oui, si { $name } s’arrête maintenant
play-linotte-challenge-target = { $combination } : { $state }
play-linotte-challenge-first = relancez d’abord
play-linotte-challenge-made = réussi
play-linotte-challenge-not-yet = pas encore réussi
play-linotte-challenge-missed-cells = manqué : aucun pion sur ses cases
play-linotte-challenge-missed-turn = manqué : aucun pion ce tour-ci
play-linotte-predator = Yam Predator
play-linotte-predator-returns = un Yam peut retirer un des pions { $opponent } au lieu d’en poser un ; le pion retourne à son propriétaire
play-linotte-predator-leaves = un Yam peut retirer un des pions { $opponent } au lieu d’en poser un ; le pion quitte la partie
play-linotte-predator-yours = Vous pouvez retirer un pion (✕)
play-linotte-predator-other = { $name } peut retirer un pion (✕)

play-linotte-place = Poser un pion sur { $cell }
play-linotte-place-win = Poser un pion sur { $cell } : cinq alignés, vous gagnez
play-linotte-place-five = Poser un pion sur { $cell } : cinq alignés finissent la partie, { $points }
play-linotte-place-after = Poser un pion sur { $cell } : { $points } ensuite
play-linotte-remove = Yam Predator : retirer le pion { $owner } de { $cell }
play-linotte-remove-after = Yam Predator : retirer le pion { $owner } de { $cell } : il reste { $points } à { $name }
play-linotte-pawn-of = pion { $owner }
play-linotte-free = libre
play-linotte-cell-label = Ligne { $row }, colonne { $col } : { $name }, { $holder }
play-linotte-in-winning-line = { $holder }, dans les cinq alignés

play-linotte-pawns-left = { $reserve ->
    [one] { $reserve } pion restant
   *[other] { $reserve } pions restants
}, { $board } sur la grille
play-linotte-removed = { $detail }, { $count ->
    [one] { $count } retiré
   *[other] { $count } retirés
}
play-linotte-resigned = { $detail }, a abandonné
play-linotte-runs-hint = un alignement de 3 pions d’un joueur en ligne, en colonne ou en diagonale rapporte 1 point, de 4 en rapporte 2, de 5 en rapporte 3
play-linotte-alignments = Alignements
play-linotte-alignments-caption = Points d’alignement et pions
play-linotte-points = Points

play-linotte-event-dice-thrown = { $again ->
    [yes] { $name } a lancé { $faces } ({ $nth } lancer : { $dice })
   *[no] { $name } a lancé { $faces }
}
play-linotte-event-rerolled = { $count ->
    [one] { $name } a repris le { $faces } pour le relancer
   *[other] { $name } a repris { $faces } pour les relancer
}
play-linotte-event-appel-announced = { $name } a fait un Appel au { $combination }
play-linotte-event-defi-declared = { $name } a relevé le Défi
play-linotte-event-challenge-resolved = { $succeeded ->
    [yes] { $name } a réussi son { $challenge }
   *[no] { $name } a manqué son { $challenge }
}
play-linotte-event-placed = { $name } a posé un pion sur { $combination } ({ $cell }) : { $reserve ->
    [one] { $reserve } pion restant
   *[other] { $reserve } pions restants
}, { $points ->
    [one] { $points } point
   *[other] { $points } points
}
play-linotte-event-pawn-removed = { $name } a utilisé le Yam Predator : le pion { $owner } sur { $cell } { $returned ->
    [yes] est retourné à son propriétaire
   *[no] a quitté la partie
} ; { $owner-name } a maintenant { $points ->
    [one] { $points } point
   *[other] { $points } points
}
play-linotte-event-passed = { $name } s’est arrêté sans poser de pion
play-linotte-event-resigned = { $name } a abandonné
play-linotte-event-game-over = Partie terminée, { $reason ->
    [five-in-a-row] cinq pions alignés
    [no-pawns-left] un joueur a posé tous ses pions
   *[resignation] par abandon
} : { $draw ->
    [yes] égalité
   *[no] { $name } gagne
} ({ $first } { $first-points ->
    [one] { $first-points } point
   *[other] { $first-points } points
}, { $second } { $second-points ->
    [one] { $second-points } point
   *[other] { $second-points } points
})

play-linotte-action-reroll = relance { $faces }
play-linotte-action-appel = fait un Appel au { $combination }
play-linotte-action-defi = relève le Défi
play-linotte-action-place = pose un pion sur { $cell }
play-linotte-action-remove = retire le pion de { $cell } avec le Yam Predator
play-linotte-action-pass = s’arrête sans poser de pion
