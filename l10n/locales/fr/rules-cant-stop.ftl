# La page de règles de Can’t Stop. Les messages qui contiennent du balisage sont écrits en HTML.

rules-cant-stop-goal = Le grand classique de Sid Sackson, où tout est affaire de prise de risque. Grimpez les colonnes numérotées de 2 à 12 avec des paires de dés. <strong>Le premier joueur qui remporte { $columns } colonnes gagne.</strong> Chaque lancer peut vous faire monter plus haut, ou vous faire perdre tout ce que vous avez gagné pendant le tour : tout l’art du jeu est de savoir s’arrêter.
rules-cant-stop-material-board = Un plateau de onze colonnes, une pour chaque total de deux dés. Les totaux qui sortent souvent ont les colonnes les plus longues :
rules-cant-stop-columns-caption = Les colonnes et leur nombre de cases
rules-cant-stop-column = Colonne
rules-cant-stop-spaces = Cases
rules-cant-stop-material-dice = Quatre dés, de 2 à 4 joueurs.
rules-cant-stop-material-runners = Trois <strong>bonzes</strong> : des marqueurs neutres qu’utilise le joueur dont c’est le tour.
rules-cant-stop-material-pieces = Des pions de votre couleur, qui conservent votre progression d’un tour à l’autre (par défaut, assez pour toutes les colonnes).
rules-cant-stop-who-starts = <strong>Qui commence :</strong> chaque joueur lance deux dés ; le plus fort total commence (les joueurs à égalité relancent), puis on joue à tour de rôle.
rules-cant-stop-roll = <strong>Lancez les quatre dés.</strong>
rules-cant-stop-split = <strong>Formez deux paires.</strong> Il y a trois façons de les former, et le total de chaque paire désigne une colonne. Avec <span class="dice-text">1-3-4-6</span>, vous pouvez faire 4 et 10, 5 et 9, ou 7 et 7.
rules-cant-stop-move = <strong>Avancez les bonzes.</strong> Choisissez une façon de former les paires et utilisez les deux totaux :
rules-cant-stop-move-climb = si un bonze se trouve déjà dans cette colonne, il monte d’une case ;
rules-cant-stop-move-new = sinon, s’il vous reste un bonze, placez-le dans cette colonne, sur la case juste au-dessus de votre pion (ou sur la première case si vous n’y avez pas encore de pion) ;
rules-cant-stop-move-double = un double, comme 7 et 7, fait monter le même bonze de deux cases.
rules-cant-stop-move-both = Vous devez utiliser les deux totaux quand c’est possible. Si un seul peut servir, utilisez celui-là. Si les deux demandent un nouveau bonze et qu’il ne vous en reste qu’un, vous choisissez la colonne qui le reçoit et l’autre total est perdu.
rules-cant-stop-bust = <strong>Tout perdu ?</strong> Un total ne peut pas servir si sa colonne a déjà été remportée, si votre bonze y est déjà au sommet, ou s’il faut un nouveau bonze alors que les trois sont en jeu. Si aucune façon de former les paires ne peut servir, vous <strong>perdez le tour</strong> : les bonzes sont retirés et tout ce que vous avez gagné pendant le tour est perdu.
rules-cant-stop-again-or-stop = <strong>Relancer ou s’arrêter.</strong> Relancez (retour à l’étape 1) au risque de tout perdre, ou <strong>arrêtez-vous</strong> : vos pions montent jusqu’à vos bonzes, et les bonzes quittent le plateau. Cette progression vous est désormais acquise.
rules-cant-stop-scoring-heading = Remporter des colonnes
rules-cant-stop-winning-column = Quand vous vous arrêtez avec l’un de vos pions sur la <strong>case du sommet</strong> d’une colonne, vous remportez cette colonne. Les pions des autres joueurs en sont retirés, et personne ne peut plus l’utiliser. Un bonze qui atteint le sommet pendant votre tour ne remporte encore rien : il faut vous arrêter pour garder la colonne, et un tour perdu vous la fait perdre.
rules-cant-stop-odds = Plus vous avez de bonzes en jeu, plus le risque de tout perdre grandit : trois bonzes dans les colonnes 6, 7 et 8 peuvent avancer sur environ 92 lancers sur 100, mais dans les colonnes 2, 3 et 12, sur moins d’un lancer sur deux.
rules-cant-stop-end = Dès qu’un joueur s’arrête avec <strong>{ $columns } colonnes</strong> remportées, il gagne. Les autres sont classés selon le nombre de colonnes remportées, puis selon la hauteur totale atteinte par leurs pions.
rules-cant-stop-tapis-rolls = Les dés sont lancés pour vous, au début de votre tour et chaque fois que vous relancez. La page de la partie montre le plateau avec les pions de chaque joueur et vos bonzes.
rules-cant-stop-tapis-choices = Après un lancer, la page propose chaque façon distincte d’utiliser les dés, comme « 6 et 8 », « 7 deux fois » ou « 5 seulement » : cliquez sur celle que vous voulez. Deux façons de former les paires qui donnent les mêmes totaux ne sont proposées qu’une fois.
rules-cant-stop-tapis-stop = Cliquez ensuite sur <strong>Relancer</strong> ou sur <strong>S’arrêter</strong>. Un tour perdu se joue de lui-même, et la main passe.
