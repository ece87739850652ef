# Les classements, les pages des joueurs, leurs courbes de classement.

leaderboards-title = Classements
leaderboards-intro = Un classement par jeu : les joueurs qui en ont disputé au moins { $count } parties classées, meilleure cote en tête.
leaderboards-games = Les jeux
leaderboards-board = Classement de { $game }
leaderboards-rules = Règles
leaderboards-play = Jouer
leaderboards-of-the-games = Classements des jeux
leaderboards-best = Meilleurs joueurs de { $game }
leaderboards-page = (page { $page })
leaderboards-help = Les joueurs qui ont disputé au moins { $count } parties classées de { $game } ; la cote des nouveaux venus est encore provisoire et n’est pas listée. Les cotes égales partagent un rang.
leaderboards-none-further = Personne plus bas dans le classement.
leaderboards-none = Personne n’a encore joué { $count } parties classées de { $game }.
leaderboards-start-one = Lancez-en une.
leaderboards-caption-page = Classement de { $game }, page { $page }
leaderboards-rank = Rang
leaderboards-player = Joueur
leaderboards-rating = Cote
leaderboards-rated-matches = Parties classées
leaderboards-computer = ordinateur
leaderboards-computer-title = Un joueur ordinateur
leaderboards-you = Vous
leaderboards-pages = Pages du classement
leaderboards-better = Rangs précédents
leaderboards-next = Rangs suivants

player-title = { $name } : cotes et parties
player-since = Joue sur Tapis depuis le
player-rated-matches = { $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
}
player-your-account = Votre compte
player-ratings = Cotes
player-ratings-caption = La cote de { $name } dans chaque jeu
player-game = Jeu
player-provisional = (provisoire)
player-provisional-note-1 = Un
player-provisional-note-2 = après une cote signifie qu’elle est
player-provisional-note-3 = provisoire
player-provisional-note-4 =  : elle repose sur moins de 10 parties classées de ce jeu, elle bouge donc encore beaucoup. Chacun commence à 1500 ; les cotes provisoires sont exclues des
player-provisional-note-5 = classements
player-history = Évolution de la cote
player-no-rated-match = Aucune partie classée pour l’instant.
player-history-table = Évolution de la cote ({ $game }) sous forme de tableau
player-history-caption = Cote de { $name } ({ $game }) après chaque partie classée, de la plus ancienne à la plus récente
player-match = Partie
player-finished = Terminée
player-change = Écart
player-matches = Parties terminées
player-no-older = Aucune partie plus ancienne.
player-no-finished = Aucune partie terminée pour l’instant.
player-matches-caption = Les parties terminées de { $name }, les plus récentes d’abord
player-opponents = Adversaires
player-result = Résultat
player-none = aucun
player-casual = amicale
player-pages = Pages des parties terminées
player-most-recent = Parties les plus récentes
player-older = Parties plus anciennes

player-result-unranked = Non classé
player-result-solo = En solo
player-result-draw = Égalité
player-result-won = Gagnée
player-result-lost = Perdue
player-result-shared = { $rank } ex æquo sur { $seats }
player-result-rank = { $rank } sur { $seats }

chart-subject = Cote de { $name } ({ $game })
chart-title = Courbe : { $subject }, au fil des parties classées
chart-start = Départ : { $rating }
chart-point = Partie { $number } ({ $when }) : { $rating }, { $change }
chart-axis = Parties classées jouées
chart-empty = Aucune partie classée pour l’instant
chart-describe-empty = Aucune partie classée pour l’instant : pas encore d’historique ({ $subject }).
chart-describe-one = { $subject } : { $rating } (aucune partie classée pour l’instant).
chart-describe = { $count ->
    [one] { $subject } sur { $count } partie classée : de { $first } à { $last } ; au plus bas { $low }, au plus haut { $high }.
   *[other] { $subject } sur { $count } parties classées : de { $first } à { $last } ; au plus bas { $low }, au plus haut { $high }.
}
players-title = Joueurs
players-find = Trouver un joueur
players-name-starts = Le nom commence par
players-search = Chercher
players-none = Aucun joueur n’a un nom qui commence ainsi.
players-challenge = Défier
players-link = Trouver un joueur
following-title = Les joueurs que vous suivez
following-heading = Qui vous suivez, et ce qu’ils jouent
following-none = Vous ne suivez encore personne.
following-not-playing = aucune partie en cours
following-match = Partie de { $game }
following-follow = Suivre
following-stop = Ne plus suivre
following-link = Les joueurs que vous suivez
following-settings = Quand ils jouent
following-tell-started = Me prévenir quand un joueur que je suis commence une partie (sur les pages en direct du site et dans le flux d’événements de l’API)
following-save = Enregistrer
