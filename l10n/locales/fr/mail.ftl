# Les mails que Tapis envoie (vérification, notifications) et les pages où mènent leurs liens.

mail-greeting = Bonjour { $name },
# Une liste de noms : $first sont tous sauf le dernier, séparés par des virgules.
mail-names = { $first } et { $last }

mail-verify-subject = Confirmez votre adresse électronique pour Tapis
mail-verify-body = Cette adresse ({ $email }) a été donnée pour recevoir les notifications de Tapis. Suivez le lien ci-dessous pour la confirmer : il est valable 48 heures.
mail-verify-action = Confirmer mon adresse
mail-verify-ignore = Si vous ne l’avez pas demandé, ignorez ce mail : rien d’autre ne sera envoyé à cette adresse.

mail-your-turn-subject = À vous de jouer : { $game } contre { $opponents }
mail-your-turn-subject-solo = À vous de jouer : { $game }
mail-your-turn-body = C’est à vous de jouer dans votre partie de { $game } contre { $opponents }.
mail-your-turn-body-solo = C’est à vous de jouer dans votre partie de { $game }.
mail-deadline = Vous avez jusqu’au { $deadline } (UTC) pour jouer.

mail-invitation-subject = { $by } vous invite à jouer à { $game }
mail-invitation-body = { $by } vous invite à une partie de { $game }. Acceptez-la ou déclinez-la dans le salon.

mail-deadline-soon-subject = Moins de 24 heures pour jouer : { $game }
mail-deadline-soon-body = Votre coup dans la partie de { $game } contre { $opponents } est attendu avant le { $deadline } (UTC). Passé ce délai, la partie est perdue au temps.
mail-deadline-soon-body-solo = Votre coup dans la partie de { $game } est attendu avant le { $deadline } (UTC). Passé ce délai, la partie est perdue au temps.

mail-finished-subject = Partie terminée : { $game }
mail-finished-body = Votre partie de { $game } contre { $opponents } est terminée.
mail-finished-body-solo = Votre partie de { $game } est terminée.
mail-finished-rank = { $rank ->
    [1] Vous avez gagné : premier sur { $seats }.
   *[other] Vous êtes classé { $rank } sur { $seats }.
}

# Tournois : une ronde commence (votre partie, ou votre exemption), le tournoi est terminé.
mail-round-started-subject = { $tournament } : la ronde { $round } sur { $rounds } a commencé
mail-round-started-body = La ronde { $round } sur { $rounds } du tournoi { $tournament } ({ $game }) a commencé : votre partie contre { $opponents } vous attend.
mail-round-started-bye = La ronde { $round } sur { $rounds } du tournoi { $tournament } ({ $game }) a commencé. Vous êtes exempt de cette ronde : elle compte comme une partie nulle, et vous jouerez à la suivante.
mail-tournament-finished-subject = Le tournoi { $tournament } est terminé
mail-tournament-finished-body = La dernière ronde du tournoi { $tournament } ({ $game }) est terminée : le classement est définitif.
mail-tournament-finished-place = { $place ->
    [1] Vous l’avez gagné : premier sur { $entrants } (points : { $points }).
   *[other] Vous avez terminé { $place }e sur { $entrants } (points : { $points }).
}

# Ligues : une saison commence (votre division), vous montez ou descendez d’une division.
mail-season-started-subject = La saison { $season } de la ligue de { $game } a commencé
mail-season-started-body = La saison { $season } de la ligue de { $game } a commencé. Vous jouez en division { $level } sur { $levels }, avec { $players } joueurs : vos { $matches } parties ont toutes commencé, jouez-les à votre rythme.
mail-promoted-subject = Ligue de { $game } : vous montez en division { $to }
mail-promoted-body = La saison { $season } de la ligue de { $game } est terminée. Vous avez fini { $place }e en division { $from } : la saison prochaine, vous jouez en division { $to }.
mail-relegated-subject = Ligue de { $game } : vous descendez en division { $to }
mail-relegated-body = La saison { $season } de la ligue de { $game } est terminée. Vous avez fini { $place }e en division { $from } : la saison prochaine, vous jouez en division { $to }.

mail-open-match = Ouvrir la partie
mail-open-lobby = Ouvrir le salon
mail-open-tournament = Ouvrir le tournoi
mail-open-division = Ouvrir votre division
mail-open-league = Ouvrir la ligue
mail-why = Vous recevez ce mail parce que vous avez demandé à Tapis d’envoyer des notifications à { $email }.
mail-stop-your-turn = Ne plus recevoir les mails « à vous de jouer »
mail-stop-invitation = Ne plus recevoir les invitations par mail
mail-stop-deadline-soon = Ne plus recevoir les rappels de délai
mail-stop-match-finished = Ne plus recevoir les mails « partie terminée »
mail-stop-round-started = Ne plus recevoir les mails « ronde commencée »
mail-stop-tournament-finished = Ne plus recevoir les mails « tournoi terminé »
mail-stop-season-started = Ne plus recevoir les mails « saison commencée »
mail-stop-promoted = Ne plus recevoir les mails « montée »
mail-stop-relegated = Ne plus recevoir les mails « descente »
mail-stop-all = Ne plus recevoir aucun mail de Tapis
mail-settings = Réglages des notifications

# Les événements qu’un joueur peut recevoir par mail.
mail-event-your-turn = C’est à moi de jouer
mail-event-invitation = On m’invite à une partie
mail-event-deadline-soon = Il reste moins de 24 heures pour jouer
mail-event-match-finished = Une de mes parties est terminée
mail-event-round-started = Une ronde d’un tournoi où je suis inscrit commence
mail-event-tournament-finished = Un tournoi où je suis inscrit est terminé
mail-event-season-started = Une saison d’une ligue où je joue commence
mail-event-promoted = Je monte d’une division dans une ligue
mail-event-relegated = Je descends d’une division dans une ligue
mail-event-all = Tous les mails

# Les pages où mènent les liens.
mail-verified-title = Adresse confirmée
mail-verified-body = { $email } est confirmée : Tapis y enverra vos notifications.
mail-verify-failed-title = Ce lien ne fonctionne pas
mail-unsubscribe-title = Ne plus recevoir ces mails
mail-unsubscribe-confirm = Ne plus recevoir de mails pour : { $what } ?
mail-unsubscribe-button = Ne plus recevoir ces mails
mail-unsubscribed-title = C’est fait
mail-unsubscribed-body = Vous ne recevrez plus ces mails ({ $what }). Vous pouvez choisir à nouveau sur la page de votre compte.
mail-link-failed-title = Ce lien ne fonctionne pas
mail-to-account = Réglages des notifications
