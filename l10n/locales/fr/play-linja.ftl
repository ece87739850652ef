# Linja : la table et le journal de la partie, avec les mots de la règle française (coup de
# départ, coup de suite, bonus, rangée, ligne de départ, ligne d’arrivée). `$whose` vaut `your`,
# `the` ou `other` (alors `$owner`, « de Bob » ou « d’Alice », dit à qui) ; `$owner` et `$player`
# sont des compléments du nom (match-table-possessive).

play-linja-rows = { $count ->
    [one] { $count } rangée
   *[other] { $count } rangées
}
play-linja-row = la rangée { $row }
play-linja-start-line = { $whose ->
    [your] votre ligne de départ
    [the] la ligne de départ
   *[other] la ligne de départ { $owner }
} (rangée { $row })
play-linja-goal-line = { $whose ->
    [your] votre ligne d’arrivée
    [the] la ligne d’arrivée
   *[other] la ligne d’arrivée { $owner }
} (rangée { $row })

play-linja-scoring-hint = à la fin, un pion rapporte 1, 2 ou 3 points sur les trois rangées qui précèdent sa ligne d’arrivée, et 5 sur sa ligne d’arrivée
play-linja-scoring-hint-deducts = à la fin, un pion rapporte 1, 2 ou 3 points sur les trois rangées qui précèdent sa ligne d’arrivée, et 5 sur sa ligne d’arrivée ; resté dans sa moitié, il en coûte autant (1, 2 ou 3, et 5 sur sa ligne de départ)

play-linja-pass = Aucun coup possible : passer
play-linja-forfeit = Aucun pion ne peut jouer le coup de suite : le perdre
play-linja-decline-following = Renoncer au coup de suite
play-linja-decline-bonus = Renoncer au bonus

play-linja-then-following = puis un coup de suite de { $rows }
play-linja-then-bonus = puis un bonus
play-linja-then-extra = puis un tour supplémentaire
play-linja-then-your-turn = puis à vous de jouer
play-linja-then-turn = puis au tour { $owner }
play-linja-ends-you-win = et la partie s’arrête : vous gagnez
play-linja-ends-wins = et la partie s’arrête : { $name } gagne
play-linja-ends-draw = et la partie s’arrête sur une égalité

play-linja-board = Le plan de jeu
play-linja-headline-yours = À vous · { $what }
play-linja-headline-yours-extra = À vous (tour supplémentaire) · { $what }
play-linja-headline-other = Au tour { $owner } · { $what }
play-linja-headline-other-extra = Au tour { $owner } (tour supplémentaire) · { $what }
play-linja-what-following = coup de suite de { $rows }
play-linja-what-bonus = bonus
play-linja-what-initial = coup de départ

play-linja-initial = Coup de départ
play-linja-initial-hint = un pion avance d’une rangée ; les pions trouvés sur la rangée atteinte donnent la longueur du coup de suite
play-linja-initial-value = un pion, d’une rangée en avant
play-linja-following = Coup de suite
play-linja-following-hint = un pion avance d’exactement autant de rangées qu’il y avait de pions sur la rangée atteinte par le coup de départ ; un pion qui dépasserait sa ligne d’arrivée s’y arrête
play-linja-following-value = un pion, de { $rows } en avant
play-linja-bonus = Bonus
play-linja-bonus-hint = gagné en atteignant la ligne d’arrivée avec le compte exact : un pion d’une rangée en avant ou en arrière, ou y renoncer
play-linja-bonus-value = un pion, d’une rangée dans un sens ou dans l’autre

play-linja-to-play = À jouer
play-linja-extra-turn = Tour supplémentaire
play-linja-extra-turn-hint = gagné par un coup de suite arrivé sur une rangée vide (édition 2010)
play-linja-yes = oui
play-linja-armies-passed = Armées croisées
play-linja-armies-passed-hint = la partie s’arrête après le tour où chaque pion d’une couleur se trouve au-delà de tous les pions de l’autre
play-linja-armies-passed-yes = oui : la partie s’arrête après ce tour
play-linja-armies-passed-no = pas encore
play-linja-this-turn = Ce tour-ci

play-linja-heads-for = vers la rangée { $row }
play-linja-heads-for-resigned = vers la rangée { $row }, a abandonné
play-linja-final-scores = Scores finaux
play-linja-scores-now = Scores si la partie s’arrêtait maintenant
play-linja-points = Points

play-linja-no-move = Aucun coup
play-linja-or = Ou

