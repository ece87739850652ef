# Les erreurs : la page d’erreur, les messages des formulaires refusés, les messages flash
# d’htmx. Les refus du service sont traduits par leur code (error-<code>), ses erreurs de
# validation par leur raison (error-invalid-<raison>), le champ nommé par error-field-<champ>.
# Quelques messages ont une variable qu’ils n’écrivent pas (un sélecteur au seul cas par
# défaut) : les mots anglais des règles ($reason, $detail) ne sont pas montrés en français.

error-code = Erreur { $status }
error-back-home = Retour à l’accueil

error-heading-refused = Cela n’a pas marché
error-heading-forbidden = Non autorisé
error-heading-not-found = Introuvable
error-heading-too-late = Trop tard
error-heading-slow-down = Doucement
error-heading-unavailable = Réessayez dans un instant
error-heading-server = Un problème est survenu

error-sign-in-required = Connectez-vous d’abord.
error-csrf = Ce formulaire a expiré ou ne vient pas de ce site : rechargez la page et réessayez.
error-no-such-page = Cette page n’existe pas.
error-bad-request-address = L’adresse n’est pas valable.
error-bad-request-form-unreadable = Le formulaire n’a pas pu être lu.
error-bad-request-form-too-large = Le formulaire est trop long.
error-bad-request-username-missing = Précisez quel joueur ordinateur.
error-bad-request-page-number = Le numéro de page doit aller de 1 à 100 000.
error-bad-request-stream-matches = Les parties à suivre s’écrivent ID:VERSION, séparées par des virgules, chacune une fois, 64 au plus.
error-bad-request-stream-tournaments = Les tournois à suivre s’écrivent par leurs identifiants, séparés par des virgules, chacun une fois, 16 au plus.

error-username-taken = Ce nom d’utilisateur est déjà pris.
error-username-taken-choose = Ce nom d’utilisateur est déjà pris : choisissez-en un autre.
error-invalid-credentials = Nom d’utilisateur ou mot de passe incorrect.
error-unauthenticated = Votre session est terminée ou n’est pas valable : reconnectez-vous.
error-not-found = { $what } introuvable.
error-thing-game = Jeu
error-thing-match = Partie
error-thing-record = Élément
error-thing-user = Joueur
error-thing-session = Session
error-thing-token = Jeton
error-not-a-player = Vous ne jouez pas à cette partie.
error-not-invited = Cette partie est réservée aux joueurs invités.
error-not-the-creator = Seul le créateur de la partie peut faire cela.
error-not-your-turn = Ce n’est pas votre tour.
error-illegal-action = { $reason ->
   *[other] Ce coup n’est pas permis maintenant.
}
error-version-conflict = Quelqu’un a joué avant vous : voici la table telle qu’elle est maintenant.
error-match-not-open = Cette partie n’est pas ouverte aux nouveaux joueurs.
error-match-not-active = Cette partie n’est pas en cours.
error-abort-not-allowed = Chaque joueur a déjà joué : la partie ne peut plus être annulée. Abandonnez plutôt.
error-deadline-passed = Votre délai pour un coup est dépassé : la partie enregistre la perte au temps.
error-match-full = Toutes les places de cette partie sont prises.
error-already-joined = Vous êtes déjà assis à cette partie.
error-rate-limited = { $seconds ->
    [one] Trop de tentatives : réessayez dans { $seconds } seconde.
   *[other] Trop de tentatives : réessayez dans { $seconds } secondes.
}
error-too-many-bot-matches = Vous avez déjà { $limit } parties contre l’ordinateur ouvertes ou en cours, le plus qu’un compte puisse avoir. Terminez-en une ou abandonnez-la d’abord.
error-too-many-open-matches = Vous avez déjà { $limit } parties ouvertes qui attendent des joueurs, le plus qu’un compte puisse avoir. Annulez-en une, ou attendez que des joueurs les rejoignent.
error-too-many-streams = Trop de pages en direct sont ouvertes d’ici. Fermez quelques onglets de Tapis, puis rechargez cette page.
error-database-unavailable = Tapis ne peut pas joindre sa base de données pour l’instant. Rien n’a été modifié : réessayez dans quelques secondes.
error-internal-error = Un problème est survenu de notre côté. Il a été noté : réessayez plus tard.

error-field-username = Le nom d’utilisateur
error-field-password = Le mot de passe
error-field-new-password = Le nouveau mot de passe
error-field-current-password = Votre mot de passe actuel
error-field-name = Le nom
error-field-seats = Le nombre de joueurs
error-field-invite = Invitations
error-field-days-per-move = Le nombre de jours par coup
error-field-rated = Classée
error-field-game = Le jeu
error-field-level = Le niveau
error-field-opponents = Le nombre d’adversaires ordinateur
error-field-lang = La langue
error-field-address = L’adresse
error-field-limit = Le nombre de résultats
error-field-offset = La position dans la liste
error-field-status = L’état
error-field-player = Le joueur
error-field-cursor = La position dans la liste
error-field-options = Les options

