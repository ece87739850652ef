# La page de règles du Yams. Les messages qui contiennent du balisage sont écrits en HTML ;
# <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

rules-yams-goal = Le <abbr>Yams</abbr> se joue avec cinq dés et une feuille de marque. À chaque tour, vous avez droit à trois lancers au plus, puis vous inscrivez le résultat dans une case de votre grille. Quand toutes les cases sont remplies, le plus gros total l’emporte. On y joue seul, pour battre son record, ou jusqu’à huit joueurs.
rules-yams-material-dice = Cinq dés.
rules-yams-material-sheet = Une grille par joueur, de douze cases :
rules-yams-material-upper = la <strong>partie supérieure</strong> : <abbr>Un</abbr>, <abbr>Deux</abbr>, <abbr>Trois</abbr>, <abbr>Quatre</abbr>, <abbr>Cinq</abbr> et <abbr>Six</abbr>, avec un bonus, la <abbr>Prime</abbr> ;
rules-yams-material-lower = la <strong>partie inférieure</strong> : <abbr>Brelan</abbr>, <abbr>Suite</abbr>, <abbr>Full</abbr>, <abbr>Carré</abbr>, <abbr>Yams</abbr> et <abbr>Chance</abbr>.
rules-yams-turn-throw = <strong>Lancez les cinq dés.</strong>
rules-yams-turn-again = <strong>Relancez si vous le souhaitez.</strong> Gardez les dés qui vous conviennent et relancez les autres ; vous pouvez aussi relancer les cinq. Un tour compte au plus <strong>trois lancers</strong>, et vous pouvez vous arrêter après le premier ou le deuxième.
rules-yams-turn-write = <strong>Inscrivez votre score.</strong> Quand vous vous arrêtez (ou après le troisième lancer), vous <strong>devez</strong> choisir une case vide de votre grille. Si les dés correspondent à la case, vous y inscrivez les points qu’ils valent. Sinon, vous y inscrivez 0 : c’est ce qu’on appelle <abbr>barrer</abbr> la case. Les cases se remplissent dans l’ordre de votre choix, et chacune exactement une fois.
rules-yams-turn-crossing = Barrer une case fait partie du jeu : en fin de partie, un 0 dans la case Yams vaut souvent mieux que de gâcher une case qui rapporte.
rules-yams-boxes-caption = Les cases de la grille
rules-yams-col-box = Case
rules-yams-col-condition = Les dés doivent montrer
rules-yams-col-score = Elle rapporte
rules-yams-col-example = Exemple
rules-yams-col-option = Option
rules-yams-prime = La <strong>Prime</strong> : si votre partie supérieure (de l’Un au Six) totalise <strong>63 points ou plus</strong>, vous gagnez <strong>30 points, plus ce que vous avez marqué au-delà de 63</strong>. Un total de 70 en partie supérieure donne une Prime de 37 ; un total de 62 ne donne rien. 63, c’est trois dés de chaque face : visez au moins trois dés de chaque.
rules-yams-brelan-counts = Un Brelan compte aussi avec quatre ou cinq dés de la même face, et un Carré avec cinq.
rules-yams-full-needs = Un Full demande deux faces différentes : cinq dés identiques ne font pas un Full (sauf si la partie utilise l’option <a href="#option-yams_counts_as_full">Un Yams compte aussi comme Full</a>). Ainsi, <span class="dice-text">5-5-5-5-2</span> inscrit dans la case Full vaut 0.
rules-yams-total = Votre <strong>total</strong>, c’est la partie supérieure, plus la Prime, plus la partie inférieure.
rules-yams-other-boxes = Certaines éditions ont d’autres cases. Sur Tapis, une option ajoute chacune d’elles :
rules-yams-optional-caption = Les cases ajoutées par les options
rules-yams-replacing = Avec l’option <a href="#option-split_suites">Cases Petite et Grande suite</a>, ces deux cases remplacent la case Suite ; avec <a href="#option-maxi_mini">Maxi et Mini à la place de la Chance</a>, les cases Maxi et Mini remplacent la Chance, et un Maxi qui ne dépasse pas le Mini (ou un Mini qui n’est pas inférieur au Maxi) vaut 0.
rules-yams-end = Chacun joue un tour par manche : la partie dure donc douze manches (davantage avec des cases ou des grilles en plus). Quand toutes les cases de toutes les grilles sont remplies, le plus gros total gagne. Les totaux égaux se partagent la place.
rules-yams-tapis-first = Votre premier lancer est fait pour vous au début de votre tour. La page de la partie montre vos cinq dés et la grille de chaque joueur.
rules-yams-tapis-again = Pour relancer, choisissez les dés que vous <strong>gardez</strong> et cliquez sur le bouton pour lancer les autres.
rules-yams-tapis-stop = Pour vous arrêter, cliquez sur la case vide de votre grille où inscrire les dés. Avant votre choix, chaque case vide affiche ce que les dés y rapporteraient ; un 0 signifie que vous la barrez.
rules-yams-tapis-grids = Avec l’option <code>grids</code> (par défaut { $grids }), chaque joueur remplit plusieurs grilles à la fois : à chaque tour, vous pouvez inscrire dans n’importe quelle case vide de n’importe laquelle de vos grilles, et chaque grille a sa propre Prime.

# Le tableau des cases.
rules-yams-any-dice = des dés quelconques
rules-yams-points-per-face = { $face ->
    [one] { $face } point par { $face }
   *[other] { $face } points par { $face }
}
rules-yams-brelan-condition = au moins trois dés de la même face
rules-yams-suite-condition = 1-2-3-4-5 ou 2-3-4-5-6
rules-yams-full-condition = trois dés d’une face et deux d’une autre
rules-yams-carre-condition = au moins quatre dés de la même face
rules-yams-yams-condition = cinq dés de la même face
rules-yams-sum-of-dice = la somme des dés
rules-yams-double-paire-condition = deux paires de faces différentes
rules-yams-double-paire-score = la somme des quatre dés appariés
rules-yams-maxi-condition = des dés quelconques, mais plus qu’au Mini
rules-yams-mini-condition = des dés quelconques, mais moins qu’au Maxi