play-linja-prompt-following = Votre coup de suite : choisissez l’un de vos pions, puis la rangée où il va, exactement { $rows } plus loin (un pion qui dépasserait votre ligne d’arrivée s’y arrête).
play-linja-prompt-forfeit = Aucun de vos pions ne peut avancer de { $rows } : le coup de suite est perdu.
play-linja-prompt-bonus = Votre bonus : choisissez un pion, puis la rangée où il va, une rangée en avant ou en arrière, ou renoncez au bonus.
play-linja-prompt-initial = Votre coup de départ : choisissez l’un de vos pions, puis la rangée où il va, une rangée plus loin.
play-linja-prompt-pass = Vous n’avez aucun coup : passez.

play-linja-start-line-of = ligne de départ { $owner }
play-linja-goal-line-of = ligne d’arrivée { $owner } : 5 points par pion
play-linja-mark-start = départ
play-linja-mark-goal = arrivée
play-linja-places-taken = { $total } places prises sur { $capacity }
play-linja-piece-of = pion { $owner }
play-linja-cell = Rangée { $row } ({ $place }) : { $name }, { $count ->
    [one] { $count } pion
   *[other] { $count } pions
}
play-linja-row-label = Rangée { $row } · { $worth }
play-linja-row-label-full = Rangée { $row } · pleine · { $worth }
play-linja-board-caption = Le plan de jeu, rangée { $top } en haut : { $first } avance vers la rangée 7, { $second } vers la rangée 0 ; chaque rangée indique ce que vaut à la fin un pion qui s’y trouve, pour chaque couleur
play-linja-board-caption-play = { $caption } ; choisissez un pion, puis la rangée où il va

play-linja-a-piece = un pion
play-linja-one-of = un des pions { $owner }
play-linja-move = Déplacer { $piece } de { $from } vers { $to }
play-linja-bonus-forward = Bonus : avancer { $piece } de { $from } vers { $to }
play-linja-bonus-back = Bonus : reculer { $piece } de { $from } vers { $to }
play-linja-move-then = { $move } : { $next }

play-linja-event-turn-started = { $name } joue un tour supplémentaire
play-linja-event-piece-moved = { $stage ->
    [initial] Coup de départ
    [following] Coup de suite
   *[bonus] Bonus
} { $player } : { $piece } de { $from } à { $to }
play-linja-event-following-move-due = { $name } a un coup de suite de { $rows ->
    [one] { $rows } rangée
   *[other] { $rows } rangées
}
play-linja-event-no-following-move = Pas de coup de suite pour { $name } : { $cause ->
    [goal-line] le pion a atteint la ligne d’arrivée
   *[empty-row] la rangée était vide
}
play-linja-event-steps-lost = Le pion { $player } s’est arrêté sur la ligne d’arrivée : { $count ->
    [one] { $count } rangée perdue
   *[other] { $count } rangées perdues
}
play-linja-event-bonus-earned = { $name } a atteint la ligne d’arrivée avec le compte exact et gagne un bonus
play-linja-event-passed = { $name } n’avait aucun coup et a passé
play-linja-event-following-forfeited = { $name } ne pouvait avancer aucun pion de { $rows ->
    [one] { $rows } rangée
   *[other] { $rows } rangées
} : le coup de suite est perdu
play-linja-event-following-declined = { $name } a renoncé au coup de suite de { $rows ->
    [one] { $rows } rangée
   *[other] { $rows } rangées
}
play-linja-event-bonus-declined = { $name } a renoncé au bonus
play-linja-event-resigned = { $name } a abandonné
play-linja-event-game-over = Partie terminée, { $reason ->
    [armies-passed] les armées se sont croisées
    [blocked] aucun joueur ne peut plus jouer
   *[resignation] par abandon
} : { $draw ->
    [yes] égalité
   *[no] { $name } gagne
} ({ $first } { $first-points }, { $second } { $second-points })

play-linja-action-initial-move = fait son coup de départ de la rangée { $from } à la rangée { $to }
play-linja-action-following-move = fait son coup de suite de la rangée { $from } à la rangée { $to }
play-linja-action-bonus-move = déplace en bonus un pion { $owner } de la rangée { $from } à la rangée { $to }
play-linja-action-pass = passe, faute de coup possible
play-linja-action-forfeit-following = perd le coup de suite, aucun pion ne pouvant le faire
play-linja-action-decline-following = renonce au coup de suite
play-linja-action-decline-bonus = renonce au bonus
