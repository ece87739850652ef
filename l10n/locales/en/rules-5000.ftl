# The rules page of 5000. Messages that hold markup are written as HTML; <abbr>word</abbr>
# gets the word's explanation from the glossary.

rules-5000-goal = Be the first to bank <strong>{ $target } points</strong>. Each turn you throw five dice, set aside the ones that score, and decide: bank what you have made this turn, or push your luck with the dice left. A throw where nothing scores wipes out the whole turn.
rules-5000-material-dice = Five dice, for 2 to 8 players.
rules-5000-material-scores = A banked score per player, starting at 0, and the <strong>turn total</strong> of the player whose turn it is.
rules-5000-turn-throw = <strong>Throw the five dice.</strong> Your turn total starts at 0.
rules-5000-turn-look = <strong>Look at the dice you just threw.</strong> If none of them scores (no 1, no 5, no <abbr>Brelan</abbr>, that is three of a kind, no straight), it is a <strong>zero throw</strong>: you lose the turn total and your turn ends. Your banked score does not change. A zero throw of all five dice is called a <abbr>Ballot</abbr>; it costs nothing more.
rules-5000-turn-set-aside = <strong>Set aside at least one scoring group</strong> from that throw (see the table below). You choose which: out of <span class="dice-text">1-1-5-3-4</span> you may keep only one 1, both 1s, or all three scoring dice. What you set aside adds to your turn total.
rules-5000-turn-bank = <strong>Bank or throw again.</strong> Bank, and your turn total is added to your score: the turn ends. Or throw again the dice still in your <abbr>main</abbr> (hand), and go back to step 2.
rules-5000-turn-main-pleine = <strong><abbr>Main pleine</abbr></strong> (full hand, or hot dice): when all five dice have been set aside, you may pick up all five and throw them again, still adding to the same turn total.
rules-5000-limits = Two limits:
rules-5000-three-throws = <strong>Three throws per turn at most</strong>, the throw after a main pleine included. After the third throw you bank.
rules-5000-opening = <strong>Opening.</strong> Until you have banked once, you may bank only a turn total of at least <strong>{ $threshold }</strong>; that banking <em>opens</em> you. Until then you must keep throwing, and if your third throw leaves you short, the turn total is lost. Once open, you may bank any total.
rules-5000-groups-caption = The scoring dice
rules-5000-col-dice = Dice of one throw
rules-5000-col-points = Points
rules-5000-other-faces = A 2, 3, 4 or 6 scores only inside a brelan or a straight.
rules-5000-four-of-a-kind = Four or five of a kind are not special (except five 5s and five 1s): they count as a brelan plus the other dice one by one. Four 1s make 1000 + 100 = 1100, four 5s make 500 + 50 = 550, four 2s make 200 and the fourth 2 scores nothing.
rules-5000-no-joining = Groups never join across throws: a 1 set aside on the first throw and two 1s on the second make 100 + 100 + 100, not a brelan of 1s.
rules-5000-straight-needs = A straight needs all five dice of one throw, so it happens only on a throw of five dice.
rules-5000-end = As soon as a player's banked score reaches <strong>{ $target }</strong>, that player wins. Throwing <strong>five 1s</strong> in one throw wins at once, even before opening. The others are ranked by their banked score.
rules-5000-tapis-first = Your first throw is made for you when your turn begins; the match page shows the dice, your turn total and everyone's score.
rules-5000-tapis-set-aside = After each throw, the page lists every set of dice you may set aside, with what it is worth: click the one you want. Three 1s set aside together always count as a brelan (1000), never as three single 1s.
rules-5000-tapis-bank = Then click <strong>Bank</strong> or <strong>Throw again</strong>. When only one of them is allowed (you have not opened yet, or your third throw is done) Tapis does it for you, and a zero throw ends your turn by itself.

# The table of the scoring dice.
rules-5000-single = a single { $face }
rules-5000-three = three { $face }s
rules-5000-straight = { $run } (all five dice)
rules-5000-five = five { $face }s
rules-5000-five-ones-win = you win the game at once