error-invalid-username-format = { $field } doit compter de 3 à 24 lettres, chiffres, « _ » ou « - ».
error-invalid-password-length = { $field } doit compter de 8 à 128 caractères.
error-invalid-password-too-long = { $field } doit compter au plus 128 caractères.
error-invalid-password-wrong = { $field } n’est pas le bon.
error-invalid-token-name-length = { $field } doit compter de 1 à 64 caractères.
error-field-scopes = Les droits
error-invalid-token-scopes-empty = Choisissez au moins un droit : un jeton sans aucun ne pourrait rien faire.
error-invalid-token-scope-unknown = { $field } : { $detail }.
error-missing-scope = Ce jeton n’a pas le droit que cela demande.
error-invalid-level-unknown = { $field } doit être facile, moyen ou fort.
error-invalid-opponents-none = { $field } doit être d’au moins 1.
error-invalid-opponents-too-many = { $field } est trop élevé : trop d’adversaires.
error-invalid-cursor = { $field } n’est pas valable pour cette liste.
error-invalid-limit-range = { $field } : { $detail ->
   *[other] ce nombre est hors des limites permises.
}
error-invalid-offset-negative = { $field } doit être d’au moins 0.
error-invalid-status-unknown = { $field } doit être ouverte, en cours, terminée ou annulée.
error-invalid-game-unknown = { $field } : { $detail ->
   *[other] ce jeu n’existe pas ici.
}
error-invalid-player-unknown = Aucun joueur ne porte ce nom.
error-invalid-seat-count = { $field } : { $detail ->
   *[other] ce nombre de joueurs n’est pas permis pour ce jeu.
}
error-invalid-option = { $field } : { $detail ->
   *[other] cette valeur n’est pas permise.
}
error-invalid-days-range = { $field } doit aller de 1 à 14, ou sans limite de temps.
error-invalid-rated-default-options = Les parties classées se jouent avec les options par défaut.
error-invalid-rated-two-players = Les parties classées se jouent à deux joueurs ou plus.
error-invalid-rated-clock = Les parties classées ont besoin d’un délai par coup.
error-invalid-invite-too-many = Invitations : plus de joueurs invités que de places libres.
error-invalid-invite-unknown = Invitations : aucun joueur ne s’appelle « { $name } ».
error-invalid-invite-self = Invitations : vous ne pouvez pas vous inviter vous-même.
error-invalid-invite-rated-twice = Invitations : « { $name } » ne peut occuper qu’une place dans une partie classée.
error-invalid-invite-twice = Invitations : « { $name } » est invité deux fois.
error-invalid-nul-character = { $field } ne doit pas contenir de caractère NUL.
error-invalid-not-a-number = { $field } doit être un nombre.
error-invalid-not-a-date-time = { $field } doit être une date et une heure.
error-invalid-not-a-whole-number = { $field } doit être un nombre entier.
error-invalid-language-unknown = { $field } doit être le français ou l’anglais.

# Les vacances.
error-already-on-vacation = Vous êtes déjà en vacances : revenez d’abord pour en prendre d’autres.
error-not-on-vacation = Vous n’êtes pas en vacances.
error-field-until = La fin des vacances
error-invalid-until-format = { $field } doit être une date.
error-invalid-until-past = { $field } doit être dans le futur.
error-invalid-vacation-allowance = Ces vacances sont plus longues que les jours qui vous restent cette année.

