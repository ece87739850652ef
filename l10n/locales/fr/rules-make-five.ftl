# La page de règles de Make Five. Les messages qui contiennent du balisage sont écrits en HTML ;
# <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

rules-make-five-goal = Le jeu de Jacques Zeimet où l’ordre affronte le désordre, connu en français sous le nom de <abbr>Cinq sur Cinq</abbr>. À chaque manche, un joueur est l’<abbr>Aligneur</abbr>, qui range des jetons de couleur en lignes d’une seule couleur, et l’autre le <abbr>Destructeur</abbr>, qui tire les jetons du sachet et place chacun là où il fait le plus de dégâts. <strong>Seul l’Aligneur marque des points.</strong> Une partie compte six manches, et chaque joueur est trois fois l’Aligneur : le plus gros total l’emporte.
rules-make-five-material-board = Un plan de jeu incliné de <strong>cinq colonnes</strong>, de <strong>cinq jetons</strong> chacune. Une colonne se remplit de bas en haut, sans trou : quand un jeton en sort, ceux du dessus glissent vers le bas.
rules-make-five-material-tokens = <strong>25 jetons</strong>, cinq de chaque couleur (rouge, vert, bleu, jaune et blanc), dans un sachet.
rules-make-five-material-players = Deux joueurs. Le premier Aligneur est tiré au sort.
rules-make-five-turn-heading = Déroulement d’une manche
rules-make-five-setup = <strong>Préparation.</strong> Le plan de jeu est vide et les 25 jetons sont dans le sachet. On tire cinq jetons, et chacun va au fond d’une colonne.
rules-make-five-aligneur = <strong>L’Aligneur déplace</strong> (ou passe). Il retire <em>n’importe quel</em> jeton du plan de jeu, à n’importe quelle place de n’importe quelle colonne : les jetons du dessus glissent vers le bas. Il le pose en dernière position d’une colonne qui a de la place, y compris celle d’où il vient.
rules-make-five-destructeur = <strong>Le Destructeur place.</strong> Il tire un jeton du sachet sans regarder et le pose en dernière position d’une colonne qui n’est pas pleine. On n’intercale jamais un jeton entre deux autres.
rules-make-five-repeat = <strong>On recommence</strong> les étapes 2 et 3 jusqu’à ce que le Destructeur ait placé le dernier jeton. L’Aligneur a alors <strong>un dernier déplacement</strong> (ou passe), puis on compte les points de la manche.
rules-make-five-per-deal = À chaque manche, le Destructeur place donc 20 jetons et l’Aligneur a 21 occasions de déplacer. Les rôles s’échangent après chaque manche.
rules-make-five-rows = À la fin d’une manche, regardez les cinq <strong>lignes</strong> horizontales du plan de jeu. Une ligne qui compte au moins trois jetons d’une même couleur rapporte <strong>3, 4 ou 5 points</strong>, le nombre de jetons de cette couleur. Ces jetons n’ont pas besoin d’être côte à côte. Les colonnes et les diagonales ne rapportent rien.
rules-make-five-example-caption = Une manche qui rapporte 12 points (R rouge, V vert, B bleu, J jaune, Bc blanc ; la ligne du haut d’abord)
rules-make-five-col-row = Ligne
rules-make-five-col-tokens = Jetons
rules-make-five-col-points = Points
rules-make-five-row-top = 5 (haut)
rules-make-five-row-bottom = 1 (bas)
rules-make-five-example-5 = J J Bc Bc R
rules-make-five-example-4 = J J Bc Bc R
rules-make-five-example-3 = B B B B B
rules-make-five-example-2 = V V V V Bc
rules-make-five-example-1 = R R R V J
rules-make-five-reds = Une ligne comme <span class="mono">R V R V R</span> rapporte 3, pour ses trois rouges.
rules-make-five-make-5 = <strong><abbr>Make 5</abbr> :</strong> cinq lignes d’une seule couleur chacune, qui valent 25 points. L’Aligneur qui y parvient <strong>gagne aussitôt la partie</strong>.
rules-make-five-end = Après les six manches, le joueur qui a le plus gros total gagne ; à totaux égaux, la partie est nulle. Un Make 5 termine la partie sur-le-champ.
rules-make-five-tapis-bag = Tapis tire les jetons du sachet pour vous. L’ordre du tirage est secret, mais pas le nombre de jetons de chaque couleur qui y restent : la page de la partie l’affiche.
rules-make-five-tapis-aligneur = En <strong>Aligneur</strong>, cliquez sur un jeton pour le prendre, puis sur la colonne où le poser ; ou cliquez sur <strong>Passer</strong>. Prendre le jeton du dessus pour le reposer sur sa propre colonne ne change rien : cela revient à passer.
rules-make-five-tapis-destructeur = En <strong>Destructeur</strong>, le jeton tiré s’affiche : cliquez sur la colonne où le faire tomber. Quand une seule colonne a de la place, il y va de lui-même.
