# La page d’une partie : son cadre, les joueurs, le résultat, l’abandon, la relecture, les dés équitables.

match-page-title = { $game } : { $players }
match-no-players = Pas encore de joueurs
match-rated = Classée
match-casual = Amicale
match-clock = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
}
match-no-clock = sans pendule
match-rules-of = Règles { $of }
match-replay-link = Revoir la partie
match-seat = place { $seat }

# La ligne d’état.
match-now-waiting = En attente de joueurs : { $taken } places prises sur { $seats }
match-now-your-move = À vous de jouer
match-now-bot-thinking = { $name } (ordinateur) réfléchit…
match-now-to-play = À { $name } de jouer
match-now-in-play = En cours
match-now-finished = Terminée : { $headline }
match-now-finished-plain = Terminée
match-now-cancelled = Annulée avant d’avoir commencé
match-now-aborted = Annulée dans ses premiers coups : sans résultat ni changement de classement
match-deadline = échéance
match-updates-by-itself = Cette page montre les coups des autres joueurs dès qu’ils sont joués.

# Les joueurs.
match-players = Joueurs
match-computer-title = Un joueur joué par l’ordinateur
match-computer = ordinateur
match-you = (vous)
match-thinking = réfléchit…
match-to-play = à jouer
match-left = parti
match-colour-of = couleur de { $name }

# Une partie qui attend ses joueurs.
match-open-heading = En attente de joueurs
match-open-seats = { $taken } places prises sur { $seats }.
match-open-invited = Invités : { $names }.
match-open-starts = La partie commence quand toutes les places sont prises.
match-join = Rejoindre cette partie
match-decline = Refuser
match-cancel = Annuler cette partie
match-sign-in-to-join = Se connecter pour rejoindre

# Le résultat.
match-over-because = La partie est terminée : { $reason }.
match-rank = Rang
match-player = Joueur
match-score = Score
match-rating = Classement Elo
match-replay-this = Revoir cette partie coup par coup
match-rematch = Revanche
match-rematch-go = Aller à la revanche
match-next = { $count ->
    [one] Partie suivante qui vous attend
   *[other] Partie suivante qui vous attend ({ $count })
}
match-over = La partie est terminée
match-you-win = Vous avez gagné !
match-solo-over-yours = Votre partie est terminée : { $score ->
    [one] { $score } point
   *[other] { $score } points
}
match-solo-over = Partie terminée pour { $name } : { $score ->
    [one] { $score } point
   *[other] { $score } points
}
match-wins = { $name } gagne
match-share-win = { $names } se partagent la victoire
match-rating-change = { $before } → { $after } ({ $delta })

match-reason-grids-filled = toutes les grilles sont remplies
match-reason-resignation = par abandon
match-reason-timeout = au temps : un joueur a dépassé son délai
match-reason-target-reached = le score à atteindre a été atteint
match-reason-five-ones = cinq 1 d’un seul lancer
match-reason-discharged = un joueur s’est débarrassé de son dernier jeton
match-reason-no-tokens-after-charge = aucun jeton à la fin de la charge
match-reason-espagnole = l’espagnole : un joueur a pris les 21 jetons
match-reason-five-in-a-row = cinq alignés
match-reason-columns-won = un joueur a conquis les colonnes nécessaires
match-reason-all-columns-won = toutes les colonnes sont conquises
match-reason-make-five = MAKE 5, cinq rangées d’une seule couleur
match-reason-all-deals-played = les six manches sont jouées
match-reason-no-pawns-left = un joueur a posé tous ses pions
match-reason-armies-passed = les armées se sont croisées
match-reason-blocked = aucun des deux joueurs ne peut plus bouger

# La table et les derniers coups.
match-the-table = La table
match-since-your-move = Depuis votre dernier coup
match-last-move = Dernier coup
# Entre un titre et ce qui suit (« Alice : a lancé 1 3 3 »).
match-colon = {"\u00A0: "}
match-line-separator = {" · "}

# L’abandon.
match-abort = Annuler la partie
match-abort-explained = Tant que chaque joueur n’a pas fait son premier coup, un joueur peut annuler : la partie s’arrête sans résultat ni changement de classement.
match-resign = Abandonner…
match-resign-warning = Vous serez classé derrière tous les joueurs encore en jeu. C’est définitif.
match-resign-warning-rated = Vous serez classé derrière tous les joueurs encore en jeu, et le résultat compte pour votre classement. C’est définitif.
match-resign-confirm = Oui, j’abandonne
match-resign-title = Abandonner ?
match-resign-heading = Abandonner cette partie de { $game } ?
match-resign-back = Non, revenir à la partie

