# Le salon : invitations, parties ouvertes, le formulaire de création et celui de la partie
# contre l’ordinateur.

lobby-title = Salon
lobby-invitations = Vos invitations
lobby-invitations-none = Personne ne vous a encore défié.
lobby-from = de
lobby-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
lobby-rated = Classée
lobby-accept = Accepter
lobby-decline = Refuser
lobby-details = Détails
lobby-seeks = Parties ouvertes
lobby-seeks-none = Aucune partie ouverte pour le moment : créez-en une, d’autres pourront la rejoindre.
lobby-by = par
lobby-seats-taken = { $taken ->
    [one] { $taken } place prise sur { $count }
   *[other] { $taken } places prises sur { $count }
}
lobby-join = Rejoindre
lobby-join-hidden = la partie de { $game } de { $players }
lobby-sign-in-to-join = Connectez-vous pour la rejoindre
lobby-mine = Vos parties en attente de joueurs
lobby-mine-none = Aucune.
lobby-invited = invités : { $names }
lobby-cancel = Annuler
lobby-cancel-hidden = cette partie de { $game }
lobby-computer = Jouer contre l’ordinateur
lobby-computer-help = Un adversaire ordinateur est toujours prêt : il répond en quelques secondes.
lobby-sign-in = Connectez-vous
lobby-or = ou
lobby-sign-up = inscrivez-vous
lobby-to-play-computer = pour jouer contre l’ordinateur.
lobby-create = Lancer une partie
lobby-to-start = pour lancer une partie.

lobby-form-game = Jeu
lobby-form-rules-of = Règles { $of }
lobby-form-players-range = de { $min } à { $max } joueurs
lobby-form-players = Joueurs
lobby-form-options-of = Options { $of }
lobby-form-options-help = Les valeurs par défaut sont les règles d’origine. Tout autre choix fait de la partie une partie amicale (non classée).
lobby-form-default = (Par défaut : { $value }.)
lobby-form-rated = Classée
lobby-form-rated-help = Les parties classées comptent pour le classement : il leur faut les options par défaut, deux joueurs ou plus et un délai par coup.
lobby-form-unrated-solo = Une partie à un seul joueur n’est jamais classée : elle se joue pour le score seul.
lobby-form-unrated-no-clock = Une partie sans délai n’est jamais classée : choisissez un temps par coup pour la jouer classée.
lobby-form-time = Temps par coup
lobby-form-days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
lobby-form-no-clock = Sans limite de temps (amicale seulement)
lobby-form-invite = Inviter des joueurs
lobby-form-optional = (facultatif)
lobby-form-invite-placeholder = alice, bob
lobby-form-invite-help = Noms d’utilisateur, séparés par des virgules. Leurs places leur sont réservées ; les autres sont ouvertes à tous.
lobby-form-create = Créer la partie

computer-game = Jeu
computer-level = Niveau
computer-level-easy = Facile
computer-level-medium = Moyen
computer-level-strong = Fort
computer-level-easy-description = Joue des coups sensés mais se trompe souvent entre deux choix proches : un adversaire clément pour débuter.
computer-level-medium-description = Voit quelques coups à l’avance : un défi honnête pour les joueurs réguliers.
computer-level-strong-description = Pèse chaque lancer à venir, ou des milliers de suites, avant chaque coup, et joue le Yams et le 5000 aussi bien qu’ils peuvent se jouer : un bon joueur doit s’employer pour le battre.
computer-opponents = Adversaires ordinateur
computer-opponents-help = Pour les jeux à plus de deux joueurs. Plusieurs adversaires ordinateur font une partie amicale.
computer-rated = Classée (compte pour votre classement, et celui de l’ordinateur)
computer-play = Jouer contre l’ordinateur
