# Les options de chaque jeu, telles que les joueurs les lisent : dans le formulaire du salon,
# sur la page de la partie et sur les pages de règles. L’API garde ses propres noms.

option-value-on = activée
option-value-off = désactivée

## linotte
option-linotte-count-all-windows-label = Compter chaque tronçon d’un long alignement
option-linotte-count-all-windows-description = Chaque tronçon de 3, 4 ou 5 pions alignés compte, pas seulement l’alignement le plus long : un alignement de 4 rapporte alors 4 points, et un alignement de 5 en rapporte 10.

option-linotte-appel-after-sec-any-major-label = Appel après un Sec : toute combinaison majeure réussit
option-linotte-appel-after-sec-any-major-description = Un Appel annoncé après un Sec réussit avec n’importe quelle combinaison majeure, pas seulement celle annoncée.

option-linotte-failed-challenge-allows-normal-placement-label = Un Appel manqué permet quand même de poser un pion
option-linotte-failed-challenge-allows-normal-placement-description = Après un Appel manqué, le joueur peut quand même poser un pion sur une case que forment les dés finaux, mais pas sur une case Appel.

## yam-master
option-yam-master-count-all-windows-label = Compter chaque tronçon d’un long alignement
option-yam-master-count-all-windows-description = Chaque tronçon de 3, 4 ou 5 pions alignés compte, pas seulement l’alignement le plus long : un alignement de 4 rapporte alors 4 points, et un alignement de 5 en rapporte 10.

option-yam-master-failed-challenge-allows-normal-placement-label = Un Défi manqué permet quand même de poser un pion
option-yam-master-failed-challenge-allows-normal-placement-description = Après un Défi manqué, le joueur peut quand même poser un pion sur une case que forment les dés finaux, mais pas sur une case Défi.

option-yam-master-defi-requires-rethrow-of-combo-label = Un Défi sur une combinaison du premier lancer en relance une partie
option-yam-master-defi-requires-rethrow-of-combo-description = Un Défi lancé avec une combinaison majeure obtenue au premier lancer doit relancer au moins un dé de cette combinaison, comme à La Linotte.

option-yam-master-predator-returns-pawn-label = Le Yam Predator rend le pion
option-yam-master-predator-returns-pawn-description = Un pion retiré par le Yam Predator retourne dans la réserve de son propriétaire au lieu de quitter la partie.

## linja
option-linja-edition-label = Édition des règles
option-linja-edition-description = Les règles jouées : l’édition française d’origine (bonus d’arrivée exacte, points retirés), ou la feuille Steffen-Spiele de 2010 (coup suivant d’une rangée après avoir atteint l’arrivée, tour supplémentaire après être arrivé sur une rangée vide, ni bonus ni points retirés).
option-linja-edition-value-seed = l’édition française d’origine
option-linja-edition-value-steffen2010 = la feuille Steffen-Spiele de 2010

option-linja-deduct-own-half-label = Les pions restés dans votre moitié coûtent des points
option-linja-deduct-own-half-description = Édition d’origine : les pions encore dans votre moitié à la fin coûtent les points que vaut leur rangée pour votre adversaire.

option-linja-follow-up-optional-label = Le coup suivant peut être refusé
option-linja-follow-up-optional-description = Le coup suivant peut être refusé même quand il est possible.

option-linja-nasty-bonus-label = Le bonus peut déplacer un pion adverse
option-linja-nasty-bonus-description = Édition d’origine : le bonus peut à la place avancer ou reculer d’une rangée un pion de votre adversaire (sans jamais le faire quitter sa ligne d’arrivée).

option-linja-bonus-may-leave-goal-label = Le bonus peut faire quitter la ligne d’arrivée à un pion
option-linja-bonus-may-leave-goal-description = Édition d’origine : le bonus peut faire reculer un de vos pions depuis votre ligne d’arrivée.

## 5000
option-5000-target-label = Score à atteindre
option-5000-target-description = Le score acquis qui fait gagner la partie (10 000 pour la variante de ce nom).

