# Les pages de règles : la liste des jeux et le cadre commun à la page de règles de chaque jeu.
# Les messages qui contiennent du balisage sont écrits tels quels dans la page (HTML) : ils ne
# reçoivent aucun texte saisi par un utilisateur. Un <abbr>mot</abbr> nu reçoit l’explication
# du mot donnée par le lexique (glossary.ftl).

rules-index-title = Règles des jeux
rules-index-lead = Huit grands classiques français de dés et de plateau. Chaque page présente le but du jeu, le matériel, le déroulement d’un tour, le décompte des points, la fin de la partie, les options qu’une partie peut modifier, et ce qu’il faut cliquer pour jouer ici.
rules-common-heading = Ce qui vaut pour tous les jeux
rules-common-correspondence = <strong>Par correspondance.</strong> Vous jouez votre tour quand vous voulez, dans le délai par coup choisi à la création de la partie (de 1 à 14 jours, ou sans pendule pour une partie amicale). La page de la partie se met à jour d’elle-même quand quelqu’un d’autre joue.
rules-common-legal-moves = <strong>Seulement des coups réguliers.</strong> À votre tour, la page de la partie vous propose ce que vous pouvez faire à cet instant, et rien d’autre : vous cliquez sur un choix, sans jamais saisir de coup. Si quelqu’un a joué entre-temps, votre clic est refusé et la table s’affiche telle qu’elle est devenue.
rules-common-fair-dice = <strong>Des dés honnêtes.</strong> C’est le serveur qui lance les dés et tire dans les sacs. Avant le premier lancer, chaque partie publie l’empreinte (SHA-256) de sa graine secrète ; à la fin, elle dévoile cette graine : chacun peut alors vérifier tous les lancers.
rules-common-options = <strong>Options et classement.</strong> Chaque jeu propose des options pour les autres éditions et les variantes maison. Une partie classée se joue avec les règles par défaut, à deux joueurs ou plus et avec une pendule ; dès qu’une option est modifiée, la partie est amicale.
rules-common-resigning = <strong>Abandon et temps dépassé.</strong> Dans les deux cas, vous quittez la partie et vous êtes classé derrière tous les joueurs encore en jeu. À deux, l’autre joueur gagne ; à plus, la partie continue sans vous jusqu’à sa fin, ou jusqu’à ce qu’il ne reste qu’un joueur, qui l’emporte.
rules-common-ties = <strong>Égalités.</strong> Quand les règles donnent des scores égaux, les joueurs se partagent la place : c’est une partie nulle.
rules-api-heading = Programmes et robots
rules-api-text = Tout ce que vous faites sur ces pages, un programme peut le faire par l’API publique, et il peut jouer à n’importe quel jeu sans en connaître les règles : chaque partie donne la liste des coups permis à cet instant, prêts à être renvoyés. Pour commencer, lisez la <a href="/api/docs">documentation interactive de l’API</a> ; <a href="/api/v1/games"><code>GET /api/v1/games</code></a> donne la liste des jeux et de leurs options.
rules-words-heading = Le vocabulaire des jeux
rules-words-intro = Tapis garde les noms sous lesquels ces jeux se jouent en France. Voici ce qu’ils désignent.

rules-breadcrumb = Fil d’Ariane
rules-breadcrumb-rules = Règles
rules-game-title = Règles { $of }
rules-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
rules-players-range = { $min } à { $max } joueurs
rules-options-count = { $count ->
    [one] { $count } option
   *[other] { $count } options
}
rules-play = Jouer { $to }
rules-play-computer = Jouer contre l’ordinateur { $to }
rules-sign-in-to-play = <a href="/signin?next=/rules/{ $id }">Connectez-vous</a> pour jouer contre l’ordinateur.
rules-toc = Sur cette page
rules-section-goal = But du jeu
rules-section-material = Matériel
rules-section-turn = Déroulement d’un tour
rules-section-scoring = Décompte des points
rules-section-end = Fin de la partie
rules-section-on-tapis = Jouer sur Tapis
rules-toc-words = Vocabulaire
rules-options-heading = Options
rules-options-none = { $game } n’a pas d’options : chaque partie suit les règles ci-dessus.
rules-options-intro = Qui crée une partie dans le <a href="/lobby?game={ $id }">salon</a> peut modifier ces options. Par défaut, ce sont les règles décrites ci-dessus. <strong>Une partie dont une option est modifiée est amicale</strong> : elle ne compte pas pour le classement.
rules-option-values = Valeurs : { $values }.
rules-option-default = Par défaut :
rules-option-api = Dans l’API :
rules-programs-help = Les programmes jouent aussi : la <a href="/api/docs">documentation interactive de l’API</a> décrit chaque requête, et <a href="/api/v1/games/{ $id }"><code>GET /api/v1/games/{ $id }</code></a> donne ces options avec leurs valeurs par défaut.
rules-game-words-heading = Le vocabulaire de { $game }
rules-pager = Les autres jeux
rules-all-games = Tous les jeux

# Les valeurs des options, en mots.
rules-value-on-off = activée ou désactivée
rules-value-whole-number = un nombre entier
rules-value-number-range = un nombre entier de { $min } à { $max }
rules-value-one-of = au choix : { $choices }
rules-value-on = activée
rules-value-off = désactivée
