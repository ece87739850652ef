# La table d’un jeu dessinée sans présentation propre (chaque coup permis est un bouton).

play-common-dice = Dés
play-common-players = Joueurs
play-common-over = La partie est terminée.
play-common-choose = À vous : choisissez l’un de ces coups.
play-common-choices = Vos choix
play-common-resigned = a abandonné

# Les mots d’un coup ou d’un événement que la table ne sait pas lire, tirés de son JSON : le
# type et les noms des champs ci-dessous sont dits en mots quand ils sont connus
# (`play-common-term-<nom>`), sinon tels qu’ils sont écrits.
play-common-action = { $kind } : { $details }
play-common-field = { $name } { $value }
play-common-event-seat = { $name } — { $kind }
play-common-event-seat-details = { $name } — { $kind } : { $details }
play-common-event-details = { $kind } : { $details }
play-common-yes = oui
play-common-no = non
play-common-none = aucun
play-common-term-action = Coup
play-common-term-event = Événement
play-common-term-place = Poser
play-common-term-pass = Passer
play-common-term-resign = Abandonner
play-common-term-reroll = Relancer
play-common-term-bank = Marquer
play-common-term-move = Déplacer
play-common-term-advance = Avancer
play-common-term-stop = S’arrêter
play-common-term-throw = Lancer
play-common-term-row = Rangée
play-common-term-col = Colonne
play-common-term-column = Colonne
play-common-term-columns = Colonnes
play-common-term-dice = Dés
play-common-term-faces = Faces
play-common-term-seat = Place
play-common-term-owner = Propriétaire
play-common-term-winner = Gagnant
play-common-term-from = De
play-common-term-to = Vers
play-common-term-points = Points
play-common-term-score = Score
play-common-term-scores = Scores
play-common-term-totals = Totaux
play-common-term-grand-total = Total général
play-common-term-tokens = Jetons
play-common-term-columns-won = Colonnes gagnées
play-common-term-reserve = Réserve
play-common-term-on-board = Sur le plateau
play-common-term-reason = Raison
play-common-term-dice-thrown = Dés lancés
play-common-term-game-over = Partie terminée
play-common-term-resigned = A abandonné
play-common-term-passed = A passé
play-common-term-placed = A posé
play-common-term-scored = A marqué
play-common-term-bonus-move = Bonus
play-common-term-initial-move = Coup de départ
play-common-term-following-move = Coup de suite
play-common-term-decline-bonus = Renoncer au bonus
