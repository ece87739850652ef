# Make Five : la table et le journal de la partie. Les rôles gardent leur nom (Aligneur,
# Destructeur), et le MAKE 5 qui gagne la partie aussi.

play-make-five-red = rouge
play-make-five-green = vert
play-make-five-blue = bleu
play-make-five-yellow = jaune
play-make-five-white = blanc
play-make-five-colour = { $name } { $symbol }
play-make-five-token = jeton { $colour }

play-make-five-aligneur = Aligneur
play-make-five-destructeur = Destructeur
play-make-five-aligneur-hint = celui qui range : avant chaque tirage, il peut déplacer un jeton en haut d’une colonne, et il marque les lignes à la fin de la manche
play-make-five-destructeur-hint = celui qui dérange : il tire chaque jeton du sachet et choisit la colonne où il tombe

play-make-five-place = colonne { $column }, place { $place }
play-make-five-place-bottom = colonne { $column }, place 1 (en bas)
play-make-five-then-scores = { $label } (le plan de jeu vaudra alors { $points })
play-make-five-move = Déplacer le jeton { $colour } de la colonne { $from-column }, place { $from-place }, vers la colonne { $to-column }
play-make-five-move-top = Déplacer le jeton { $colour } de la colonne { $from-column }, place { $from-place }, en haut de la colonne { $to-column }
play-make-five-drop = Placer le jeton { $colour } dans la colonne { $column }
play-make-five-drop-drawn = Placer le jeton tiré dans la colonne { $column }
play-make-five-pass = Passer
play-make-five-pass-detail = laisser le plan de jeu tel quel : il vaut { $points }
play-make-five-or-leave = Ou laissez le plan de jeu tel quel
play-make-five-other-choices = Autres choix

play-make-five-deal-of = Manche { $deal } sur { $deals }
play-make-five-headline = { $deal } · { $turn }
play-make-five-headline-last = { $deal } · { $turn } (dernier déplacement de la manche)
play-make-five-move-turn-yours = À vous, en Aligneur : déplacez un jeton ou passez
play-make-five-move-turn-other = À { $name }, en Aligneur : déplacer un jeton ou passer
play-make-five-place-turn-yours = À vous, en Destructeur : placez le jeton { $colour } tiré
play-make-five-place-turn-other = À { $name }, en Destructeur : placer le jeton { $colour } tiré
play-make-five-drawing = { $deal } · tirage dans le sachet

play-make-five-drawn-label = jeton tiré : { $colour }
play-make-five-drawn-token = Jeton tiré
play-make-five-drawn-caption = Le jeton qui vient d’être tiré : { $colour }

play-make-five-row = Ligne { $row }
play-make-five-row-points = Ligne { $row } · { $points } pts
play-make-five-board = Plan de jeu
play-make-five-board-caption = Le plan de jeu incliné : cinq colonnes remplies de bas en haut ; une ligne qui compte au moins { $min } jetons d’une même couleur rapporte autant de points ; il vaut { $points } en ce moment
play-make-five-cell-token = { $place } : jeton { $colour }
play-make-five-cell-empty = { $place } : vide

play-make-five-bag-cell = { $colour } : { $left } dans le sachet
play-make-five-bag = Dans le sachet : { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
}
play-make-five-bag-caption = Les jetons qui restent dans le sachet, par couleur

play-make-five-deal = Manche
play-make-five-deal-value = { $deal } sur { $deals }
play-make-five-board-scores = Le plan de jeu vaut
play-make-five-board-scores-hint = chaque ligne qui compte 3, 4 ou 5 jetons d’une même couleur rapporte autant ; cinq lignes d’une seule couleur (MAKE 5) gagnent aussitôt la partie
play-make-five-moves-left = Déplacements restants de l’Aligneur
play-make-five-variant = Variante
play-make-five-variant-contiguous = seuls les jetons côte à côte comptent dans une ligne
play-make-five-the-deal = La manche

play-make-five-deal-row = Manche { $deal }
play-make-five-roles = { $aligneur } est l’Aligneur, { $destructeur } le Destructeur
play-make-five-playing = en cours
play-make-five-total = Total
play-make-five-total-hint = les points des manches jouées en Aligneur
play-make-five-six-deals = Les six manches
play-make-five-sheet-caption = Points marqués à chaque manche par son Aligneur

play-make-five-resigned = a abandonné
play-make-five-players = Joueurs
play-make-five-totals = Totaux de la partie
play-make-five-points = Points

play-make-five-prompt-last = Votre dernier déplacement de la manche en Aligneur : prenez un jeton, puis la colonne en haut de laquelle il va (▼), ou passez ; ensuite, on compte les lignes.
play-make-five-prompt-move = Vous êtes l’Aligneur : prenez un jeton, puis la colonne en haut de laquelle il va (▼), ou passez.
play-make-five-prompt-place = Vous êtes le Destructeur : placez le jeton { $colour } dans une colonne (▼).
play-make-five-prompt-any = À vous de jouer.

play-make-five-event-deal-started = La manche { $deal } commence : { $aligneur } est l’Aligneur, { $destructeur } le Destructeur
play-make-five-event-token-drawn = { $name } a tiré un jeton { $colour }
play-make-five-event-token-placed = { $automatic ->
    [yes] Le jeton { $colour } est allé en { $place }
   *[no] { $name } a placé le jeton { $colour } en { $place }
}
play-make-five-event-token-moved = { $name } a déplacé le jeton { $colour } de la { $from } à la { $to }
play-make-five-event-passed = { $name } a passé, sans toucher au plan de jeu
play-make-five-event-deal-scored = { $make_five ->
    [yes] MAKE 5 ! Manche { $deal } : cinq lignes d’une seule couleur, 25 points pour { $name }
   *[no] Manche { $deal } comptée : { $points } pour { $name } (lignes depuis le bas : { $rows }), { $total } au total
}
play-make-five-event-resigned = { $name } a abandonné
play-make-five-event-game-over = Partie terminée, { $reason ->
    [make_five] MAKE 5
    [resignation] par abandon
   *[all_deals_played] les six manches sont jouées
} : { $winner ->
    [yes] { $name } gagne
   *[no] égalité
}

play-make-five-action-move = déplace le jeton de la { $from } en haut de la colonne { $to }
play-make-five-action-pass = passe, sans toucher au plan de jeu
play-make-five-action-place = place le jeton tiré dans la colonne { $column }
