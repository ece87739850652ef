# La page de règles de Linja. Les messages qui contiennent du balisage sont écrits en HTML ;
# <abbr>mot</abbr> reçoit l’explication du mot donnée par le lexique.

rules-linja-goal = La course de Steffen Mühlhäuser par-dessus des baguettes de bambou, sans aucun dé. Faites avancer vos douze pions à travers l’armée adverse jusqu’au côté opposé du plan de jeu. Quand les deux armées se sont entièrement croisées, chaque pion rapporte des points selon la distance parcourue : <strong>le plus gros total l’emporte</strong>. Toute la subtilité est là : plus la rangée où vous arrivez est peuplée, plus votre coup suivant vous emmène loin.
rules-linja-material-sticks = Sept baguettes de bambou posées côte à côte. Entre elles s’étendent <strong>six rangées intérieures</strong>, et derrière chaque baguette extérieure une <strong>ligne de départ</strong>, une par joueur. La ligne de départ de votre adversaire est votre <strong>ligne d’arrivée</strong>.
rules-linja-material-pieces = Douze pions par joueur, pour deux joueurs. Au début, vous avez <strong>six pions sur votre ligne de départ et un dans chaque rangée intérieure</strong> : chaque rangée intérieure commence donc avec un pion de chaque couleur.
rules-linja-material-limit = Une rangée intérieure ne contient jamais plus de <strong>six pions</strong>, des deux couleurs confondues. Les lignes de départ n’ont pas de limite.
rules-linja-first-player = Le premier joueur est tiré au sort.
rules-linja-turn-intro = Un tour comprend jusqu’à trois coups. Les pions ne font qu’avancer, vers votre ligne d’arrivée, sauf lors du bonus.
rules-linja-start = <strong>Le <abbr>coup de départ</abbr>.</strong> Avancez l’un de vos pions <strong>d’une rangée</strong>, sur votre ligne d’arrivée ou sur une rangée intérieure qui compte moins de six pions.
rules-linja-count = <strong>Comptez.</strong> Comptez les pions, des deux couleurs, qui se trouvaient déjà sur cette rangée avant l’arrivée de votre pion. Ce nombre donne la longueur de votre coup suivant. Si la rangée était vide, ou si vous avez atteint votre ligne d’arrivée, il n’y a pas de coup suivant : votre tour s’arrête.
rules-linja-follow-up = <strong>Le <abbr>coup de suite</abbr>.</strong> Avancez l’un de vos pions (n’importe lequel, y compris celui que vous venez de jouer) d’<strong>exactement ce nombre de rangées</strong>. Les rangées intermédiaires sont sautées, si pleines soient-elles, mais vous ne pouvez pas vous arrêter sur une rangée pleine. Un pion qui dépasserait votre ligne d’arrivée s’y arrête, et les rangées en trop sont perdues. Si aucun pion ne peut jouer ce coup, il est perdu ; si l’un d’eux le peut, vous devez le jouer.
rules-linja-bonus = <strong>Le bonus.</strong> Si votre coup de suite amène un pion sur votre ligne d’arrivée en utilisant exactement le compte, sans rangée perdue, vous pouvez déplacer l’un de vos pions <strong>d’une rangée en avant ou en arrière</strong>. La limite de six pions s’applique toujours, un pion peut même quitter votre ligne d’arrivée en reculant, et vous pouvez renoncer au bonus.
rules-linja-pass = Si aucun de vos pions ne peut jouer de coup de départ, vous passez.
rules-linja-scoring = À la fin de la partie, chacun de vos pions rapporte des points selon la rangée où il se trouve, comptée depuis votre côté. Les pions restés dans votre moitié coûtent des points :
rules-linja-caption = Points par pion, de votre côté du plan de jeu jusqu’au côté opposé
rules-linja-col-where = Position du pion
rules-linja-col-points = Points
rules-linja-start-line = votre ligne de départ
rules-linja-inner-row = rangée intérieure { $row }
rules-linja-goal-line = votre ligne d’arrivée
rules-linja-best = Le meilleur score possible est donc 60, les douze pions sur la ligne d’arrivée. Les points négatifs sont la règle de l’édition française ; l’édition suivante y compte 0 (voir les options <a href="#option-deduct_own_half">Les pions restés dans votre moitié coûtent des points</a> et <a href="#option-edition">Édition des règles</a>).
rules-linja-end = La partie s’arrête après un tour complet à l’issue duquel les deux armées se sont <strong>entièrement croisées</strong> : chacun de vos pions se trouve au-delà de tous les pions adverses, et aucune rangée ne contient les deux couleurs. Un coup commencé est toujours joué jusqu’au bout. Le plus gros total l’emporte ; à totaux égaux, la partie est nulle. Dans la rare position où aucun joueur ne peut jouer, la partie s’arrête là aussi.
rules-linja-tapis-rows = La page de la partie montre les huit rangées avec le nombre de pions de chaque couleur sur chacune, le coup du tour où vous en êtes et la longueur de votre coup de suite.
rules-linja-tapis-moves = Les pions d’une même rangée sont tous pareils : un coup fait donc passer un pion d’une rangée à une autre. Cliquez sur l’un de vos pions sur le plan de jeu, puis, parmi les rangées qu’il peut atteindre (chacune marquée sur le plan), sur celle où il va.
rules-linja-tapis-give-up = Quand aucun coup de suite n’est possible, la page propose seulement d’y renoncer : cliquez, et votre tour s’arrête. Quand vous gagnez un bonus, la page propose les coups de bonus et le choix d’y renoncer.
