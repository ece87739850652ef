# The rules page of Can't Stop. Messages that hold markup are written as HTML.

rules-cant-stop-goal = Sid Sackson's push-your-luck classic. Climb the columns numbered 2 to 12 with pairs of dice. <strong>The first player to win { $columns } columns wins.</strong> Each roll may take you further, or lose everything you made this turn: the whole game is knowing when to stop.
rules-cant-stop-material-board = A board of eleven columns, one for each total of two dice. The totals that come up often have long columns:
rules-cant-stop-columns-caption = The columns and their number of spaces
rules-cant-stop-column = Column
rules-cant-stop-spaces = Spaces
rules-cant-stop-material-dice = Four dice, for 2 to 4 players.
rules-cant-stop-material-runners = Three <strong>runners</strong>: neutral markers that whoever is playing uses during their turn.
rules-cant-stop-material-pieces = Pieces of your colour, which keep your progress from one turn to the next (by default enough for every column).
rules-cant-stop-who-starts = <strong>Who starts:</strong> every player throws two dice; the highest total starts (tied players throw again), then play goes round in order.
rules-cant-stop-roll = <strong>Roll the four dice.</strong>
rules-cant-stop-split = <strong>Split them into two pairs.</strong> There are three ways to do it, and each pair's total names a column. Out of <span class="dice-text">1-3-4-6</span> you may make 4 and 10, 5 and 9, or 7 and 7.
rules-cant-stop-move = <strong>Move the runners.</strong> Choose one way of pairing and use both totals:
rules-cant-stop-move-climb = if a runner is already in that column, it climbs one space;
rules-cant-stop-move-new = if not, and you still have a runner, put one in that column, one space above your piece there (or on the first space if you have no piece in it yet);
rules-cant-stop-move-double = a double, such as 7 and 7, moves the same runner two spaces.
rules-cant-stop-move-both = You must use both totals when you can. If only one can be used, use that one. If both need a new runner and you have only one left, you choose which column gets it and the other total is lost.
rules-cant-stop-bust = <strong>Bust?</strong> A total cannot be used if its column has been won by anyone, if your runner there already stands on the top space, or if it needs a new runner and all three are out. If no way of pairing the dice can be used, you <strong>bust</strong>: the runners come off and everything you made this turn is lost.
rules-cant-stop-again-or-stop = <strong>Roll again or stop.</strong> Roll again (back to step 1) and risk a bust, or <strong>stop</strong>: your pieces move up to where your runners stand, and the runners come off the board. That progress is now yours for good.
rules-cant-stop-scoring-heading = Scoring: winning columns
rules-cant-stop-winning-column = When you stop with one of your pieces on the <strong>top space</strong> of a column, you win that column. The other players' pieces leave it, and nobody can use it again. A runner reaching the top during your turn wins nothing yet: you must stop to keep it, and a bust loses it.
rules-cant-stop-odds = The more runners you have out, the likelier a bust: three runners in columns 6, 7 and 8 can move on about 92 throws out of 100, but in columns 2, 3 and 12 on fewer than half.
rules-cant-stop-end = As soon as a player stops with <strong>{ $columns } columns</strong> won, that player wins. The others are ranked by the columns they have won, then by how far their pieces have climbed in all.
rules-cant-stop-tapis-rolls = The dice are rolled for you, at the start of your turn and each time you roll again. The match page shows the board with every player's pieces and your runners.
rules-cant-stop-tapis-choices = After a roll, the page lists each distinct way to use the dice, such as “6 and 8”, “7 twice” or “5 only”: click the one you want. Two pairings that give the same totals are listed once.
rules-cant-stop-tapis-stop = Then click <strong>Roll again</strong> or <strong>Stop</strong>. A bust happens by itself, and the turn passes.
