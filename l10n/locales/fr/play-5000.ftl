# Le 5000 : la table et le journal des tours. Les termes du jeu restent en français.

play-5000-not-opened = pas encore ouvert
play-5000-not-opened-hint = un joueur doit atteindre le total d’ouverture en un seul tour avant de pouvoir encaisser
play-5000-main-pleine = main pleine
play-5000-main-pleine-hint = les cinq dés ont tous été mis de côté : on peut relancer les cinq

play-5000-over = La partie est terminée.
play-5000-about-to-throw = avant le premier lancer
play-5000-throw-of = { $nth } lancer sur 3
play-5000-headline-yours = À vous · { $throw } · total du tour { $total }
play-5000-headline-other = À { $name } · { $throw } · total du tour { $total }

play-5000-last-throw = Dernier lancer
play-5000-dice-caption = Lancer { $throw } sur 3 · { $count ->
    [one] { $count } dé
   *[other] { $count } dés
} en main
play-5000-keep-ticked = Garder les dés cochés
play-5000-set-aside-hint = Cochez les dés qui marquent que vous gardez ; ils sont mis de côté : les 1 (100), les 5 (50), un brelan (trois dés identiques) ou une suite.
play-5000-why-none = Cochez d’abord les dés que vous gardez.
play-5000-why-not = Les dés cochés ne marquent rien : gardez des 1, des 5, un brelan ou une suite.

play-5000-set-aside-title = Mis de côté ce tour-ci
play-5000-group = { $dice } pour { $points }
play-5000-set-aside-caption = Mis de côté : { $groups }
play-5000-set-aside-caption-carried = Mis de côté : { $groups } · { $carried ->
    [one] { $carried } point reporté
   *[other] { $carried } points reportés
} d’avant la main pleine

play-5000-this-turn = Ce tour-ci
play-5000-turn-total = Total du tour
play-5000-throws-left = Lancers restants
play-5000-all-five-again = les cinq dés peuvent être relancés
play-5000-to-open = Pour ouvrir
play-5000-to-open-hint = { $name } n’a pas encore ouvert : il faut faire { $threshold } en un seul tour avant d’encaisser
play-5000-more = encore { $count }
play-5000-target = Objectif
play-5000-target-at-least = { $target } ou plus
play-5000-target-exactly = exactement { $target }
play-5000-target-last-thousand = { $target }, les 1000 derniers en un seul tour
play-5000-final-round = Dernier tour
play-5000-reached-target = { $name } a atteint l’objectif

play-5000-resigned = a abandonné
play-5000-winner = gagnant
play-5000-scores = Scores
play-5000-banked-scores = Scores acquis
play-5000-points = Points

play-5000-pick-a-keep = Ou choisissez les dés à mettre de côté
play-5000-bank-or-throw = Encaisser ou relancer
play-5000-set-aside-dice = Mettre de côté { $dice }
play-5000-keep-detail-hot = +{ $points } · total du tour { $total } · main pleine : les cinq dés reviennent en main
play-5000-keep-detail = +{ $points } · total du tour { $total } · { $left ->
    [one] { $left } dé restant
   *[other] { $left } dés restants
}
play-5000-bank = Encaisser { $total }
play-5000-bank-detail = +{ $counted } · votre score passe à { $score }
play-5000-bank-detail-target = +{ $counted } · votre score passe à { $score } · vous atteignez l’objectif !
play-5000-bank-overshoot = vous dépasseriez l’objectif : le total du tour serait perdu
play-5000-throw-again = Relancer
play-5000-throw-again-all = les cinq dés ; un lancer où rien ne marque fait perdre le total du tour
play-5000-throw-again-hand = { $count ->
    [one] le dé
   *[other] les { $count } dés
} en main ; un lancer où rien ne marque fait perdre le total du tour

play-5000-prompt-keep = À vous : mettez de côté au moins un dé qui marque dans ce lancer.
play-5000-prompt-decide = À vous : encaissez votre total du tour, ou relancez les dés que vous avez en main.

play-5000-event-dice-thrown = { $again ->
    [yes] { $name } lance { $dice } ({ $nth } lancer)
   *[no] { $name } lance { $dice }
}
play-5000-event-five-ones = { $name } sort cinq 1 et gagne aussitôt !
play-5000-event-zero-throw = { $ballot ->
    [yes] Ballot (cinq dés, rien ne marque) : { $name } perd son total du tour de { $lost }
   *[no] Lancer nul (rien ne marque) : { $name } perd son total du tour de { $lost }
}
play-5000-event-kept = { $name } met de côté { $dice } pour { $points } (total du tour { $total })
play-5000-event-hot-dice = Main pleine : { $name } a mis de côté les cinq dés
# $whole : yes quand tout le total du tour compte ; $opened : yes quand ce dépôt ouvre le joueur.
play-5000-event-banked = { $whole ->
    [yes] { $opened ->
        [yes] { $name } encaisse { $points } : score { $score } (ouverture)
       *[no] { $name } encaisse { $points } : score { $score }
    }
   *[no] { $opened ->
        [yes] { $name } encaisse { $points }, dont { $counted } comptent : score { $score } (ouverture)
       *[no] { $name } encaisse { $points }, dont { $counted } comptent : score { $score }
    }
}
play-5000-event-turn-lost = { $reason ->
    [overshoot] { $name } dépasserait l’objectif : son total du tour de { $lost } est perdu
   *[not-opened] { $name } n’a pas ouvert : son total du tour de { $lost } est perdu
}
play-5000-event-final-round = { $name } a atteint l’objectif : on termine le tour de table
play-5000-event-resigned = { $name } abandonne
# $reason : target-reached, five-ones, resignation ; $winner : yes quand un joueur gagne.
play-5000-event-game-over = Partie terminée ({ $reason ->
        [five-ones] cinq 1
        [resignation] les autres ont abandonné
       *[target-reached] objectif atteint
    }){ $winner ->
        [yes] { " : " }{ $name } gagne
       *[no] { "" }
    }

play-5000-action-keep = met de côté { $dice }
play-5000-action-bank = encaisse le total du tour
play-5000-action-rethrow = relance les dés en main
