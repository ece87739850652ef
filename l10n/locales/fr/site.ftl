# Ce que toutes les pages partagent : le cadre, la navigation, le choix de la langue, les dates.

site-tagline = Les jeux de dés et de plateau français, par correspondance
page-title = { $title } · Tapis
skip-to-content = Aller au contenu
nav-main = Menu principal
nav-home = Accueil
nav-lobby = Salon
nav-tournaments = Tournois
nav-leagues = Ligues
nav-rules = Règles
nav-leaderboards = Classements
nav-sign-in = Se connecter
nav-sign-up = Créer un compte
nav-sign-out = Se déconnecter
footer-about = Tapis — les jeux de dés et de plateau français, par correspondance. Logiciel libre.
footer-rules = Règles des jeux
footer-api = Documentation de l’API
footer-htmx-licence = Licence de htmx

language-switch = Langue
language-switch-button = Changer
language-en = English
language-fr = Français

time-now = maintenant
time-in-minutes = { $count ->
    [one] dans { $count } minute
   *[other] dans { $count } minutes
}
time-in-hours = { $count ->
    [one] dans { $count } heure
   *[other] dans { $count } heures
}
time-in-days = { $count ->
    [one] dans { $count } jour
   *[other] dans { $count } jours
}
time-ago-minutes = { $count ->
    [one] il y a { $count } minute
   *[other] il y a { $count } minutes
}
time-ago-hours = { $count ->
    [one] il y a { $count } heure
   *[other] il y a { $count } heures
}
time-ago-days = { $count ->
    [one] il y a { $count } jour
   *[other] il y a { $count } jours
}

# Listes de noms : « Ann », « Ann et Bob », « Ann, Bob et Cy » ($init : tous sauf le dernier,
# séparés par list-separator).
list-separator = {", "}
list-and = { $init } et { $last }

ordinal = { NUMBER($n, type: "ordinal") ->
    [one] { $n }er
   *[other] { $n }e
}

match-status-open = En attente de joueurs
match-status-active = En cours
match-status-finished = Terminée
match-status-aborted = Annulée

# Les mises à jour en direct des pages d’un joueur connecté (web/static/tapis.js) : le titre de
# l’onglet quand vient son tour dans une autre partie ($count : combien de fois depuis qu’il a
# regardé), et la notification du navigateur.
live-title-your-turn = ({ $count }) À vous de jouer — Tapis
live-notify-title = À vous de jouer — Tapis
live-notify-body = { $game }{"\u00A0: "}c’est à vous de jouer. Ouvrez la partie pour jouer.
