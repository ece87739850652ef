# The lobby: invitations, open matches, the create form and the play-the-computer form.

lobby-title = Lobby
lobby-invitations = Invitations for you
lobby-invitations-none = Nobody has challenged you yet.
lobby-from = from
lobby-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
lobby-rated = Rated
lobby-accept = Accept
lobby-decline = Decline
lobby-details = Details
lobby-seeks = Open matches to join
lobby-seeks-none = No open match at the moment: create one and others can join it.
lobby-by = by
lobby-seats-taken = { $taken } of { $count } seats taken
lobby-join = Join
lobby-join-hidden = the { $game } match of { $players }
lobby-sign-in-to-join = Sign in to join
lobby-mine = Your matches waiting for players
lobby-mine-none = None.
lobby-invited = invited: { $names }
lobby-cancel = Cancel
lobby-cancel-hidden = this { $game } match
lobby-computer = Play the computer
lobby-computer-help = A computer opponent is always ready: it answers within a couple of seconds.
lobby-sign-in = Sign in
lobby-or = or
lobby-sign-up = sign up
lobby-to-play-computer = to play the computer.
lobby-create = Start a match
lobby-to-start = to start a match.

# The create form.
lobby-form-game = Game
lobby-form-rules-of = Rules of { $of }
lobby-form-players-range = { $min } to { $max } players
lobby-form-players = Players
lobby-form-options-of = Options of { $of }
lobby-form-options-help = The defaults are the original rules. Any other choice makes the match casual (unrated).
lobby-form-default = (Default: { $value }.)
lobby-form-rated = Rated
lobby-form-rated-help = Rated matches count for ratings: they need the default options, two or more players and a clock.
lobby-form-unrated-solo = A match for one player is never rated: it is played for the score alone.
lobby-form-unrated-no-clock = A match without a clock is never rated: choose a time per move to play it rated.
lobby-form-time = Time per move
lobby-form-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
lobby-form-no-clock = No clock (casual only)
lobby-form-invite = Invite players
lobby-form-optional = (optional)
lobby-form-invite-placeholder = alice, bob
lobby-form-invite-help = Usernames, separated by commas. Their seats are kept for them; other seats are open to anyone.
lobby-form-create = Create the match

# The play-the-computer form.
computer-game = Game
computer-level = Level
computer-level-easy = Easy
computer-level-medium = Medium
computer-level-strong = Strong
computer-level-easy-description = Plays sensible moves but often misjudges close choices: a gentle opponent for beginners.
computer-level-medium-description = Looks a few moves ahead: a fair challenge for regular players.
computer-level-strong-description = Weighs every throw to come, or thousands of continuations, before each move, and plays Yams and 5000 as well as they can be played: a good player has to work to beat it.
computer-opponents = Computer opponents
computer-opponents-help = For games of more than two players. Several computer opponents make a casual match.
computer-rated = Rated (counts for your rating, and the computer's)
computer-play = Play the computer
