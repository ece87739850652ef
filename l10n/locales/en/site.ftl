# What every page shares: the frame, the navigation, the language switch, times.

site-tagline = Classic French dice and board games by correspondence
page-title = { $title } · Tapis
skip-to-content = Skip to the content
nav-main = Main
nav-home = Home
nav-lobby = Lobby
nav-tournaments = Tournaments
nav-leagues = Leagues
nav-rules = Rules
nav-leaderboards = Leaderboards
nav-sign-in = Sign in
nav-sign-up = Sign up
nav-sign-out = Sign out
footer-about = Tapis — classic French dice and board games by correspondence. Free software.
footer-rules = Rules of the games
footer-api = API documentation
footer-htmx-licence = htmx licence

language-switch = Language
language-switch-button = Change
language-en = English
language-fr = Français

time-now = now
time-in-minutes = { $count ->
    [one] in { $count } minute
   *[other] in { $count } minutes
}
time-in-hours = { $count ->
    [one] in { $count } hour
   *[other] in { $count } hours
}
time-in-days = { $count ->
    [one] in { $count } day
   *[other] in { $count } days
}
time-ago-minutes = { $count ->
    [one] { $count } minute ago
   *[other] { $count } minutes ago
}
time-ago-hours = { $count ->
    [one] { $count } hour ago
   *[other] { $count } hours ago
}
time-ago-days = { $count ->
    [one] { $count } day ago
   *[other] { $count } days ago
}

# Lists of names: "Ann", "Ann and Bob", "Ann, Bob and Cy" ($init: all but the last, joined
# by list-separator).
list-separator = {", "}
list-and = { $init } and { $last }

ordinal = { NUMBER($n, type: "ordinal") ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}

match-status-open = Waiting for players
match-status-active = In play
match-status-finished = Finished
match-status-aborted = Cancelled

# Live updates of every page a player sees signed in (web/static/tapis.js): the tab's title
# when it becomes their turn in another match ($count: how many such turns since they looked),
# and the browser notification.
live-title-your-turn = ({ $count }) Your turn — Tapis
live-notify-title = Your turn — Tapis
live-notify-body = { $game }: it is your move. Open the match to play.
