# Can’t Stop : la table et le journal des tours. Les marqueurs neutres sont les bonzes.

play-cant-stop-runners-left = Bonzes restants
play-cant-stop-runners-hint = les trois marqueurs neutres (◎) du tour : ils grimpent les colonnes que désignent les dés ; quand vous vous arrêtez, vos pions les remplacent, et quand vous perdez le tour, leur progression est perdue
play-cant-stop-space-of = { $space } sur { $height }

play-cant-stop-advance = { $how ->
    [only] Avancer { $a } seulement
    [twice] Avancer { $a } deux fois
   *[both] Avancer { $a } et { $b }
}
play-cant-stop-new-runner = nouveau bonze sur le { $column }, case { $at }
play-cant-stop-new-runner-top = nouveau bonze sur le { $column }, case { $at } (le sommet)
play-cant-stop-up-to = le { $column } monte case { $at }
play-cant-stop-up-to-top = le { $column } monte case { $at } (le sommet)
play-cant-stop-chance = { $percent } % ({ $throws } lancers sur { $all })

play-cant-stop-column-head = Colonne { $column }, { $height ->
    [one] { $height } case
   *[other] { $height } cases
}
play-cant-stop-column-claimed = { $head } : remportée par { $name }
play-cant-stop-column-empty = { $head } : vide
play-cant-stop-column-pieces = { $head } : { $pieces }
play-cant-stop-marker-at = pion de { $name } case { $at }
play-cant-stop-runner-at = bonze case { $at }
play-cant-stop-marker-on = pion de { $name } sur le { $column }, case { $at }
play-cant-stop-runner-on = bonze sur le { $column }, case { $at }
play-cant-stop-claimed-by = colonne { $column } remportée par { $name }

play-cant-stop-headline-start = Chacun lance deux dés : le plus fort total commence
play-cant-stop-step-throw = lancer des quatre dés
play-cant-stop-step-threw = dés { $dice }
play-cant-stop-step-choose = choix des colonnes
play-cant-stop-step-decide = relancer ou s’arrêter
play-cant-stop-headline-yours = À vous · { $step } · { $runners ->
    [one] { $runners } bonze restant
   *[other] { $runners } bonzes restants
}
play-cant-stop-headline-other = À { $name } · { $step } · { $runners ->
    [one] { $runners } bonze restant
   *[other] { $runners } bonzes restants
}

play-cant-stop-dice = Dés
play-cant-stop-pair = { $a } et { $b }
play-cant-stop-pairs = { $count ->
    [1] Les paires ne font que { $first }
    [2] Les paires font { $first }, ou { $second }
   *[other] Les paires font { $first }, ou { $second }, ou { $third }
}
play-cant-stop-board = Plateau
play-cant-stop-board-caption = Les onze colonnes, de 2 à 12 : les pions montent depuis le bas ; un pion arrêté sur la case du sommet remporte la colonne, et { $count ->
    [one] { $count } colonne remportée fait gagner
   *[other] { $count } colonnes remportées font gagner
}

play-cant-stop-start-throw = Lancer de départ de { $name }
play-cant-stop-to-throw = à lancer
play-cant-stop-next-throw = Chance d’avancer
play-cant-stop-next-throw-hint = la probabilité que le prochain lancer des quatre dés permette d’avancer un bonze ; sinon, le tour est perdu avec toute sa progression
play-cant-stop-to-win = Pour gagner
play-cant-stop-claim = remporter { $count ->
    [one] { $count } colonne
   *[other] { $count } colonnes
}
play-cant-stop-variant = Variante
play-cant-stop-skip-occupied = les bonzes sautent les cases occupées par un pion adverse
play-cant-stop-no-stop-on-opponent = interdit de s’arrêter tant qu’un bonze est sur un pion adverse
play-cant-stop-this-turn = Ce tour-ci
play-cant-stop-stopping-claims = S’arrêter maintenant remporte
play-cant-stop-claims = { $count ->
    [one] la colonne
   *[other] les colonnes
} { $columns }
play-cant-stop-claims-win = { $count ->
    [one] la colonne
   *[other] les colonnes
} { $columns } et gagne la partie