# Les dés équitables.
match-fair-dice = Dés équitables
match-fair-committed = Les dés de cette partie ont été fixés avant son premier lancer, et pourront être vérifiés à la fin : ils viennent tous d’un nombre secret (la graine), dont l’empreinte (SHA-256) est affichée dès le début :
match-fair-revealed = Le nombre secret, révélé maintenant que la partie est finie :
match-fair-anyone = . Chacun peut en relancer tous les dés de la partie et vérifier l’empreinte :
match-fair-download = téléchargez l’enregistrement
match-fair-and-run = et lancez
match-fair-later = Le nombre secret lui-même est révélé à la fin de la partie : chacun pourra alors vérifier chaque lancer.
match-fair-seed-hash = SHA-256 de la graine :
match-fair-seed = Graine :

# Le journal des tours.
match-turn-log = Journal des tours
match-turn-count = ({ $count ->
    [one] { $count } tour
   *[other] { $count } tours
}, le plus récent d’abord)
match-earlier-turns = Tours précédents ({ $count })
match-log-start = La partie commence
match-log-resigns = { $name } abandonne
match-log-timeout = { $name } dépasse son délai

# Coups refusés.
match-refused-no-version = Ce formulaire ne dit pas sur quelle version de la partie il a été rempli : voici la table telle qu’elle est maintenant.
match-refused-unreadable = Ce coup n’a pas pu être lu.
match-refused-no-move = Aucun coup n’a été choisi.
match-refused-illegal = Ce coup n’est pas permis : { $reason }
match-refused-not-your-turn = Ce n’est pas votre tour : rien n’a été joué.
match-refused-not-active = La partie n’est pas en cours : rien n’a été joué.

# La relecture.
match-replay-title = Relecture : { $game }
match-replay-back = Revenir à la partie
match-replay-steps = Étapes de la relecture
match-replay-position = Étape { $step } sur { $last }
match-replay-first = « Début
match-replay-prev = ◀ Précédente
match-replay-next = Suivante ▶
match-replay-last = Fin »
match-replay-table = La table à cette étape
match-replay-all = { $count ->
    [one] L’unique étape, depuis le début
   *[other] Les { $count } étapes, depuis le début
}

# La table de chaque jeu (ce qu’entendent les lecteurs d’écran, la feuille, le plateau).
match-table-dice = Dés : { $summary }
match-table-tick-dice = { $verb } : cochez les dés
match-table-die = dé montrant { $face }
match-table-die-kept = dé montrant { $face }, gardé
match-table-die-aside = dé montrant { $face }, mis de côté
match-table-die-waiting = dé pas encore lancé
match-table-no-dice = aucun dé lancé pour l’instant
match-table-box = Case
match-table-empty = vide
match-table-just-played = (vient d’être joué)
match-table-just-scored = (vient de marquer)
match-table-just-climbed = (vient de monter)
match-table-pick-to-move = Choisir pour déplacer
match-table-pick-cell = { $cell } : choisir pour déplacer
match-table-choices = { $count ->
    [one] { $count } choix
   *[other] { $count } choix
}
match-table-possessive = de { $name }
match-table-possessive-s = de { $name }
# Devant une voyelle, « de » s’élide : « d’Alice ».
match-table-possessive-vowel = d’{ $name }
match-table-possessive-vowel-s = d’{ $name }
match-compose-unreadable = L’action du formulaire n’a pas pu être lue.
match-compose-no-place = L’action du formulaire n’a pas de place pour les valeurs cochées.

# Ce qu’utilise la table de chaque jeu.
match-game-over = La partie est terminée : { $reason }.
# Cocher un dé, c’est le garder, dans tous les jeux (docs/match-page.md, « Ticking dice »).
match-keep = Garder
match-throw-others-again = Relancer les autres
match-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
match-nth = { $n ->
    [1] premier
    [2] deuxième
   *[3] troisième
}
match-number = { $n }

# Un joueur en vacances : sa pendule est arrêtée.
match-on-vacation = en vacances jusqu’au
match-clock-paused = pendule arrêtée : le joueur qui a la main est en vacances
