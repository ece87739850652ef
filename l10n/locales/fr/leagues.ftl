# Ligues : la liste, la page d’une ligue, ses saisons passées, la page d’une division, l’encart de l’accueil.

leagues-title = Ligues
leagues-lead = Chaque jeu a sa ligue, jouée en saisons. Inscrivez-vous et vous serez placé dans une division de 6 à 10 joueurs pour affronter chacun d’eux, toutes les parties en même temps ; à la fin de la saison, les meilleurs montent d’une division et les derniers descendent. Vous restez inscrit, saison après saison, jusqu’à ce que vous vous retiriez.
leagues-sign-in = Connectez-vous pour participer
leagues-members = { $count ->
    [one] { $count } joueur inscrit
   *[other] { $count } joueurs inscrits
}
leagues-divisions = { $count ->
    [0] pas encore de division
    [one] { $count } division de { $players } joueurs
   *[other] { $count } divisions, { $players } joueurs
}
leagues-in = Vous êtes inscrit
league-opt-in = S’inscrire
league-opt-out = Se retirer
league-refused-bots-not-allowed = Les joueurs de l’ordinateur ne jouent jamais en ligue.

league-season = Saison { $number }
league-season-upcoming = La saison { $number } n’a pas commencé : elle attend son début et assez de joueurs.
league-season-running = La saison { $number } est en cours.
league-season-finished = La saison { $number } est terminée.
league-starts = Début
league-deadline = Échéance
league-ended = Fin

league-title = Ligue de { $game }
league-back = Toutes les ligues
league-back-to-league = La ligue
league-status = Où elle en est
league-you-in = Vous êtes inscrit : vous jouez chaque saison à partir de la prochaine.
league-you-out = Vous n’êtes pas inscrit.
league-you-playing = Vous jouez la saison { $number } (vous retirer ne vous en fait pas sortir).

league-mine = Vos parties
league-mine-table = Tableau de vos parties
league-next-match = Jouer votre prochaine partie
league-division = Division { $level }
league-division-of = Division { $level } sur { $levels }
league-division-page = Le classement et les parties de la division
league-division-heading = Ligue de { $game }, saison { $season } : division { $level } sur { $levels }

league-divisions = Saison { $number } : les divisions
league-divisions-none = Les divisions sont formées au début de la saison.
league-previous = La saison dernière
league-previous-none = Aucune saison n’est encore terminée.
league-history-link = Toutes les saisons passées
league-history-title = Ligue de { $game } : les saisons passées

league-place = Place
league-rating = Classement
league-arrival = Arrivée
league-arrival-joined = nouveau
league-arrival-promoted = promu
league-arrival-relegated = relégué
league-arrival-stayed = maintenu
league-movement = Mouvement
league-movement-up = Monte
league-movement-down = Descend
league-movement-stay = Reste

league-fixtures = Parties
league-fixtures-table = Tableau des parties
league-table-aria = Tableau de la division
league-round = Tour
league-to-play = En cours : { $name } doit jouer

league-season-length = L’échéance d’une saison
league-season-days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} après son début (temps par coup × { $moves } coups attendus)
league-promotion = Promotion
league-promoted = { $count ->
    [one] le premier de chaque division monte
   *[other] les { $count } premiers de chaque division montent
}
league-relegation = Relégation
league-relegated = { $count ->
    [one] le dernier de chaque division descend
   *[other] les { $count } derniers de chaque division descendent
}
league-adjudication = À l’échéance de la saison
league-adjudication-rule = Une partie encore en cours à l’échéance de la saison est arrêtée, et ses joueurs sont placés selon leurs chances de gagner telles que l’évaluation des joueurs de l’ordinateur les donne d’après le score du moment : un joueur dont la chance est inférieure d’au moins dix points à la meilleure chance d’une place prend la place suivante, sinon il la partage. Les joueurs qui avaient abandonné ou dépassé le temps finissent derniers.

home-league-next = Votre prochaine partie de ligue
home-league-match = Ligue de { $game } · saison { $season } · division { $level }
home-league-page = La division
