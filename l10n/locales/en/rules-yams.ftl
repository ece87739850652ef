# The rules page of Yams. Messages that hold markup are written as HTML; <abbr>word</abbr>
# gets the word's explanation from the glossary.

rules-yams-goal = <abbr>Yams</abbr> is the French Yahtzee. Each turn you throw five dice up to three times, then write the result in one box of your score sheet. When every box is filled, the player with the highest total wins. You can play it alone, to beat your own record, or with up to seven others.
rules-yams-material-dice = Five dice.
rules-yams-material-sheet = One score sheet per player, with twelve boxes:
rules-yams-material-upper = the <strong>upper part</strong>: <abbr>Un</abbr>, <abbr>Deux</abbr>, <abbr>Trois</abbr>, <abbr>Quatre</abbr>, <abbr>Cinq</abbr> and <abbr>Six</abbr> (French for one to six), plus a bonus, the <abbr>Prime</abbr>;
rules-yams-material-lower = the <strong>lower part</strong>: <abbr>Brelan</abbr> (three of a kind), <abbr>Suite</abbr> (a straight), <abbr>Full</abbr> (a full house), <abbr>Carré</abbr> (four of a kind), <abbr>Yams</abbr> (five of a kind) and <abbr>Chance</abbr> (anything).
rules-yams-turn-throw = <strong>Throw all five dice.</strong>
rules-yams-turn-again = <strong>Throw again, if you like.</strong> Keep the dice you want and throw the others again; you may also throw all five again. You have at most <strong>three throws</strong> in a turn, and you may stop after the first or the second.
rules-yams-turn-write = <strong>Write your score.</strong> When you stop (or after the third throw) you <strong>must</strong> choose one empty box of your sheet. If the dice fit the box, you write what they are worth there. If they do not, you write 0: you <abbr>barrer</abbr> (cross out) the box. You may fill the boxes in any order, and every box is filled exactly once.
rules-yams-turn-crossing = Crossing out is part of the game: late in the game, a 0 in the Yams box is often better than spoiling a box that scores well.
rules-yams-boxes-caption = The boxes of the score sheet
rules-yams-col-box = Box
rules-yams-col-condition = The dice must show
rules-yams-col-score = It scores
rules-yams-col-example = Example
rules-yams-col-option = Option
rules-yams-prime = The <strong>Prime</strong> (bonus): if your upper part (Un to Six) totals <strong>63 or more</strong>, you get <strong>30 points plus what you made above 63</strong>. An upper total of 70 gives a Prime of 37; an upper total of 62 gives nothing. 63 is what three dice of each face make, so aim for at least three of each.
rules-yams-brelan-counts = A Brelan also counts with four or five dice of one face, and a Carré with five.
rules-yams-full-needs = A Full needs two different faces: five of a kind is not a Full (unless the match uses the option <a href="#option-yams_counts_as_full">A Yams also counts as a Full</a>). So <span class="dice-text">5-5-5-5-2</span> written in the Full box scores 0.
rules-yams-total = Your <strong>total</strong> is the upper part, plus the Prime, plus the lower part.
rules-yams-other-boxes = Some editions have other boxes. On Tapis an option adds each of them:
rules-yams-optional-caption = Boxes that options add
rules-yams-replacing = With the option <a href="#option-split_suites">Petite and Grande suite boxes</a>, those two boxes replace the Suite box; with <a href="#option-maxi_mini">Maxi and Mini instead of Chance</a>, Maxi and Mini replace the Chance box, and a Maxi that is not higher than the Mini (or a Mini not lower than the Maxi) scores 0.
rules-yams-end = Everyone plays one turn per round, so the game lasts twelve rounds (more with extra boxes or grids). When every box of every sheet is filled, the highest total wins. Equal totals share the place.
rules-yams-tapis-first = Your first throw is made for you when your turn begins. The match page shows your five dice and every player's score sheet.
rules-yams-tapis-again = To throw again, choose the dice you <strong>keep</strong> and click the button to throw the others.
rules-yams-tapis-stop = To stop, click the empty box of your sheet where you want to write the dice. Before you choose, each empty box shows what the dice would score there; a 0 means crossing it out.
rules-yams-tapis-grids = With the option <code>grids</code> (default { $grids }), each player fills several sheets at once: each turn you may write in any empty box of any of your sheets, and each sheet earns its own Prime.

# The table of the boxes.
rules-yams-any-dice = any dice
rules-yams-points-per-face = { $face ->
    [one] { $face } point per { $face }
   *[other] { $face } points per { $face }
}
rules-yams-brelan-condition = at least three dice of one face
rules-yams-suite-condition = 1-2-3-4-5 or 2-3-4-5-6
rules-yams-full-condition = three of one face and two of another
rules-yams-carre-condition = at least four dice of one face
rules-yams-yams-condition = five dice of one face
rules-yams-sum-of-dice = the sum of the dice
rules-yams-double-paire-condition = two pairs of different faces
rules-yams-double-paire-score = the sum of the four paired dice
rules-yams-maxi-condition = any dice, but more than in Mini
rules-yams-mini-condition = any dice, but less than in Maxi
