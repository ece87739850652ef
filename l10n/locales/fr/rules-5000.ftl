# La page de règles du 5000. Les messages qui contiennent du balisage sont écrits en HTML ;
# <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

rules-5000-goal = Soyez le premier à totaliser <strong>{ $target } points</strong>. À chaque tour, vous lancez cinq dés, vous mettez de côté ceux qui marquent, puis vous décidez : encaisser les points du tour, ou tenter votre chance avec les dés qui restent. Un lancer où rien ne marque fait perdre tout le tour.
rules-5000-material-dice = Cinq dés, de 2 à 8 joueurs.
rules-5000-material-scores = Un score acquis par joueur, qui part de 0, et le <strong>total du tour</strong> du joueur qui a la main.
rules-5000-turn-throw = <strong>Lancez les cinq dés.</strong> Votre total du tour part de 0.
rules-5000-turn-look = <strong>Regardez les dés que vous venez de lancer.</strong> Si aucun ne marque (ni 1, ni 5, ni <abbr>Brelan</abbr>, ni suite), c’est un <strong>lancer nul</strong> : vous perdez le total du tour et votre tour s’arrête. Votre score acquis, lui, ne bouge pas. Un lancer nul des cinq dés s’appelle un <abbr>Ballot</abbr> ; il ne coûte rien de plus.
rules-5000-turn-set-aside = <strong>Mettez de côté au moins une combinaison qui marque</strong> dans ce lancer (voir le tableau ci-dessous). À vous de choisir : avec <span class="dice-text">1-1-5-3-4</span>, vous pouvez garder un seul 1, les deux 1, ou les trois dés qui marquent. Ce que vous mettez de côté s’ajoute au total du tour.
rules-5000-turn-bank = <strong>Encaisser ou relancer.</strong> Si vous encaissez, le total du tour s’ajoute à votre score et votre tour s’arrête. Sinon, relancez les dés qui vous restent en <abbr>main</abbr> et revenez à l’étape 2.
rules-5000-turn-main-pleine = <strong><abbr>Main pleine</abbr></strong> : quand les cinq dés ont tous été mis de côté, vous pouvez les reprendre et relancer les cinq, en continuant d’ajouter au même total du tour.
rules-5000-limits = Deux limites :
rules-5000-three-throws = <strong>Trois lancers par tour au plus</strong>, y compris le lancer qui suit une main pleine. Après le troisième lancer, vous encaissez.
rules-5000-opening = <strong>L’ouverture.</strong> Tant que vous n’avez rien encaissé, vous ne pouvez encaisser qu’un total du tour d’au moins <strong>{ $threshold }</strong> points : c’est ce qui vous <em>ouvre</em>. D’ici là, vous devez continuer à lancer, et si votre troisième lancer ne suffit pas, le total du tour est perdu. Une fois ouvert, vous pouvez encaisser n’importe quel total.
rules-5000-groups-caption = Les dés qui marquent
rules-5000-col-dice = Dés d’un même lancer
rules-5000-col-points = Points
rules-5000-other-faces = Un 2, un 3, un 4 ou un 6 ne marque que dans un brelan ou une suite.
rules-5000-four-of-a-kind = Quatre ou cinq dés identiques n’ont rien de spécial (sauf cinq 5 et cinq 1) : ils comptent comme un brelan, plus les autres dés un par un. Quatre 1 font 1000 + 100 = 1100, quatre 5 font 500 + 50 = 550, quatre 2 font 200 et le quatrième 2 ne marque rien.
rules-5000-no-joining = Les combinaisons ne se complètent jamais d’un lancer à l’autre : un 1 mis de côté au premier lancer et deux 1 au deuxième font 100 + 100 + 100, et non un brelan de 1.
rules-5000-straight-needs = Une suite demande les cinq dés d’un même lancer : elle ne peut sortir que sur un lancer des cinq dés.
rules-5000-end = Dès que le score acquis d’un joueur atteint <strong>{ $target }</strong> points, ce joueur gagne. Sortir <strong>cinq 1</strong> d’un seul lancer fait gagner aussitôt, même avant d’avoir ouvert. Les autres joueurs sont classés selon leur score acquis.
rules-5000-tapis-first = Votre premier lancer est fait pour vous au début de votre tour ; la page de la partie montre les dés, votre total du tour et le score de chacun.
rules-5000-tapis-set-aside = Après chaque lancer, la page propose tous les groupes de dés que vous pouvez mettre de côté, avec leur valeur : cliquez sur celui que vous voulez. Trois 1 mis de côté ensemble comptent toujours comme un brelan (1000), jamais comme trois 1 isolés.
rules-5000-tapis-bank = Cliquez ensuite sur <strong>Encaisser</strong> ou <strong>Relancer</strong>. Quand un seul des deux est permis (vous n’avez pas encore ouvert, ou votre troisième lancer est joué), Tapis le fait pour vous, et un lancer nul termine votre tour de lui-même.

# Le tableau des dés qui marquent.
rules-5000-single = un { $face } seul
rules-5000-three = brelan de { $face }
rules-5000-straight = { $run } (les cinq dés)
rules-5000-five = cinq { $face }
rules-5000-five-ones-win = la partie est gagnée aussitôt
