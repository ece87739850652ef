# Signalements, page de modération et avis des modérateurs
# (web/src/pages/moderation.rs, templates/report.html, moderation.html, home.html).
chat-report = Signaler
report-title = Signaler { $name }
report-heading-player = Signaler ce joueur aux modérateurs
report-heading-message = Signaler ce message aux modérateurs
report-explained = Un modérateur lit chaque signalement. Vous pouvez en faire cinq par jour.
report-reason = Pourquoi ?
report-reason-abuse = Abus : insultes, menaces, harcèlement
report-reason-spam = Spam : publicité, le même message encore et encore
report-reason-cheating = Triche : aide extérieure, plusieurs comptes
report-reason-stalling = Obstruction : laisser courir la pendule au lieu de jouer ou d’abandonner
report-reason-other = Autre chose
report-details = Ce qui s’est passé (facultatif, 500 caractères au plus)
report-send = Envoyer le signalement
report-sent = Merci : votre signalement a été transmis aux modérateurs.
report-back = Retour au profil de { $name }
moderation-title = Modération
moderation-reports = Signalements en attente
moderation-no-reports = Aucun signalement n’attend.
moderation-report-of = { $reporter } signale { $name }
moderation-the-match = La partie
moderation-reported = signalé
moderation-action = Action
moderation-days = Jours (pour un silence ou une suspension)
moderation-reason = Pourquoi (le joueur le lira)
moderation-act = Appliquer
moderation-act-on-player = Agir sur un joueur
moderation-player = Joueur
moderation-log = Ce qu’ont fait les modérateurs
moderation-log-empty = Rien pour l’instant.
moderation-when = Quand
moderation-moderator = Modérateur
moderation-until = jusqu’au
moderation-done = C’est fait : { $action } pour { $name }.
moderation-action-mute = Retirer la parole
moderation-action-suspend = Suspendre
moderation-action-warn = Avertir
moderation-action-dismiss = Classer le signalement
moderation-action-reinstate = Lever un silence ou une suspension
home-moderation = { $count ->
    [0] Modération : aucun signalement en attente
    [one] Modération : un signalement en attente
   *[other] Modération : { $count } signalements en attente
}
notices-heading = De la part des modérateurs
notices-reason = Pourquoi :
notices-acknowledge = J’ai lu
notice-mute = Un modérateur vous a retiré la parole jusqu’au { $until }.
notice-suspend = Un modérateur a suspendu votre compte jusqu’au { $until }.
notice-warn = Un modérateur vous a adressé un avertissement.
notice-dismiss = Un signalement vous concernant a été classé.
notice-reinstate = Un modérateur a levé le silence ou la suspension de votre compte.
report-player-link = Signaler ce joueur aux modérateurs
