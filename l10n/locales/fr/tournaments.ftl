# Tournois suisses : la liste, le formulaire de création, la page d’un tournoi, l’encart de l’accueil.

tournaments-title = Tournois
tournaments-lead = Tournois suisses par correspondance : chacun joue chaque ronde, apparié à des joueurs au même score, jamais deux fois contre les mêmes adversaires tant que c’est évitable.
tournaments-filter = Afficher
tournaments-game = Jeu
tournaments-all-games = Tous les jeux
tournaments-create = Organiser un tournoi
tournaments-sign-in-to-create = Connectez-vous pour organiser un tournoi
tournaments-upcoming = À venir
tournaments-running = En cours
tournaments-finished = Terminés
tournaments-none = Aucun pour l’instant.
tournaments-by = organisé par { $name }
tournaments-entrants = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
tournaments-entrants-of = { $count } joueurs sur { $max }
tournaments-round-of = ronde { $round } sur { $rounds }
tournaments-terms = tables de { $seats } · { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
} · { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} par coup · { $rated ->
    [yes] classé
   *[no] amical
}

tournament-new-title = Organiser un tournoi
tournament-form-name = Nom
tournament-form-table-size = Joueurs par table
tournament-form-table-size-help = 2 pour les jeux à deux ; jusqu’au maximum du jeu pour les autres (les tables sont alors remplies aussi également que possible).
tournament-form-rounds = Rondes
tournament-form-rated-help = Les tournois classés comptent pour le classement et jouent avec les options par défaut du jeu ; les joueurs ordinateur n’y siègent jamais.
tournament-form-starts = Début (UTC)
tournament-form-starts-help = La première ronde est appariée à ce moment. On s’inscrit jusqu’au début, et en retard jusqu’à ce que la moitié des rondes aient commencé.
tournament-form-entry = Inscriptions
tournament-form-min-rating = Classement minimal
tournament-form-max-rating = Classement maximal
tournament-form-max-players = Nombre maximal de joueurs
tournament-form-vacation = Les vacances d’un joueur mettent ses parties en pause
tournament-form-vacation-help = Affiché aux joueurs ; l’échéance d’une ronde la borne toujours.
tournament-form-bots = Je peux inscrire des joueurs ordinateur (tournois amicaux seulement)
tournament-form-create = Créer le tournoi

tournament-back = Tous les tournois
tournament-status = Où il en est
tournament-status-upcoming = Inscriptions ouvertes : il n’a pas commencé.
tournament-status-running = En cours.
tournament-status-running-round = En cours : ronde { $round } sur { $rounds }.
tournament-status-finished = Terminé.
tournament-status-cancelled = Annulé.
tournament-sign-in-to-join = Connectez-vous pour vous inscrire
tournament-join = S’inscrire
tournament-leave = Se désinscrire
tournament-withdraw = Se retirer des rondes à venir
tournament-reconfirm = Confirmer à nouveau mon inscription
tournament-cancel = Annuler le tournoi
tournament-seat-bot = Inscrire { $name }
tournament-unseat-bot = Retirer { $name }

tournament-standings = Classement
tournament-standings-table = Tableau du classement
tournament-standings-none = Aucun joueur pour l’instant.
tournament-tie-breaks-help = Les joueurs à égalité de points sont départagés par { $first }, puis { $second } ; la dernière colonne dit ce qui a séparé chaque ligne de la précédente.
tournament-rank = Rang
tournament-player = Joueur
tournament-points = Points
tournament-played = Jouées
tournament-won = Gagnées
tournament-byes = Exempts
tournament-decided = Départagé par
tournament-withdrawn = retiré
tournament-decided-top = —
tournament-decided-points = les points
tournament-decided-buchholz = Buchholz
tournament-decided-sonneborn-berger = Sonneborn–Berger
tournament-decided-opponents-score = le score des adversaires
tournament-decided-game-score = le score de jeu
tournament-decided-shared = place partagée
tournament-tie-break-buchholz = Buchholz
tournament-tie-break-sonneborn-berger = Sonneborn–Berger
tournament-tie-break-opponents-score = Score des adversaires
tournament-tie-break-game-score = Score de jeu

tournament-rounds-heading = Rondes
tournament-rounds-none = La première ronde est appariée au début.
tournament-round = Ronde { $round }
tournament-round-started = Commencée
tournament-round-finished = terminée
tournament-round-deadline-at = échéance
tournament-table = Table
tournament-players = Joueurs
tournament-result = Résultat
tournament-place-points = { $place ->
    [1] 1er
   *[other] { $place }e
}, { $points } pt
tournament-bye-points = exempt, { $points } pt
tournament-table-bye = Exempt
tournament-table-adjudicated = Arbitrée à l’échéance
tournament-table-over = Terminée
tournament-table-playing = En cours

tournament-entrants = { $count ->
    [one] { $count } joueur inscrit
   *[other] { $count } joueurs inscrits
}
tournament-entrants-none = Personne ne s’est encore inscrit.
tournament-withdrawn-left = s’est retiré
tournament-withdrawn-forfeit = retiré après un temps dépassé ou un abandon (peut confirmer à nouveau)
tournament-joined-late = inscrit après la ronde { $round }

tournament-terms = Conditions
tournament-yes = Oui
tournament-no = Non
tournament-game = Jeu
tournament-options = Options
tournament-option = { $name } : { $value }
tournament-options-none = Aucune
tournament-table-size = Tables
tournament-seats = { $count ->
    [one] { $count } joueur
    [2] { $count } joueurs
   *[other] jusqu’à { $count } joueurs
}
tournament-rounds = Rondes
tournament-days-per-move = Temps par coup
tournament-round-deadline = Échéance d’une ronde
tournament-round-days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} après son début (temps par coup × { $moves } coups attendus)
tournament-rated = Classé
tournament-starts = Début
tournament-rating = Classements admis
tournament-rating-any = Tous
tournament-rating-range = De { $min } à { $max }
tournament-max-players = Nombre maximal de joueurs
tournament-no-limit = Sans limite
tournament-vacation = Les vacances mettent les parties en pause
tournament-late-entry = Inscription tardive
tournament-late-entry-until = jusqu’au début de la ronde { $round } (zéro pour les rondes manquées)
tournament-bots = Joueurs ordinateur admis
tournament-organiser = Organisateur
tournament-adjudication = À l’échéance d’une ronde
tournament-adjudication-rule = Une partie encore en cours à l’échéance d’une ronde est arrêtée sans effet sur le classement, et ses joueurs sont placés selon leurs chances de gagner telles que l’évaluation des joueurs ordinateur les donne à partir du score actuel : un joueur à dix points ou plus sous la meilleure chance d’une place prend la place suivante, sinon il la partage. Les joueurs qui avaient abandonné ou dépassé le temps viennent en dernier.

home-tournament-next = Votre prochaine partie de tournoi
home-tournament-against = contre { $names }
home-tournament-page = Le tournoi
