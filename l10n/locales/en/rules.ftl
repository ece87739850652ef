# The rules pages: the index of the games and the frame that every game's rules page shares.
# Messages that hold markup are written into the page as HTML: they take no user text. A bare
# <abbr>word</abbr> gets the word's explanation from the glossary (glossary.ftl).

rules-index-title = Rules of the games
rules-index-lead = Eight classic French dice and board games. Each page explains the goal, the material, a turn step by step, the scoring, how the game ends, the options a match may change, and what to click when you play here.
rules-common-heading = What holds for every game
rules-common-correspondence = <strong>By correspondence.</strong> You play your turn when you like, within the time per move the match was created with (from 1 to 14 days, or no clock for a casual match). The match page updates by itself when someone else plays.
rules-common-legal-moves = <strong>Only legal moves.</strong> When it is your turn, the match page shows what you may do now, and nothing else: you click a choice, never type a move. If someone played in the meantime, your click is refused and you see the table as it now is.
rules-common-fair-dice = <strong>Fair dice.</strong> The server throws the dice and draws from bags. Before the first throw a match publishes a fingerprint (SHA-256) of its secret seed; at the end it reveals the seed, so anyone can check every throw.
rules-common-options = <strong>Options and ratings.</strong> Each game has options for the other editions and house rules people play. A rated match uses the default rules, two players or more and a clock; a match with any option changed is casual.
rules-common-resigning = <strong>Resigning and running out of time.</strong> Both mean leaving the game: you rank below every player still in it. With two players the other one wins; with more, the game goes on without you until it ends, or until one player is left, who wins.
rules-common-ties = <strong>Ties.</strong> When the rules give equal scores, the players share the place: a draw.
rules-api-heading = Programs and bots
rules-api-text = Everything you do on these pages, a program can do through the public API, and a program can play any game without knowing its rules: every match lists the moves allowed right now, ready to send back. Read the <a href="/api/docs">API's browsable documentation</a> to get started; <a href="/api/v1/games"><code>GET /api/v1/games</code></a> lists the games with their options.
rules-words-heading = The French words of the games
rules-words-intro = Tapis keeps the French names the games are played with. Here is what they mean.

rules-breadcrumb = Breadcrumb
rules-breadcrumb-rules = Rules
rules-game-title = Rules of { $of }
rules-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
rules-players-range = { $min } to { $max } players
rules-options-count = { $count ->
    [one] { $count } option
   *[other] { $count } options
}
rules-play = Play { $to }
rules-play-computer = Play the computer at { $to }
rules-sign-in-to-play = <a href="/signin?next=/rules/{ $id }">Sign in</a> to play the computer.
rules-toc = On this page
rules-section-goal = The goal
rules-section-material = The material
rules-section-turn = A turn, step by step
rules-section-scoring = Scoring
rules-section-end = The end of the game
rules-section-on-tapis = Playing on Tapis
rules-toc-words = French words
rules-options-heading = Options
rules-options-none = { $game } has no options: every match plays the rules above.
rules-options-intro = Whoever creates a match in the <a href="/lobby?game={ $id }">lobby</a> may change these options. The defaults are the rules described above. <strong>A match with any option changed is casual</strong>: it does not count for ratings.
rules-option-values = Values: { $values }.
rules-option-default = Default:
rules-option-api = In the API:
rules-programs-help = Programs play too: the <a href="/api/docs">API's browsable documentation</a> describes every request, and <a href="/api/v1/games/{ $id }"><code>GET /api/v1/games/{ $id }</code></a> lists these options with their defaults.
rules-game-words-heading = French words used in { $game }
rules-pager = Other games
rules-all-games = All the games

# The options' values, in words.
rules-value-on-off = on or off
rules-value-whole-number = a whole number
rules-value-number-range = a whole number from { $min } to { $max }
rules-value-one-of = one of: { $choices }
rules-value-on = on
rules-value-off = off
