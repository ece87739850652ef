# The home page, and the match cards and game grid that other pages share (macros.html).

home-title = Dice and board games by correspondence
home-lead = Classic French dice and board games, played by correspondence: make your move, close the tab, come back when it is your turn again. Every throw is provably fair.
home-sign-up-and-play = Sign up and play
home-sign-in = Sign in
home-find-a-match = Find or start a match
home-your-turn = Waiting for your move
home-your-turn-none = No match is waiting for you.
home-your-turn-lobby = Start or join one in the lobby.
home-others = Your other matches in play
home-others-none = None at the moment.
home-why = Why Tapis
home-why-fair = Fair dice you can check.
home-why-fair-text = Each match publishes the SHA-256 of its secret dice seed before the first throw and reveals the seed at the end, so anyone can recompute every throw.
home-why-pace = At your own pace.
home-why-pace-text = Days per move, not seconds. The matches waiting for you come first.
home-why-open = Open.
home-why-open-text = Everything you can do here, a program can do through the{" "}
home-why-open-api = public API
home-why-open-end = .

# A match in a list.
home-card-free-seats = { $count ->
    [one] { $count } seat free
   *[other] { $count } seats free
}
home-card-your-move = Your move
home-card-to-play = { $name } to play
home-card-rated = Rated
home-card-deadline = Deadline

# The eight games as cards.
home-games = The eight games
home-game-rules = Rules
home-game-rules-of = of { $of }
home-game-play = Play
# Between the last two names of a list of links.
home-names-and = and
