# The options of each game, as players read them: in the lobby's form, on the match page and
# on the rules pages. The API keeps its own names (`nenette_amount`, `seed_diff_plus_30`).

option-value-on = on
option-value-off = off

## linotte
option-linotte-count-all-windows-label = Count every stretch of a long run
option-linotte-count-all-windows-description = Count every stretch of 3, 4 or 5 aligned pawns, not only the longest run: a run of 4 then scores 4 points and a run of 5 scores 10.

option-linotte-appel-after-sec-any-major-label = Appel after a Sec: any major combination wins
option-linotte-appel-after-sec-any-major-description = An Appel announced after a Sec succeeds with any major combination, not only the one announced.

option-linotte-failed-challenge-allows-normal-placement-label = A failed Appel may still place a pawn
option-linotte-failed-challenge-allows-normal-placement-description = A failed Appel still lets the player place a pawn on a cell the final dice make, though not on an Appel cell.

## yam-master
option-yam-master-count-all-windows-label = Count every stretch of a long run
option-yam-master-count-all-windows-description = Count every stretch of 3, 4 or 5 aligned pawns, not only the longest run: a run of 4 then scores 4 points and a run of 5 scores 10.

option-yam-master-failed-challenge-allows-normal-placement-label = A failed Défi may still place a pawn
option-yam-master-failed-challenge-allows-normal-placement-description = A failed Défi still lets the player place a pawn on a cell the final dice make, though not on a Défi cell.

option-yam-master-defi-requires-rethrow-of-combo-label = A Défi on a first-throw combination throws part of it again
option-yam-master-defi-requires-rethrow-of-combo-description = A Défi taken with a major combination on the first throw must throw again at least one die of that combination, as in La Linotte.

option-yam-master-predator-returns-pawn-label = The Yam Predator gives the pawn back
option-yam-master-predator-returns-pawn-description = A pawn removed by the Yam Predator goes back to its owner's reserve instead of leaving the game.

## linja
option-linja-edition-label = Rules edition
option-linja-edition-description = The rules played: the original French edition (exact-arrival bonus, deduction), or the 2010 Steffen-Spiele sheet (1-row following move after reaching the goal, extra turn after landing on an empty row, no bonus, no deduction).
option-linja-edition-value-seed = the original French edition
option-linja-edition-value-steffen2010 = the Steffen-Spiele sheet of 2010

option-linja-deduct-own-half-label = Pieces left in your own half cost points
option-linja-deduct-own-half-description = Original edition: pieces still in your own half at the end cost the points that row is worth to your opponent.

option-linja-follow-up-optional-label = The following move may be declined
option-linja-follow-up-optional-description = The following move may be declined even when one is possible.

option-linja-nasty-bonus-label = The bonus may move an opponent's piece
option-linja-nasty-bonus-description = Original edition: the bonus may move one of your opponent's pieces one row forward or backward instead (never back off its goal line).

option-linja-bonus-may-leave-goal-label = The bonus may take a piece back off the goal line
option-linja-bonus-may-leave-goal-description = Original edition: the bonus may move one of your pieces back off your goal line.

## 5000
option-5000-target-label = Winning score
option-5000-target-description = The banked score that wins the game (10 000 for the variant of that name).

option-5000-target-rule-label = Reaching the winning score
option-5000-target-rule-description = Whether the target is a minimum, must be hit exactly (passing it loses the turn), or needs its last 1000 points in one turn.
option-5000-target-rule-value-at-least = reach it or go past it
option-5000-target-rule-value-exactly = hit it exactly
option-5000-target-rule-value-last-thousand-in-one-turn = make the last 1000 points in one turn

option-5000-opening-threshold-label = Points needed to open
option-5000-opening-threshold-description = The points a player must make in one turn before banking anything.

option-5000-straight-value-label = Points of a straight
option-5000-straight-value-description = Points of a straight, 1-2-3-4-5 or 2-3-4-5-6.

option-5000-extra-multiples-label = Four and five of a kind score more
option-5000-extra-multiples-description = Four of a kind scores twice its brelan and five of a kind four times, instead of a brelan plus the leftover dice.

option-5000-hot-dice-mandatory-label = Main pleine must be thrown again
option-5000-hot-dice-mandatory-description = When all five dice have scored, the player must throw them all again if a throw is left.

option-5000-hot-dice-resets-throw-count-label = Main pleine gives three fresh throws
option-5000-hot-dice-resets-throw-count-description = Throwing all five dice again after they have all scored starts a fresh count of three throws.

option-5000-finish-round-label = The round is finished after the winning score
option-5000-finish-round-description = When a player reaches the target, the others finish the round before the game ends; the highest score wins.

## 421
option-421-first-player-rule-label = Who starts
option-421-first-player-rule-description = Whether the highest or the lowest die (ace high) of the first throw starts.
option-421-first-player-rule-value-highest = the highest die
option-421-first-player-rule-value-lowest = the lowest die

