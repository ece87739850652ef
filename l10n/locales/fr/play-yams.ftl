# Yams : la table et le journal des tours.

play-yams-hint-un = les 1 : 1 point par dé montrant 1
play-yams-hint-deux = les 2 : 2 points par dé montrant 2
play-yams-hint-trois = les 3 : 3 points par dé montrant 3
play-yams-hint-quatre = les 4 : 4 points par dé montrant 4
play-yams-hint-cinq = les 5 : 5 points par dé montrant 5
play-yams-hint-six = les 6 : 6 points par dé montrant 6
play-yams-hint-double-paire = deux paires de faces différentes : la somme des quatre dés appariés
play-yams-hint-brelan-fixed = trois dés identiques : 10 points
play-yams-hint-brelan-three = trois dés identiques : la somme des trois dés identiques
play-yams-hint-brelan-five = trois dés identiques : la somme des cinq dés
play-yams-hint-suite = 1-2-3-4-5 ou 2-3-4-5-6 : 20 points
play-yams-hint-petite-suite = petite suite, 1-2-3-4-5 : 30 points
play-yams-hint-grande-suite = grande suite, 2-3-4-5-6 : 40 points
play-yams-hint-full = trois dés d’une face et deux d’une autre : 30 points
play-yams-hint-full-yams = trois dés d’une face et deux d’une autre : 30 points (un Yams compte aussi)
play-yams-hint-carre = quatre dés identiques : 40 points
play-yams-hint-yams = cinq dés identiques : 50 points
play-yams-hint-chance = n’importe quels dés : leur somme
play-yams-hint-maxi = la somme des dés, qui doit dépasser celle du Mini
play-yams-hint-mini = la somme des dés, qui doit être inférieure à celle du Maxi

play-yams-bonus-strict = prime de la partie haute (Un à Six), quand le total haut dépasse 63 : (total − 63) + 30
play-yams-bonus-63 = prime de la partie haute (Un à Six), quand le total haut atteint 63 : (total − 63) + 30
play-yams-bonus-flat = prime de la partie haute (Un à Six), 35 points quand le total haut atteint 63
play-yams-bonus-60 = prime de la partie haute (Un à Six), quand le total haut atteint 60 : (total − 60) + 30

play-yams-box-of-grid = { $box } de la grille { $grid }
play-yams-scratch = Barrer { $box } : 0 point
play-yams-score-in = Marquer { $points } en { $box }
play-yams-write-in = Inscrire vos dés en { $box }

play-yams-headline-yours = Tour { $round } sur { $rounds } · à vous, { $throw }
play-yams-headline-other = Tour { $round } sur { $rounds } · à { $name }, { $throw }
play-yams-about-to-throw = avant le premier lancer
play-yams-throw-of = { $nth } lancer sur 3

play-yams-dice = Dés
play-yams-not-thrown = Pas encore lancés
play-yams-dice-caption = Lancer { $throw } sur 3 · { $left ->
    [one] encore { $left } lancer
   *[other] encore { $left } lancers
}
play-yams-keep-hint = Cochez les dés que vous gardez et relancez les autres, ou inscrivez vos dés dans une case de votre colonne.

play-yams-upper-total = Total haut
play-yams-upper-total-hint = total de la partie haute : Un à Six
play-yams-bonus = Prime
play-yams-needs = manque { $points }
play-yams-lower-total = Total bas
play-yams-lower-total-hint = total de la partie basse : les cases sous la prime
play-yams-total = Total
play-yams-total-hint = total haut + prime + total bas
play-yams-sheet = Feuille de marque
play-yams-sheet-caption-turn = Feuille de marque : cliquez sur une case vide de votre colonne pour y inscrire vos dés
play-yams-column-grid = { $name } · grille { $grid }

play-yams-resigned = a abandonné
play-yams-boxes-left = { $count ->
    [one] { $count } case restante
   *[other] { $count } cases restantes
}
play-yams-totals = Totaux
play-yams-grand-totals = Totaux généraux
play-yams-points = Points

play-yams-prompt-reroll = À vous : gardez des dés et relancez les autres, ou inscrivez vos dés dans une case de votre colonne.
play-yams-prompt-score = À vous : inscrivez vos dés dans une case vide de votre colonne.

play-yams-event-dice-kept = { $count ->
    [0] { $name } reprend les cinq dés
   *[other] { $name } garde { $dice }
}
play-yams-event-dice-thrown = { $again ->
    [yes] { $name } lance { $dice } ({ $nth } lancer : { $all })
   *[no] { $name } lance { $dice }
}
play-yams-event-scored = { $points ->
    [0] { $name } barre { $box } (0)
   *[other] { $name } marque { $points } en { $box }
}
play-yams-event-upper-completed = { $bonus ->
    [0] Partie haute de { $name } : { $upper }, pas de prime
    [one] Partie haute de { $name } : { $upper }, prime de { $bonus } point
   *[other] Partie haute de { $name } : { $upper }, prime de { $bonus } points
}
play-yams-event-grid-completed = La grille de { $name } est remplie : { $total ->
    [one] { $total } point
   *[other] { $total } points
} en tout
play-yams-event-resigned = { $name } abandonne
play-yams-event-game-over = { $reason ->
    [resignation] Partie terminée, les autres ont abandonné : { $places }
   *[grids-filled] Partie terminée, toutes les grilles sont remplies : { $places }
}
play-yams-event-game-over-place = { $rank } { $name } ({ $score })
play-yams-action-reroll = { $count ->
    [0] relance les cinq dés
   *[other] garde { $dice } et relance les autres
}
play-yams-action-score = inscrit les dés en { $box }
