# The analysis of a finished match, the players' statistics and the dice (docs/analysis.md).

analysis-heading = Analysis
analysis-pending = The analysis of this match is being made. It appears here by itself when it is ready.
analysis-unsupported = There is no analysis of this game with these options yet.
analysis-failed = This match could not be analysed.
analysis-unit-win = The values are each player's chance of winning the match, with the best play from then on.
analysis-unit-score = The values are the expected final score of each player's own grid, with the best play from then on: the solved strategy loses nothing.
analysis-unit-tokens = The values are in tokens of the round: the tokens the other players are expected to hold, on average, minus the player's own, with the best play from then on.
analysis-exact = Exact: worked out over every possible throw.
analysis-estimated = Estimated by simulation: "±" gives the standard error of a figure, and no choice is marked unless its cost is more than twice its error.
analysis-percent = { $n }%
analysis-points = { $n } points
analysis-tokens = { $n } tokens
analysis-error = { $amount } ± { $error }
analysis-this-step = At this step
analysis-nothing-here = Nothing to judge at this step.
analysis-decision-best = { $name } made the best choice.
analysis-decision-cost = { $name } chose to { $made }; the best was to { $best }. This choice cost { $cost }{ $mark ->
    [none] .
   *[other] : { $mark }.
}
analysis-decision-forced = { $name } had only one choice.
analysis-decision-unvalued = No value for this position.
analysis-nobody = the table
analysis-throw = Throw of { $name }: { $dice }. Luck: { $luck }.
analysis-throw-plain = Throw of { $name }: { $dice }.
analysis-mark-inaccuracy = an inaccuracy
analysis-mark-mistake = a mistake
analysis-mark-blunder = a blunder
analysis-summary = Summary
analysis-summary-caption = Each player's decisions and luck in this match
analysis-col-player = Player
analysis-col-decisions = Decisions analysed
analysis-col-cost = Total cost
analysis-col-mean = Cost per decision
analysis-col-marks = Marks
analysis-col-luck = Luck
analysis-col-adjusted = Luck-adjusted result
analysis-marks = { $inaccuracies } ?! · { $mistakes } ? · { $blunders } ??
analysis-marks-legend = Marks: ?! an inaccuracy, ? a mistake, ?? a blunder. Only decisions with more than one choice count.
analysis-words-win = { $name } lost { $cost } of winning chances through their choices, and { $direction ->
    [took] the dice took { $luck } from them.
    [gave] the dice gave them { $luck }.
   *[even] the dice were even.
}
analysis-words-win-you = You lost { $cost } of winning chances through your choices, and { $direction ->
    [took] the dice took { $luck } from you.
    [gave] the dice gave you { $luck }.
   *[even] the dice were even.
}
analysis-words-score = { $name } lost { $cost } of expected score through their choices, and { $direction ->
    [took] the dice took { $luck } from them.
    [gave] the dice gave them { $luck }.
   *[even] the dice were even.
}
analysis-words-score-you = You lost { $cost } of expected score through your choices, and { $direction ->
    [took] the dice took { $luck } from you.
    [gave] the dice gave you { $luck }.
   *[even] the dice were even.
}
analysis-words-tokens = { $name } lost { $cost } of the round through their choices, and { $direction ->
    [took] the dice took { $luck } from them.
    [gave] the dice gave them { $luck }.
   *[even] the dice were even.
}
analysis-words-tokens-you = You lost { $cost } of the round through your choices, and { $direction ->
    [took] the dice took { $luck } from you.
    [gave] the dice gave you { $luck }.
   *[even] the dice were even.
}
analysis-chart-title-win = Each player's chance of winning, step by step
analysis-chart-title-score = Each player's expected final score, step by step
analysis-chart-title-tokens = Each player's expected tokens of the round, step by step
analysis-chart-describe = { $name }: from { $first } to { $last }, lowest { $low }, highest { $high }.
analysis-chart-point = Step { $step }: { $name }, { $value }
analysis-chart-step = Step
analysis-chart-hint = Click a point to go to its step.
analysis-chart-table = The chart's figures
analysis-chart-caption = Each player's value after each step
analysis-link = See the analysis
analysis-link-pending = The analysis is being made…

stats-heading = Analysis of play
stats-intro = From the analysis of every finished match: what a decision cost on average (the lower the better) and how lucky a throw was on average, in the unit of each game.
stats-matches = { $count ->
    [one] { $count } match analysed
   *[other] { $count } matches analysed
}
stats-cost = Cost per decision: { $cost } over { $count } decisions.
stats-luck = Luck per throw: { $luck } over { $count } throws.
stats-no-decision = No decision analysed yet.
stats-chart-title = Cost per decision at { $game }, match by match
stats-chart-describe = { $count ->
    [one] One match: { $last } per decision.
   *[other] { $count } matches: { $first } per decision in the first, { $last } in the latest; best { $low }, worst { $high }.
}
stats-chart-point = Match { $number }: { $value } per decision
stats-chart-match = Match
stats-table = The figures match by match
stats-col-match = Match
stats-col-finished = Finished
stats-col-decisions = Decisions
stats-col-cost = Cost per decision
stats-col-luck = Luck

dice-heading = Dice
dice-who-own = Your dice
dice-who-player = { $name }'s dice
dice-who-site = Every die on Tapis
dice-summary = { $who }: { $count } faces, { $fair ->
    [yes] consistent with fair dice
   *[no] unlikely with fair dice
}, p = { $p }.
dice-summary-none = { $who }: no face counted yet.
dice-face = Face
dice-times = Times
dice-share = Share
dice-caption = How often each face came up: { $who }
dice-explain = The test is Pearson's chi-square against six equally likely faces (five degrees of freedom). The p-value is the chance that fair dice would stray this far or further; below 0.01 the faces are called unlikely with fair dice. Fair dice fall below it once in a hundred tries, so one low figure alone proves nothing.
dice-check = How anyone can check a match's dice
dice-check-text = Every throw of a match comes from a secret number (the seed) fixed before the first throw. Its fingerprint (SHA-256) is shown on the match page from the start, and the number itself once the match is over: anyone can then download the record and throw every die again with it.
dice-site-link = The dice of the whole site
dice-page-title = The dice of Tapis
dice-page-intro = Every face thrown in every analysed match on Tapis, counted and tested against fair dice, in all and game by game.
dice-matches = { $count ->
    [one] { $count } match
   *[other] { $count } matches
}
dice-col-game = Game
dice-col-verdict = Test