play-cant-stop-climbed = { $spaces ->
    [one] { $spaces } case gravie
   *[other] { $spaces } cases gravies
}
play-cant-stop-climbed-left = { $spaces ->
    [one] { $spaces } case gravie
   *[other] { $spaces } cases gravies
} · { $markers ->
    [one] { $markers } pion restant
   *[other] { $markers } pions restants
}
play-cant-stop-resigned = a abandonné
play-cant-stop-won-of = { $won } sur { $total }
play-cant-stop-players = Joueurs
play-cant-stop-columns-claimed = Colonnes remportées
play-cant-stop-columns = Colonnes

play-cant-stop-choose-columns = Choisissez les colonnes où avancer
play-cant-stop-stop-or-throw = S’arrêter ou relancer
play-cant-stop-throw-again = Relancer
play-cant-stop-to-advance = { $chance } d’avancer
play-cant-stop-kept-at = { $column } à { $space }/{ $height }
play-cant-stop-keep = garder { $kept }
play-cant-stop-keep-win = garder { $kept } et gagner la partie
play-cant-stop-keep-claim = garder { $kept } et remporter une colonne
play-cant-stop-stop = S’arrêter
play-cant-stop-stop-hint = finir votre tour en gardant sa progression : vos pions montent jusqu’à vos bonzes

play-cant-stop-prompt-choose = Votre lancer : { $dice }. Choisissez les colonnes où avancer.
play-cant-stop-prompt-must-throw = Un bonze est sur un pion adverse : vous devez relancer.
play-cant-stop-prompt-win = Arrêtez-vous maintenant et vous gagnez la partie ! Ou relancez.
play-cant-stop-prompt-decide = Arrêtez-vous pour garder votre progression, ou relancez au risque de perdre celle de ce tour.
play-cant-stop-prompt = À vous.

play-cant-stop-event-start-thrown = { $name } lance { $dice } pour savoir qui commence ({ $total })
play-cant-stop-event-start-tied = { $names } sont à égalité avec { $total } et relancent
play-cant-stop-event-first-player = { $name } commence
play-cant-stop-event-dice-thrown = { $name } lance { $dice }
play-cant-stop-event-runner-moved = { $steps ->
    [1] { $name } avance le { $column } : bonze case { $to } sur { $height }
   *[other] { $name } avance le { $column } deux fois : bonze case { $to } sur { $height }
}
play-cant-stop-event-rolled-again = { $name } choisit de relancer
play-cant-stop-event-bust = { $count ->
    [0] { $name } perd le tour : aucune paire de dés ne pouvait servir
   *[other] { $name } perd le tour : aucune paire de dés ne pouvait servir, les bonzes des colonnes { $columns } sont retirés et la progression du tour est perdue
}
play-cant-stop-event-piece-moved = { $name } s’arrête : { $column } à { $to }/{ $height }
play-cant-stop-event-column-won = { $count ->
    [0] { $name } remporte la colonne { $column }
   *[other] { $name } remporte la colonne { $column } : { $count ->
        [one] le pion
       *[other] les pions
    } de { $owners } { $count ->
        [one] en est retiré
       *[other] en sont retirés
    }
}
play-cant-stop-event-resigned = { $name } abandonne
play-cant-stop-event-game-over = Partie terminée, { $reason ->
    [all_columns_won] toutes les colonnes sont remportées
    [resignation] les autres ont abandonné
   *[columns_won] les colonnes nécessaires sont remportées
} : { $winner ->
    [yes] { $name } gagne
   *[no] personne ne gagne seul
}

play-cant-stop-action-advance = { $how ->
    [only] avance { $a } seulement
    [twice] avance { $a } deux fois
   *[both] avance { $a } et { $b }
}
play-cant-stop-action-roll = relance les quatre dés
play-cant-stop-action-stop = s’arrête et garde la progression du tour