# Notifications par mail.
error-field-email = L’adresse électronique
error-field-events = Les événements
error-field-digest-hours = Le nombre d’heures
error-invalid-email-invalid = { $field } n’est pas une adresse électronique valable.
error-invalid-event-unknown = { $field } : { $detail }.
error-invalid-digest-range = { $field } doit aller de 1 à 168.
error-link-invalid = Ce lien n’est pas valable : il ne vient pas de ce site, ou il a été coupé. Copiez le lien entier depuis le mail.
error-link-expired = Ce lien de confirmation a expiré (il est valable 48 heures). Donnez à nouveau votre adresse sur la page de votre compte pour en recevoir un autre.
error-link-superseded = Ce lien de confirmation concerne une adresse remplacée depuis. Utilisez le lien du dernier mail.
error-chat-off = Vous avez coupé le chat de cette partie : rétablissez-le pour écrire.
error-invalid-chat-empty = Un message a besoin d’un texte.
error-invalid-chat-too-long = Un message fait 500 caractères au plus.
error-invalid-chat-control-characters = Un message tient sur une ligne, sans caractère de contrôle.
error-invalid-chat-links-not-yet = Les comptes de moins d’un jour ne peuvent pas poster de liens.
error-invalid-chat-computers = Les joueurs ordinateurs ne discutent pas.
error-invalid-chat-text-or-preset = Écrivez un message ou choisissez un message rapide.
error-bad-request-chat-preset = Ce message rapide n’existe pas.
error-invalid-invite-refused = Invitations : « { $name } » n’accepte pas vos invitations.
error-not-welcome = Un joueur de cette partie ne vous accepte pas à sa table.
error-invalid-block-self = Vous ne pouvez pas vous bloquer vous-même.
error-match-not-finished = La partie n’est pas encore terminée.
error-invalid-search-prefix = Cherchez par le début d’un nom : 1 à 24 lettres, chiffres, « _ » ou « - ».
error-invalid-follow-self = Vous ne pouvez pas vous suivre vous-même.

# Signalements et modération.
error-account-suspended = Un modérateur a suspendu ce compte jusqu’au { $until }.
error-chat-muted = Un modérateur vous a retiré la parole jusqu’au { $until }.
error-not-a-moderator = Seuls les modérateurs peuvent faire cela.
error-already-reported = Vous l’avez déjà signalé, et aucun modérateur ne l’a encore examiné.
error-thing-message = Message
error-thing-report = Signalement
error-invalid-moderation-text-empty = Dites pourquoi en quelques mots.
error-invalid-moderation-text-too-long = 500 caractères au plus, s’il vous plaît.
error-invalid-moderation-text-control = Écrivez-le sur une ligne, sans caractères de contrôle.
error-invalid-report-message-incomplete = Un message se désigne par sa partie et son numéro.
error-invalid-report-self = Vous ne pouvez pas vous signaler vous-même.
error-invalid-report-reason = Choisissez un motif.
error-invalid-moderation-days = Un silence ou une suspension dure de 1 à 3650 jours.
error-invalid-moderation-days-unused = Seuls un silence ou une suspension durent un nombre de jours.
error-invalid-moderation-dismiss-report = Dites quel signalement est classé.
error-invalid-moderation-self = Un modérateur n’agit pas sur son propre compte.
error-invalid-moderation-computer = Les joueurs de l’ordinateur ne sont pas modérés.
error-invalid-moderation-action = Choisissez une action.

# Tournois : leurs refus, par code, leurs raisons de validation et leurs champs.
error-not-the-organiser = Seul l’organisateur du tournoi peut faire cela.
error-tournament-started = Le tournoi a commencé : on ne peut plus le quitter ni l’annuler (retirez-vous plutôt), et les inscriptions tardives ferment dès que la moitié de ses rondes ont commencé.
error-tournament-not-started = Le tournoi n’a pas encore commencé : quittez-le plutôt.
error-tournament-over = Le tournoi est terminé ou annulé.
error-already-entered = Vous êtes déjà inscrit à ce tournoi.
error-not-entered = Vous n’êtes pas inscrit à ce tournoi.
error-already-withdrawn = Vous vous êtes déjà retiré de ce tournoi.
error-tournament-full = Le tournoi a autant de joueurs qu’il en accepte.
error-rating-outside-range = Votre classement dans ce jeu est hors de la fourchette du tournoi.
error-bots-not-allowed = Les joueurs de l’ordinateur ne jouent que dans les tournois amicaux qui les acceptent.
error-invalid-tournament-name = { $field } doit compter de 1 à 80 caractères.
error-invalid-rounds-range = { $field } doit aller de 1 à 30.
error-invalid-starts-in-past = { $field } ne doit pas être dans le passé.
error-invalid-starts-too-far = { $field } doit être dans moins d’un an.
error-invalid-rating-range = { $field } : { $detail }.
error-invalid-max-players-range = { $field } doit aller de 2 à 1 000.
error-invalid-bots-rated = Les joueurs de l’ordinateur ne jouent que dans les tournois amicaux.
error-invalid-bot-unknown = Aucun joueur de l’ordinateur ne porte ce nom.
error-invalid-tournament-status-unknown = { $field } doit être upcoming, running, finished ou cancelled.
error-field-table-size = La taille des tables
error-field-rounds = Le nombre de rondes
error-field-starts-at = Le début
error-field-min-rating = Le classement minimal
error-field-max-rating = Le classement maximal
error-field-max-players = Le nombre maximal de joueurs
error-field-allow-bots = Les joueurs de l’ordinateur
