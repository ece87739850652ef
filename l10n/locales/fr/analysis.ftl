# L'analyse d'une partie terminée, les statistiques des joueurs et les dés (docs/analysis.md).

analysis-heading = Analyse
analysis-pending = L’analyse de cette partie est en cours. Elle s’affichera ici d’elle-même dès qu’elle sera prête.
analysis-unsupported = Ce jeu n’a pas encore d’analyse avec ces options.
analysis-failed = Cette partie n’a pas pu être analysée.
analysis-unit-win = Les valeurs sont les chances de chaque joueur de gagner la partie, en jouant au mieux à partir de là.
analysis-unit-score = Les valeurs sont le score final espéré de la grille de chaque joueur, en jouant au mieux à partir de là : la stratégie résolue ne perd rien.
analysis-unit-tokens = Les valeurs sont en jetons de la manche : les jetons que les autres joueurs devraient avoir en moyenne, moins ceux du joueur, en jouant au mieux à partir de là.
analysis-exact = Exact : calculé sur tous les lancers possibles.
analysis-estimated = Estimé par simulation : « ± » donne l’erreur type d’un chiffre, et aucun choix n’est marqué si son coût ne dépasse pas deux fois son erreur.
analysis-percent = { $n } %
analysis-points = { $n } points
analysis-tokens = { $n } jetons
analysis-error = { $amount } ± { $error }
analysis-this-step = À cette étape
analysis-nothing-here = Rien à juger à cette étape.
analysis-decision-best = { $name } a fait le meilleur choix.
analysis-decision-cost = { $name } a choisi de { $made } ; le mieux était de { $best }. Ce choix a coûté { $cost }{ $mark ->
    [none] .
   *[other] : { $mark }.
}
analysis-decision-forced = { $name } n’avait qu’un seul choix.
analysis-decision-unvalued = Pas de valeur pour cette position.
analysis-nobody = la table
analysis-throw = Lancer de { $name } : { $dice }. Chance : { $luck }.
analysis-throw-plain = Lancer de { $name } : { $dice }.
analysis-mark-inaccuracy = une imprécision
analysis-mark-mistake = une erreur
analysis-mark-blunder = une gaffe
analysis-summary = Bilan
analysis-summary-caption = Les choix et la chance de chaque joueur dans cette partie
analysis-col-player = Joueur
analysis-col-decisions = Choix analysés
analysis-col-cost = Coût total
analysis-col-mean = Coût par choix
analysis-col-marks = Marques
analysis-col-luck = Chance
analysis-col-adjusted = Résultat sans la chance
analysis-marks = { $inaccuracies } ?! · { $mistakes } ? · { $blunders } ??
analysis-marks-legend = Marques : ?! une imprécision, ? une erreur, ?? une gaffe. Seuls comptent les choix où il y avait plus d’une possibilité.
analysis-words-win = { $name } a perdu { $cost } de chances de gagner par ses choix, et { $direction ->
    [took] les dés lui en ont pris { $luck }.
    [gave] les dés lui en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-words-win-you = Vous avez perdu { $cost } de chances de gagner par vos choix, et { $direction ->
    [took] les dés vous en ont pris { $luck }.
    [gave] les dés vous en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-words-score = { $name } a perdu { $cost } de score espéré par ses choix, et { $direction ->
    [took] les dés lui en ont pris { $luck }.
    [gave] les dés lui en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-words-score-you = Vous avez perdu { $cost } de score espéré par vos choix, et { $direction ->
    [took] les dés vous en ont pris { $luck }.
    [gave] les dés vous en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-words-tokens = { $name } a perdu { $cost } sur la manche par ses choix, et { $direction ->
    [took] les dés lui en ont pris { $luck }.
    [gave] les dés lui en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-words-tokens-you = Vous avez perdu { $cost } sur la manche par vos choix, et { $direction ->
    [took] les dés vous en ont pris { $luck }.
    [gave] les dés vous en ont donné { $luck }.
   *[even] les dés n’ont favorisé personne.
}
analysis-chart-title-win = Les chances de gagner de chaque joueur, étape par étape
analysis-chart-title-score = Le score final espéré de chaque joueur, étape par étape
analysis-chart-title-tokens = Les jetons espérés de chaque joueur sur la manche, étape par étape
analysis-chart-describe = { $name } : de { $first } à { $last }, au plus bas { $low }, au plus haut { $high }.
analysis-chart-point = Étape { $step } : { $name }, { $value }
analysis-chart-step = Étape
analysis-chart-hint = Cliquez sur un point pour aller à son étape.
analysis-chart-table = Les chiffres du graphique
analysis-chart-caption = La valeur de chaque joueur après chaque étape
analysis-link = Voir l’analyse
analysis-link-pending = L’analyse est en cours…

stats-heading = Analyse du jeu
stats-intro = D’après l’analyse de chaque partie terminée : ce qu’un choix a coûté en moyenne (le moins sera le mieux) et la chance moyenne d’un lancer, dans l’unité de chaque jeu.
stats-matches = { $count ->
    [one] { $count } partie analysée
   *[other] { $count } parties analysées
}
stats-cost = Coût par choix : { $cost } sur { $count } choix.
stats-luck = Chance par lancer : { $luck } sur { $count } lancers.
stats-no-decision = Aucun choix analysé pour l’instant.
stats-chart-title = Coût par choix { $game }, partie par partie
stats-chart-describe = { $count ->
    [one] Une partie : { $last } par choix.
   *[other] { $count } parties : { $first } par choix dans la première, { $last } dans la dernière ; au mieux { $low }, au pire { $high }.
}
stats-chart-point = Partie { $number } : { $value } par choix
stats-chart-match = Partie
stats-table = Les chiffres partie par partie
stats-col-match = Partie
stats-col-finished = Terminée
stats-col-decisions = Choix
stats-col-cost = Coût par choix
stats-col-luck = Chance

dice-heading = Dés
dice-who-own = Vos dés
dice-who-player = Les dés de { $name }
dice-who-site = Tous les dés de Tapis
dice-summary = { $who } : { $count } faces, { $fair ->
    [yes] compatibles avec des dés équilibrés
   *[no] peu probables avec des dés équilibrés
}, p = { $p }.
dice-summary-none = { $who } : aucune face comptée pour l’instant.
dice-face = Face
dice-times = Fois
dice-share = Part
dice-caption = Combien de fois chaque face est sortie : { $who }
dice-explain = Le test est le khi-deux de Pearson contre six faces également probables (cinq degrés de liberté). La valeur p est la probabilité que des dés équilibrés s’écartent autant ou plus ; sous 0,01, les faces sont dites peu probables avec des dés équilibrés. Des dés équilibrés passent sous ce seuil une fois sur cent : un seul chiffre bas ne prouve rien.
dice-check = Comment chacun peut vérifier les dés d’une partie
dice-check-text = Tous les lancers d’une partie viennent d’un nombre secret (la graine) fixé avant le premier lancer. Son empreinte (SHA-256) est affichée sur la page de la partie dès le début, et le nombre lui-même une fois la partie finie : chacun peut alors télécharger le relevé et relancer chaque dé avec.
dice-site-link = Les dés de tout le site
dice-page-title = Les dés de Tapis
dice-page-intro = Chaque face lancée dans chaque partie analysée sur Tapis, comptée et testée contre des dés équilibrés, au total et jeu par jeu.
dice-matches = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
dice-col-game = Jeu
dice-col-verdict = Test