option-5000-target-rule-label = Atteindre le score gagnant
option-5000-target-rule-description = Le score à atteindre est un minimum, doit être atteint exactement (le dépasser fait perdre le tour), ou ses 1 000 derniers points doivent être faits en un seul tour.
option-5000-target-rule-value-at-least = l’atteindre ou le dépasser
option-5000-target-rule-value-exactly = l’atteindre exactement
option-5000-target-rule-value-last-thousand-in-one-turn = faire les 1 000 derniers points en un seul tour

option-5000-opening-threshold-label = Points pour ouvrir
option-5000-opening-threshold-description = Les points qu’un joueur doit faire en un seul tour avant de pouvoir encaisser quoi que ce soit.

option-5000-straight-value-label = Points d’une suite
option-5000-straight-value-description = Les points d’une suite, 1-2-3-4-5 ou 2-3-4-5-6.

option-5000-extra-multiples-label = Le carré et les cinq dés identiques valent plus
option-5000-extra-multiples-description = Quatre dés identiques valent deux fois leur brelan, et cinq dés identiques quatre fois, au lieu d’un brelan plus les dés restants.

option-5000-hot-dice-mandatory-label = La main pleine doit être relancée
option-5000-hot-dice-mandatory-description = Quand les cinq dés ont tous marqué, le joueur doit les relancer tous s’il lui reste un lancer.

option-5000-hot-dice-resets-throw-count-label = La main pleine donne trois nouveaux lancers
option-5000-hot-dice-resets-throw-count-description = Relancer les cinq dés après qu’ils ont tous marqué recommence le compte des trois lancers.

option-5000-finish-round-label = Le tour de table s’achève après le score gagnant
option-5000-finish-round-description = Quand un joueur atteint le score gagnant, les autres finissent le tour de table avant la fin de la partie ; le plus gros score gagne.

## 421
option-421-first-player-rule-label = Qui commence
option-421-first-player-rule-description = Le dé le plus fort ou le plus faible (l’as étant le plus fort) du premier lancer commence.
option-421-first-player-rule-value-highest = le dé le plus fort
option-421-first-player-rule-value-lowest = le dé le plus faible

option-421-le-bon-label = Le bon : s’arrêter plus tôt, satisfait de ses dés
option-421-le-bon-description = Un joueur satisfait de ses dés peut s’arrêter avant d’avoir fait autant de lancers que le meneur.

option-421-espagnole-label = L’espagnole : ramasser les 21 jetons fait perdre
option-421-espagnole-description = Un joueur qui ramasse les 21 jetons pendant la charge perd aussitôt.

option-421-nenette-amount-label = Jetons dus pour une nénette
option-421-nenette-amount-description = Les jetons dus quand le plus faible résultat est 2-2-1 : toujours 2, la valeur du meilleur résultat mais au moins 2, ou cette valeur plus 2.
option-421-nenette-amount-value-fixed-two = toujours 2
option-421-nenette-amount-value-at-least-two = la valeur du meilleur résultat, au moins 2
option-421-nenette-amount-value-best-plus-two = la valeur du meilleur résultat plus 2

option-421-charge-single-throw-label = Un seul lancer chacun pendant la charge
option-421-charge-single-throw-description = Pendant la charge, chaque joueur ne lance les dés qu’une fois.

option-421-tie-break-amount-one-label = Un départage ne fait passer qu’un jeton
option-421-tie-break-amount-one-description = Un seul jeton change de mains dans un tour décidé par un départage.

option-421-zero-at-charge-end-label = Un joueur sans jeton à la fin de la charge
option-421-zero-at-charge-end-description = Les joueurs qui n’ont aucun jeton à la fin de la charge gagnent aussitôt, ou ne jouent pas la décharge.
option-421-zero-at-charge-end-value-win-immediately = gagne aussitôt
option-421-zero-at-charge-end-value-sits-out-of-decharge = ne joue pas la décharge

## cant-stop
option-cant-stop-columns-to-win-label = Colonnes pour gagner
option-cant-stop-columns-to-win-description = Le nombre de colonnes qu’un joueur doit remporter pour gagner la partie.