option-421-le-bon-label = Le bon: stop early when happy
option-421-le-bon-description = A player happy with their dice may stop before using the leader's number of throws.

option-421-espagnole-label = L'espagnole: taking all 21 tokens loses
option-421-espagnole-description = A player who takes all 21 tokens during the charge loses at once.

option-421-nenette-amount-label = Tokens owed for a nénette
option-421-nenette-amount-description = Tokens owed when the worst result is 2-2-1: always 2, the best result's value but at least 2, or that value plus 2.
option-421-nenette-amount-value-fixed-two = always 2
option-421-nenette-amount-value-at-least-two = the best result's value, at least 2
option-421-nenette-amount-value-best-plus-two = the best result's value plus 2

option-421-charge-single-throw-label = A single throw each during the charge
option-421-charge-single-throw-description = During the charge, every player throws the dice only once.

option-421-tie-break-amount-one-label = A tie-break moves one token only
option-421-tie-break-amount-one-description = Only one token changes hands in a round decided by a tie-break.

option-421-zero-at-charge-end-label = A player without tokens when the charge ends
option-421-zero-at-charge-end-description = Players with no token when the charge ends either win at once or sit out the décharge.
option-421-zero-at-charge-end-value-win-immediately = wins at once
option-421-zero-at-charge-end-value-sits-out-of-decharge = sits out the décharge

## cant-stop
option-cant-stop-columns-to-win-label = Columns needed to win
option-cant-stop-columns-to-win-description = How many columns a player must win to win the game.

option-cant-stop-skip-occupied-label = Runners jump over opponents' pieces
option-cant-stop-skip-occupied-description = A moving runner jumps over the spaces where an opponent has a piece.

option-cant-stop-no-stop-on-opponent-label = No stopping on an opponent's piece
option-cant-stop-no-stop-on-opponent-description = A player may not stop while one of the runners stands on an opponent's piece.

option-cant-stop-pieces-per-player-label = Pieces per player
option-cant-stop-pieces-per-player-description = Pieces of each colour; with fewer than 11, a player whose pieces are all on the board cannot enter another column.

## yams
option-yams-grids-label = Grids per player
option-yams-grids-description = How many grids each player fills at once: each turn you write in any empty box of any of your grids, and each grid earns its own bonus.

option-yams-bonus-rule-label = Upper-section bonus (prime)
option-yams-bonus-rule-description = The upper-section bonus: (total − 63) + 30 from 63 as in the original French rules, a flat 35 from 63, or (total − 60) + 30 from 60.
option-yams-bonus-rule-value-seed-diff-plus-30 = from 63: 30 plus the points above 63
option-yams-bonus-rule-value-flat-35-at-63 = from 63: 35
option-yams-bonus-rule-value-diff-plus-30-at-60 = from 60: 30 plus the points above 60

option-yams-bonus-strict-label = The bonus needs more than 63
option-yams-bonus-strict-description = With the original French bonus, the upper total must exceed 63 instead of reaching it.

option-yams-brelan-value-label = What a Brelan scores
option-yams-brelan-value-description = What a Brelan scores: a flat 10, the sum of the three equal dice, or the sum of all five dice.
option-yams-brelan-value-value-fixed-10 = 10 points
option-yams-brelan-value-value-sum-of-three = the sum of the three equal dice
option-yams-brelan-value-value-sum-of-dice = the sum of all five dice

option-yams-yams-counts-as-full-label = A Yams also counts as a Full
option-yams-yams-counts-as-full-description = Five of a kind may also be written as a Full.

option-yams-split-suites-label = Petite and Grande suite boxes
option-yams-split-suites-description = Two straight boxes instead of one Suite worth 20: Petite suite 1-2-3-4-5 worth 30 and Grande suite 2-3-4-5-6 worth 40.

option-yams-double-paire-label = A Double paire box
option-yams-double-paire-description = Add a Double paire box: two pairs of different faces, worth the sum of the four paired dice.

option-yams-maxi-mini-label = Maxi and Mini instead of Chance
option-yams-maxi-mini-description = Maxi and Mini boxes replace Chance: both score the sum of the dice, and Maxi must be strictly greater than Mini or it scores 0 (and the other way round).

## make-five
option-make-five-require-contiguous-label = Rows score only for tokens side by side
option-make-five-require-contiguous-description = A row scores only for same-coloured tokens side by side (its longest such run, if 3 or more), not for any 3 or more of a colour anywhere in the row.

option-make-five-setup-label = Where a deal's first tokens go
option-make-five-setup-description = How each deal's first five tokens are placed: one at the bottom of each column, or on columns the Destructeur chooses.
option-make-five-setup-value-one-per-column = one at the foot of each column
option-make-five-setup-value-destroyer-chooses = on columns the Destructeur chooses
