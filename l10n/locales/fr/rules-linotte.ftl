# Les pages de règles de La Linotte et du Yam Master, qui partagent leur grille, leurs
# combinaisons et une bonne part de leur texte. Les messages qui contiennent du balisage sont
# écrits en HTML ; <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

## Communs aux deux jeux.
rules-linotte-grid-caption = La grille de { $game }
rules-linotte-brelan-of = Brelan de
rules-linotte-combinations-intro = Les cases marquées de 1 à 6 demandent un brelan de cette face. Les combinaisons :
rules-linotte-combinations-caption = Les combinaisons de { $game }
rules-linotte-col-cell = Case
rules-linotte-col-must-show = Les dés finaux doivent montrer
rules-linotte-col-example = Exemple
rules-linotte-cells-1-6 = 1 à 6
rules-linotte-brelan = un <abbr>Brelan</abbr> : au moins trois dés de cette face
rules-linotte-brelan-example = <span class="dice-text">4-4-4-1-6</span> pour les cases 4
rules-linotte-full = un brelan et une paire, ou cinq dés identiques
rules-linotte-carre = au moins quatre dés identiques
rules-linotte-yam = cinq dés identiques
rules-linotte-straight = une suite : 1-2-3-4-5 ou 2-3-4-5-6
rules-linotte-small = un total de 8 ou moins
rules-linotte-sec = une combinaison majeure réussie dès le <strong>premier</strong> lancer, sans relancer
rules-linotte-sec-example = <span class="dice-text">4-4-4-2-2</span> d’emblée
rules-linotte-see-below = voir plus bas
rules-linotte-runs-caption = Les points d’un alignement de vos pions
rules-linotte-col-in-a-row = Pions alignés
rules-linotte-col-points = Points
rules-linotte-run-once = Un alignement compte une seule fois, pour toute sa longueur : quatre pions alignés valent 2, et non deux alignements de trois.
rules-linotte-run-directions = Un même pion peut compter dans plusieurs directions : une ligne de trois et une colonne de trois qui partagent un coin font 2 points.
rules-linotte-run-gaps = Deux paires de pions séparées par une case ne marquent rien, et les petites diagonales de trois cases comptent aussi.
rules-linotte-material-pawns = Cinq dés, pour deux joueurs, et <strong>douze pions</strong> chacun. Le premier joueur est tiré au sort.
rules-linotte-turn-throw = <strong>Lancez les cinq dés.</strong>
rules-linotte-turn-again = <strong>Relancez, deux fois au plus.</strong> Relancez les dés de votre choix, y compris ceux que vous aviez gardés, ou arrêtez-vous. Vous avez droit à <strong>trois lancers</strong> au plus.
rules-linotte-turn-place = <strong>Placez un pion.</strong> Quand vous vous arrêtez, vous pouvez poser <strong>un pion</strong> sur une case <strong>libre</strong> qui correspond à une combinaison de vos dés finaux ; s’ils en forment plusieurs, vous choisissez. Vous n’êtes jamais obligé de placer un pion.
rules-linotte-place-sec = Un <strong>Sec</strong> (une combinaison majeure dès le premier lancer, sans relancer) se place sur une case Sec, ou sur une case de la combinaison réalisée.
rules-linotte-tapis-first = Votre premier lancer est fait pour vous au début de votre tour. La page de la partie montre la grille, les pions posés et en réserve des deux joueurs, et vos dés.