option-cant-stop-skip-occupied-label = Les bonzes sautent par-dessus les pions adverses
option-cant-stop-skip-occupied-description = Un bonze qui avance saute les cases où un adversaire a un pion.

option-cant-stop-no-stop-on-opponent-label = Pas d’arrêt sur un pion adverse
option-cant-stop-no-stop-on-opponent-description = Un joueur ne peut pas s’arrêter tant qu’un de ses bonzes est sur un pion adverse.

option-cant-stop-pieces-per-player-label = Pions par joueur
option-cant-stop-pieces-per-player-description = Les pions de chaque couleur ; avec moins de 11, un joueur dont tous les pions sont sur le plateau ne peut pas entrer dans une autre colonne.

## yams
option-yams-grids-label = Grilles par joueur
option-yams-grids-description = Le nombre de grilles que chaque joueur remplit à la fois : à chaque tour, vous inscrivez dans n’importe quelle case vide de n’importe laquelle de vos grilles, et chaque grille a sa propre Prime.

option-yams-bonus-rule-label = Prime du haut de la feuille
option-yams-bonus-rule-description = La Prime du haut de la feuille : (total − 63) + 30 à partir de 63 comme dans la règle française d’origine, 35 points fixes à partir de 63, ou (total − 60) + 30 à partir de 60.
option-yams-bonus-rule-value-seed-diff-plus-30 = à partir de 63 : 30 plus les points au-delà de 63
option-yams-bonus-rule-value-flat-35-at-63 = à partir de 63 : 35
option-yams-bonus-rule-value-diff-plus-30-at-60 = à partir de 60 : 30 plus les points au-delà de 60

option-yams-bonus-strict-label = La Prime demande plus de 63
option-yams-bonus-strict-description = Avec la Prime française d’origine, le total du haut doit dépasser 63 au lieu de l’atteindre.

option-yams-brelan-value-label = Ce que vaut un Brelan
option-yams-brelan-value-description = Ce que vaut un Brelan : 10 points fixes, la somme des trois dés identiques, ou la somme des cinq dés.
option-yams-brelan-value-value-fixed-10 = 10 points
option-yams-brelan-value-value-sum-of-three = la somme des trois dés identiques
option-yams-brelan-value-value-sum-of-dice = la somme des cinq dés

option-yams-yams-counts-as-full-label = Un Yams compte aussi comme Full
option-yams-yams-counts-as-full-description = Cinq dés identiques peuvent aussi être inscrits comme un Full.

option-yams-split-suites-label = Cases Petite et Grande suite
option-yams-split-suites-description = Deux cases de suite au lieu d’une seule Suite à 20 points : la Petite suite 1-2-3-4-5 vaut 30 et la Grande suite 2-3-4-5-6 vaut 40.

option-yams-double-paire-label = Une case Double paire
option-yams-double-paire-description = Ajoute une case Double paire : deux paires de faces différentes, qui vaut la somme des quatre dés appariés.

option-yams-maxi-mini-label = Maxi et Mini à la place de la Chance
option-yams-maxi-mini-description = Les cases Maxi et Mini remplacent la Chance : les deux valent la somme des dés, et le Maxi doit être strictement supérieur au Mini, sinon il vaut 0 (et inversement).

## make-five
option-make-five-require-contiguous-label = Une ligne ne compte que les jetons côte à côte
option-make-five-require-contiguous-description = Une ligne ne rapporte que pour des jetons de même couleur côte à côte (sa plus longue suite de ce genre, à partir de 3), et non pour 3 jetons ou plus d’une couleur n’importe où dans la ligne.

option-make-five-setup-label = Où vont les premiers jetons d’une manche
option-make-five-setup-description = Comment les cinq premiers jetons de chaque manche sont placés : un au fond de chaque colonne, ou sur les colonnes que choisit le Destructeur.
option-make-five-setup-value-one-per-column = un au fond de chaque colonne
option-make-five-setup-value-destroyer-chooses = sur les colonnes que choisit le Destructeur
