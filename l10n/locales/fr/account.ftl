# La page du compte.

account-title = Votre compte
account-signed-in-as = Connecté en tant que
account-profile = Votre profil public
account-password = Changer de mot de passe
account-current-password = Mot de passe actuel
account-new-password = Nouveau mot de passe
account-new-password-again = Nouveau mot de passe (encore)
account-change-password = Changer mon mot de passe
account-password-changed = Votre mot de passe a été changé.
account-passwords-differ = Les deux nouveaux mots de passe diffèrent : tapez deux fois le même.
account-tokens = Jetons d’API
account-tokens-help = Les jetons personnels permettent à vos propres programmes et robots de jouer par l’
account-tokens-help-api = API
account-tokens-help-as-you = en votre nom. Envoyez-en un ainsi :
account-new-token = Votre nouveau jeton « { $name } ».
account-new-token-copy = Copiez-le maintenant : il ne sera plus affiché.
account-new-token-label = Nouveau jeton
account-token-copy = Copier le jeton
account-token-copied = Le jeton est copié.
account-token-copy-failed = Le navigateur n’a pas laissé la page le copier : sélectionnez le jeton et copiez-le.
account-token-name = Nom d’un nouveau jeton
account-token-placeholder = mon robot
account-token-scopes = Ce que le jeton peut faire
account-scope-play = jouer
account-scope-play-help = Jouer : créer des parties, s’y joindre, y jouer, abandonner.
account-scope-read = lire
account-scope-read-help = Lire : votre profil, vos vacances, vos réglages de notification, vos événements en direct.
account-scope-account = compte
account-scope-account-help = Compte : changer le mot de passe, l’adresse électronique, les notifications, les vacances ; terminer des sessions.
account-scope-webhooks = webhooks
account-scope-webhooks-help = Webhooks : enregistrer et supprimer des webhooks.
account-scope-tokens = jetons
account-scope-tokens-help = Jetons : créer et révoquer des jetons (les jetons créés par un jeton sont révoqués avec lui).
account-create-token = Créer un jeton
account-your-tokens = Vos jetons
account-no-tokens = Vous n’avez aucun jeton d’API.
account-col-name = Nom
account-col-created = Créé
account-col-last-used = Dernier usage
account-col-scopes = Droits
account-token-made-with = créé avec « { $name } »
account-col-actions = Actions
account-never = jamais
account-revoke = Révoquer
account-sessions = Où vous êtes connecté
account-sessions-help = Chaque navigateur ou programme connecté à votre compte. Terminez ceux que vous ne reconnaissez pas ; changer de mot de passe les termine tous sauf celui-ci. Les jetons d’API sont listés plus haut et ne sont pas concernés.
account-col-browser = Navigateur ou programme
account-col-signed-in = Connecté le
account-col-last-seen = Vu pour la dernière fois
account-unknown = inconnu
account-this-browser = (ce navigateur)
account-session-device = { $browser } sous { $system }
account-sign-out = Se déconnecter
account-end = Terminer
account-end-hidden = la session ouverte le { $when }
account-sign-out-everywhere = Se déconnecter partout
account-language = Langue
account-language-help = La langue des pages, où que vous vous connectiez.
account-language-save = Enregistrer
account-language-saved = Votre langue a été enregistrée.

# Les vacances. $days : un nombre de jours.
account-vacation = Vacances
account-vacation-help = { $days ->
    [one] Vous pouvez prendre { $days } jour de vacances par année civile.
   *[other] Vous pouvez prendre { $days } jours de vacances par année civile.
} Pendant votre absence, les pendules de vos coups s’arrêtent ; chacune repart avec le temps qui lui restait à votre retour.
account-vacation-days-left = { $days ->
    [one] Il vous reste { $days } jour cette année.
   *[other] Il vous reste { $days } jours cette année.
}
account-vacation-away-until = Vous êtes en vacances jusqu’au
account-vacation-return = Je suis de retour
account-vacation-until = Dernier jour d’absence
account-vacation-until-help = Vos vacances finissent à la fin de ce jour (UTC). Chaque jour commencé compte pour un jour ; si vous revenez plus tôt, les jours entiers non commencés vous sont rendus.
account-vacation-start = Partir en vacances
account-vacation-started = Bonnes vacances : les pendules de vos coups sont arrêtées.
account-vacation-ended = Bon retour : vos pendules repartent avec le temps qu’il leur restait.

account-notify = Notifications
account-notify-help = Tant qu’un onglet de Tapis est ouvert, ce navigateur peut vous prévenir quand vient votre tour dans une partie que vous ne regardez pas. Rien ne passe par un autre service.
account-notify-ask = Me prévenir quand c’est mon tour
account-notify-on = Les notifications sont activées dans ce navigateur.
account-notify-blocked = Ce navigateur bloque les notifications de Tapis{"\u00A0: "}autorisez-les dans les réglages du site.
account-notify-unsupported = Ce navigateur ne sait pas afficher de notifications{"\u00A0; "}le titre de l’onglet vous dit tout de même quand c’est votre tour.
# Notifications par mail.
account-email = Notifications par mail
account-email-help = Tapis peut vous écrire quand c’est à vous de jouer, quand on vous invite, quand il reste moins de 24 heures pour jouer et quand une partie se termine. Votre adresse ne sert qu’à cela, et seulement une fois que vous avez suivi le lien qui lui est envoyé.
account-email-address = Adresse électronique
account-email-save = Enregistrer l’adresse
account-email-verified = Cette adresse est confirmée : les notifications y sont envoyées.
account-email-pending = Cette adresse n’est pas encore confirmée : suivez le lien qui lui a été envoyé (valable 48 heures). D’ici là, rien n’est envoyé.
account-email-sent = Un lien de confirmation a été envoyé à { $email }.
account-email-unchanged = Cette adresse est déjà confirmée.
account-notifications = Ce que Tapis m’envoie
account-notifications-events = M’écrire quand
account-notifications-digest = Au plus un mail « à vous de jouer » par partie toutes les (heures)
account-notifications-digest-help = De 1 à 168 heures (une semaine).
account-notifications-save = Enregistrer les réglages
account-notifications-saved = Vos réglages de notification sont enregistrés.
blocks-title = Joueurs bloqués
blocks-heading = Les joueurs que vous avez bloqués
blocks-explained = Un joueur que vous bloquez ne peut plus vous inviter ni s’asseoir à votre table, et aucun de vous deux ne lit l’autre dans un chat.
blocks-none = Vous n’avez bloqué personne.
blocks-since = depuis le
blocks-block = Bloquer
blocks-unblock = Débloquer
blocks-you-blocked = Vous avez bloqué ce joueur.
blocks-back = Retour à votre compte
blocks-link = Les joueurs que vous avez bloqués
