# The rules pages of La Linotte and Yam Master, which share their grid, their combinations and
# much of their text. Messages that hold markup are written as HTML; <abbr>word</abbr> gets the
# word's explanation from the glossary.

## Shared by both games.
rules-linotte-grid-caption = The grid of { $game }
rules-linotte-brelan-of = Brelan of
rules-linotte-combinations-intro = The cells marked 1 to 6 are brelans of that face. The combinations:
rules-linotte-combinations-caption = The combinations of { $game }
rules-linotte-col-cell = Cell
rules-linotte-col-must-show = The final dice must show
rules-linotte-col-example = Example
rules-linotte-cells-1-6 = 1 to 6
rules-linotte-brelan = a <abbr>Brelan</abbr> (three of a kind): at least three dice of that face
rules-linotte-brelan-example = <span class="dice-text">4-4-4-1-6</span> for the cells 4
rules-linotte-full = a full house: three of one face and two of another, or five of a kind
rules-linotte-carre = four of a kind: at least four dice of one face
rules-linotte-yam = five of a kind
rules-linotte-straight = a straight: 1-2-3-4-5 or 2-3-4-5-6
rules-linotte-small = a total of 8 or less
rules-linotte-sec = a major combination made on the <strong>first</strong> throw, stopping there
rules-linotte-sec-example = <span class="dice-text">4-4-4-2-2</span> at once
rules-linotte-see-below = see below
rules-linotte-runs-caption = Points for a run of your pawns
rules-linotte-col-in-a-row = Pawns in a row
rules-linotte-col-points = Points
rules-linotte-run-once = A run counts once, at its full length: four in a row is worth 2, not two runs of three.
rules-linotte-run-directions = One pawn may count in several directions: a row of three and a column of three sharing a corner make 2 points.
rules-linotte-run-gaps = Two runs of two with a gap between them score nothing, and the short diagonals of three cells count too.
rules-linotte-material-pawns = Five dice, for two players, and <strong>twelve pawns</strong> each. The first player is drawn at random.
rules-linotte-turn-throw = <strong>Throw the five dice.</strong>
rules-linotte-turn-again = <strong>Throw again, up to twice.</strong> Throw again any dice you like, those you kept before included, or stop. You have at most <strong>three throws</strong>.
rules-linotte-turn-place = <strong>Place a pawn.</strong> When you stop, you may put <strong>one pawn</strong> on a <strong>free</strong> cell showing a combination your final dice make; if they make several, you choose. Placing is never compulsory.
rules-linotte-place-sec = A <strong>Sec</strong> (“dry”: a major combination on the first throw, with no other throw) may go on a Sec cell, or on a cell of the combination made.
rules-linotte-tapis-first = Your first throw is made for you when your turn begins. The match page shows the grid, both players' pawns and reserves, and your dice.

## La Linotte.
rules-linotte-goal = A dice game on a board, published by Saga. Throw five dice to make combinations, as in Yams, and put your pawns on the cells of a 5×5 grid that show them. <strong>Line up your pawns</strong>: at the end, every line of three, four or five of your pawns in a row scores. The higher total wins.
rules-linotte-material-grid = A grid of 25 cells, each showing a combination:
rules-linotte-appel-meaning = the major combination you announced after your first throw
rules-linotte-majors = The <strong>major combinations</strong> are Full, Quinte, Carré, Small and Yam; a Brelan is not one. A Yam also counts as a Full, a Carré and a Brelan, and a Yam of 1s as a Small.
rules-linotte-turn-appel = <strong>The Appel, if you dare.</strong> Right after your first throw you may make an <abbr>Appel</abbr> (a call): announce one major combination, Full, Quinte, Carré, Small or Yam, that you will make. You must then throw at least once more. If your first throw already holds a major combination, you may still call, but your next throw must throw again at least one die of each major combination it holds.
rules-linotte-place-appel-won = A <strong>successful Appel</strong> may go on an Appel cell, or on any cell the dice make.
rules-linotte-place-appel-failed = A <strong>failed Appel</strong> places no pawn this turn.
rules-linotte-scoring = At the end, look at every line of the grid that can hold three pawns or more: the five rows, the five columns and ten diagonals. Each unbroken run of your own pawns on a line scores:
rules-linotte-end = The game ends at once when a player completes <strong>five in a row</strong>, or places their <strong>twelfth pawn</strong>. Both players then count their points, five in a row scoring 3 like any other run: it does not win by itself. The higher total wins; equal totals are a draw.
rules-linotte-tapis-again = To throw again, choose the dice to throw and click the button. After your first throw, the page also offers an Appel on each major combination.
rules-linotte-tapis-stop = To stop, click the free cell of the grid where you want your pawn: the page offers only the cells your dice allow. Or click <strong>Pass</strong> to stop without placing a pawn.

## Yam Master.
rules-yam-master-goal = The modern edition of <a href="/rules/linotte">La Linotte</a>, published by Ferti. Throw five dice to make combinations, as in Yams, and put your pawns on the cells of a 5×5 grid that show them. <strong>Five of your pawns in a row win at once.</strong> Otherwise, when a player runs out of pawns, every line of three or four of your pawns scores, and the higher total wins.
rules-yam-master-material-grid = A grid of 25 cells, each showing a combination (the same grid as La Linotte, with three cells renamed):
rules-yam-master-defi-meaning = any major combination, after taking up the Défi
rules-yam-master-majors = The <strong>major combinations</strong> are Full, Carré, Yam, Suite and ≤8; a Brelan is not one. A Yam also counts as a Full, a Carré and a Brelan, and a Yam of 1s as ≤8.
rules-yam-master-turn-defi = <strong>The Défi, if you dare.</strong> Right after your first throw you may take up the <abbr>Défi</abbr> (the challenge), without saying which combination: you promise to make <em>some</em> major combination with your next throws. You must then throw again at least one die.
rules-yam-master-place-defi-won = A <strong>successful Défi</strong> may go on a Défi cell, or on any cell the dice make.
rules-yam-master-place-defi-failed = A <strong>failed Défi</strong> places no pawn this turn.
rules-yam-master-turn-predator = <strong>The <abbr>Yam Predator</abbr>.</strong> When your final dice are a Yam, you may, <em>instead of</em> placing a pawn, remove any one of your opponent's pawns from the grid. Its cell is free again, and the pawn leaves the game.
rules-yam-master-scoring = If nobody makes five in a row, look at every line of the grid that can hold three pawns or more at the end: the five rows, the five columns and ten diagonals. Each unbroken run of your own pawns on a line scores:
rules-yam-master-five-wins = the game is won at once
rules-yam-master-end-five = A player who completes <strong>five in a row</strong>, across, down or diagonally, <strong>wins at once</strong>.
rules-yam-master-end-pawns = Otherwise the game ends as soon as one player has <strong>no pawn left</strong> to place. Both players count their points; the higher total wins, and equal totals are a draw.
rules-yam-master-tapis-again = To throw again, choose the dice to throw and click the button. After your first throw, the page also offers the Défi.
rules-yam-master-tapis-stop = To stop, click the free cell of the grid where you want your pawn: the page offers only the cells your dice allow. With a Yam it also offers your opponent's pawns to remove. Or click <strong>Pass</strong> to stop without placing a pawn.
