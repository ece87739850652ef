# La page d’accueil, et les cartes de parties et la grille des jeux que d’autres pages partagent.

home-title = Jeux de dés et de plateau par correspondance
home-lead = Les grands classiques français des jeux de dés et de plateau, joués par correspondance : jouez votre coup, fermez l’onglet, revenez quand c’est de nouveau à vous. Chaque lancer est d’une équité vérifiable.
home-sign-up-and-play = S’inscrire et jouer
home-sign-in = Se connecter
home-find-a-match = Trouver ou lancer une partie
home-your-turn = En attente de votre coup
home-your-turn-none = Aucune partie ne vous attend.
home-your-turn-lobby = Lancez-en une ou rejoignez-en une dans le salon.
home-others = Vos autres parties en cours
home-others-none = Aucune pour le moment.
home-why = Pourquoi Tapis
home-why-fair = Des dés équitables, vérifiables.
home-why-fair-text = Chaque partie publie l’empreinte SHA-256 de sa graine de dés secrète avant le premier lancer et révèle la graine à la fin : chacun peut recalculer tous les lancers.
home-why-pace = À votre rythme.
home-why-pace-text = Des jours par coup, pas des secondes. Les parties qui vous attendent passent en premier.
home-why-open = Ouvert.
home-why-open-text = Tout ce que vous faites ici, un programme peut le faire grâce à l’
home-why-open-api = API publique
home-why-open-end = .

# Une partie dans une liste.
home-card-free-seats = { $count ->
    [one] { $count } place libre
   *[other] { $count } places libres
}
home-card-your-move = À vous de jouer
home-card-to-play = Au tour de { $name }
home-card-rated = Classée
home-card-deadline = Échéance

# Les huit jeux en cartes.
home-games = Les huit jeux
home-game-rules = Règles
home-game-rules-of = { $of }
home-game-play = Jouer
# Entre les deux derniers noms d’une liste de liens.
home-names-and = et
