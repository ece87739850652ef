# La page de règles du 421. Les messages qui contiennent du balisage sont écrits en HTML ;
# <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

rules-421-goal = Le jeu de comptoir par excellence, qui tient son nom de sa meilleure combinaison, le <abbr>421</abbr>. La partie se joue en deux manches. Pendant la <abbr>charge</abbr>, la plus faible combinaison de chaque tour reçoit des <abbr>jetons</abbr> pris au pot. Pendant la <abbr>décharge</abbr>, la meilleure combinaison de chaque tour donne ses propres jetons à la plus faible. <strong>Le premier joueur qui n’a plus de jeton gagne.</strong>
rules-421-material-dice = Trois dés, de 2 à 8 joueurs. Un dé qui montre le 1 est un <abbr>as</abbr>.
rules-421-material-pot = Un pot de <strong>21 jetons</strong>. Chaque joueur commence sans jeton.
rules-421-who-starts = <strong>Qui commence :</strong> chaque joueur lance un dé ; le plus fort commence, l’as étant le plus fort (l’as, puis du 6 au 2). Les joueurs à égalité sur le dé décisif relancent. On joue ensuite à tour de rôle autour de la table.
rules-421-turn-heading = Déroulement d’un tour
rules-421-rounds = Les deux manches se jouent en tours, et chaque tour se déroule de la même façon.
rules-421-leader = <strong>Le meneur lance.</strong> Le premier joueur du tour lance les trois dés, puis peut en relancer tout ou partie (au moins un dé) une deuxième et une troisième fois, en s’arrêtant quand il veut. Le nombre de lancers qu’il a utilisés, 1, 2 ou 3, <strong>s’impose à tous les autres</strong> pendant ce tour.
rules-421-follow = <strong>Les autres suivent.</strong> Chacun à son tour doit faire <strong>exactement ce nombre de lancers</strong>, en relançant chaque fois au moins un dé, même si un 421 est sorti au premier lancer.
rules-421-compare = <strong>On compare.</strong> Les trois dés finaux de chacun sont comparés (voir l’ordre ci-dessous) pour trouver la meilleure et la plus faible combinaison du tour.
rules-421-pay = <strong>On paie.</strong> Le nombre de jetons est la valeur de la <em>meilleure</em> combinaison. Mais si la plus faible est une <abbr>nénette</abbr> (2-2-1, le plus faible des lancers), c’est 2 jetons d’office, quelle que soit la meilleure.
rules-421-pay-charge = Pendant la <strong>charge</strong>, le joueur qui a la plus faible combinaison prend ce nombre de jetons au pot (ou tout ce qu’il en reste).
rules-421-pay-decharge = Pendant la <strong>décharge</strong>, le joueur qui a la meilleure combinaison donne ce nombre de ses propres jetons à celui qui a la plus faible (ou tous ceux qu’il a).
rules-421-next = <strong>Tour suivant.</strong> Le perdant du tour mène le suivant.
rules-421-ties = <strong>Égalités.</strong> Si plusieurs joueurs ont la même plus faible combinaison (ou, pendant la décharge, la même meilleure), eux seuls relancent, un seul lancer des trois dés chacun, dans l’ordre inverse, jusqu’à les départager. Le nombre de jetons reste celui de la meilleure combinaison du tour.
rules-421-to-decharge = <strong>De la charge à la décharge.</strong> Quand le pot est vide, la décharge commence. Qui n’a toujours aucun jeton à ce moment-là a déjà gagné.
rules-421-scoring-heading = L’ordre des combinaisons
rules-421-read-dice = On lit les dés de la plus forte face à la plus faible. De la meilleure combinaison à la moins bonne :
rules-421-order-caption = L’ordre des combinaisons, de la meilleure à la moins bonne
rules-421-col-rank = Rang
rules-421-col-dice = Dés
rules-421-col-name = Nom
rules-421-col-tokens = Jetons
rules-421-fiche = Une <abbr>fiche</abbr>, c’est deux as et un autre dé ; une <abbr>baraque</abbr>, c’est un <abbr>brelan</abbr>, trois dés de la même face. À valeur égale, la fiche passe devant : 6-1-1 bat 6-6-6.
rules-421-suite = Une <abbr>suite</abbr>, c’est trois faces qui se suivent, de 6-5-4 à 3-2-1.
rules-421-ordinary-compare = Les combinaisons ordinaires se comparent par leur plus fort dé, puis celui du milieu, puis le plus faible, l’as valant 1 ici : 6-4-1 bat 5-5-3.
rules-421-equal = Deux combinaisons ne sont égales que si leurs trois dés sont les mêmes.
rules-421-all-results = Les 56 combinaisons dans l’ordre
rules-421-end = Le premier joueur qui s’est débarrassé de tous ses jetons pendant la décharge gagne. Les autres sont classés selon les jetons qui leur restent, du moins chargé au plus chargé.
rules-421-tapis-first = Les lancers qui désignent le premier joueur, et le premier lancer de chaque tour, sont faits pour vous. La page de la partie montre le pot, les jetons de chacun, la manche en cours, le nombre de lancers du tour et les dés déjà lancés.
rules-421-tapis-throw = À votre tour, choisissez les dés à <strong>relancer</strong> et cliquez sur le bouton pour les lancer. Si vous menez le tour, cliquez sur <strong>Stop</strong> pour garder vos dés : votre nombre de lancers s’impose alors aux autres.
rules-421-tapis-follow = Quand vous suivez, votre tour s’arrête de lui-même une fois le nombre de lancers du meneur atteint. Les lancers de départage sont faits pour vous aussi.
rules-421-tapis-options = Options : <abbr>le bon</abbr> permet à un joueur qui suit de s’arrêter plus tôt, satisfait de ses dés ; l’<abbr>espagnole</abbr> fait perdre aussitôt le joueur qui ramasse les 21 jetons pendant la charge.

# Les familles de combinaisons, dans le tableau.
rules-421-three-aces = trois as
rules-421-ordinary = ordinaire
rules-421-ordinary-group = ordinaires ({ $count } résultats)