## La Linotte.
rules-linotte-goal = Un jeu de dés sur plateau, édité par Saga, qui marie le Yam et le morpion. Lancez cinq dés pour réaliser des combinaisons, comme au Yams, et posez vos pions sur les cases d’une grille de 5 × 5 qui les représentent. <strong>Alignez vos pions</strong> : à la fin, chaque alignement de trois, quatre ou cinq de vos pions rapporte des points. Le plus gros total l’emporte.
rules-linotte-material-grid = Une grille de 25 cases, chacune portant une combinaison :
rules-linotte-appel-meaning = la combinaison majeure que vous avez annoncée après votre premier lancer
rules-linotte-majors = Les <strong>combinaisons majeures</strong> sont le Full, la Quinte, le Carré, le Small et le Yam ; le Brelan n’en fait pas partie. Un Yam vaut aussi Full, Carré et Brelan, et un Yam de 1 vaut aussi Small.
rules-linotte-turn-appel = <strong>L’Appel, si vous osez.</strong> Juste après votre premier lancer, vous pouvez faire un <abbr>Appel</abbr> : annoncez la combinaison majeure que vous allez réaliser, Full, Quinte, Carré, Small ou Yam. Vous devez alors relancer au moins une fois. Si votre premier lancer contient déjà une combinaison majeure, vous pouvez tout de même appeler, mais votre lancer suivant doit relancer au moins un dé de chaque combinaison majeure qu’il contient.
rules-linotte-place-appel-won = Un <strong>Appel réussi</strong> se place sur une case Appel, ou sur n’importe quelle case que forment les dés.
rules-linotte-place-appel-failed = Un <strong>Appel manqué</strong> ne permet de placer aucun pion ce tour-ci.
rules-linotte-scoring = À la fin, examinez chaque ligne de la grille qui peut contenir trois pions ou plus : les cinq rangées, les cinq colonnes et dix diagonales. Chaque suite ininterrompue de vos pions sur une ligne rapporte :
rules-linotte-end = La partie s’arrête aussitôt qu’un joueur aligne <strong>cinq pions</strong>, ou pose son <strong>douzième pion</strong>. Les deux joueurs comptent alors leurs points, cinq pions alignés valant 3 comme tout autre alignement : ils ne font pas gagner à eux seuls. Le plus gros total l’emporte ; à totaux égaux, la partie est nulle.
rules-linotte-tapis-again = Pour relancer, choisissez les dés à relancer et cliquez sur le bouton. Après votre premier lancer, la page propose aussi un Appel sur chaque combinaison majeure.
rules-linotte-tapis-stop = Pour vous arrêter, cliquez sur la case libre de la grille où poser votre pion : la page ne propose que les cases que vos dés permettent. Ou cliquez sur <strong>Passer</strong> pour vous arrêter sans poser de pion.

## Yam Master.
rules-yam-master-goal = L’édition moderne de <a href="/rules/linotte">La Linotte</a>, éditée par Ferti. Lancez cinq dés pour réaliser des combinaisons, comme au Yams, et posez vos pions sur les cases d’une grille de 5 × 5 qui les représentent. <strong>Cinq de vos pions alignés font gagner aussitôt.</strong> Sinon, quand un joueur n’a plus de pions, chaque alignement de trois ou quatre de vos pions rapporte des points, et le plus gros total l’emporte.
rules-yam-master-material-grid = Une grille de 25 cases, chacune portant une combinaison (la grille de La Linotte, dont trois cases ont changé de nom) :
rules-yam-master-defi-meaning = n’importe quelle combinaison majeure, après avoir relevé le Défi
rules-yam-master-majors = Les <strong>combinaisons majeures</strong> sont le Full, le Carré, le Yam, la Suite et le ≤8 ; le Brelan n’en fait pas partie. Un Yam vaut aussi Full, Carré et Brelan, et un Yam de 1 vaut aussi ≤8.
rules-yam-master-turn-defi = <strong>Le Défi, si vous osez.</strong> Juste après votre premier lancer, vous pouvez relever le <abbr>Défi</abbr>, sans dire quelle combinaison : vous vous engagez à réaliser <em>une</em> combinaison majeure avec vos lancers suivants. Vous devez alors relancer au moins un dé.
rules-yam-master-place-defi-won = Un <strong>Défi réussi</strong> se place sur une case Défi, ou sur n’importe quelle case que forment les dés.
rules-yam-master-place-defi-failed = Un <strong>Défi manqué</strong> ne permet de placer aucun pion ce tour-ci.
rules-yam-master-turn-predator = <strong>Le <abbr>Yam Predator</abbr>.</strong> Quand vos dés finaux forment un Yam, vous pouvez, <em>au lieu</em> de poser un pion, retirer de la grille n’importe quel pion adverse. Sa case redevient libre, et le pion quitte la partie.
rules-yam-master-scoring = Si personne n’aligne cinq pions, examinez à la fin chaque ligne de la grille qui peut contenir trois pions ou plus : les cinq rangées, les cinq colonnes et dix diagonales. Chaque suite ininterrompue de vos pions sur une ligne rapporte :
rules-yam-master-five-wins = la partie est gagnée aussitôt
rules-yam-master-end-five = Le joueur qui aligne <strong>cinq pions</strong>, en ligne, en colonne ou en diagonale, <strong>gagne aussitôt</strong>.
rules-yam-master-end-pawns = Sinon, la partie s’arrête dès qu’un joueur n’a <strong>plus de pion</strong> à poser. Les deux joueurs comptent leurs points ; le plus gros total l’emporte, et à totaux égaux la partie est nulle.
rules-yam-master-tapis-again = Pour relancer, choisissez les dés à relancer et cliquez sur le bouton. Après votre premier lancer, la page propose aussi le Défi.
rules-yam-master-tapis-stop = Pour vous arrêter, cliquez sur la case libre de la grille où poser votre pion : la page ne propose que les cases que vos dés permettent. Avec un Yam, elle propose aussi les pions adverses à retirer. Ou cliquez sur <strong>Passer</strong> pour vous arrêter sans poser de pion.
