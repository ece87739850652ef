# La table d’un jeu dessinée sans présentation propre (chaque coup permis est un bouton).

play-common-dice = Dés
play-common-players = Joueurs
play-common-over = La partie est terminée.
play-common-choose = À vous : choisissez l’un de ces coups.
play-common-choices = Vos choix
play-common-resigned = a abandonné
