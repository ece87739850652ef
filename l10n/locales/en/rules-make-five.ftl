# The rules page of Make Five. Messages that hold markup are written as HTML; <abbr>word</abbr>
# gets the word's explanation from the glossary.

rules-make-five-goal = Jacques Zeimet's game of order against disorder, in French <abbr>Cinq sur Cinq</abbr> (five out of five). In each deal, one player is the <abbr>Aligneur</abbr> (the aligner), who sorts coloured tokens into rows of one colour, and the other is the <abbr>Destructeur</abbr> (the destroyer), who draws the tokens from a bag and puts each where it does the most harm. <strong>Only the Aligneur scores.</strong> A match is six deals, and each player is the Aligneur three times: the higher total wins.
rules-make-five-material-board = A sloping board of <strong>five columns</strong>, each holding <strong>five tokens</strong>. A column fills from the bottom up, with no gaps: when a token leaves it, the ones above slide down.
rules-make-five-material-tokens = <strong>25 tokens</strong>, five of each colour (red, green, blue, yellow and white), in a bag.
rules-make-five-material-players = Two players. Who is the Aligneur first is drawn at random.
rules-make-five-turn-heading = A deal, step by step
rules-make-five-setup = <strong>Set up.</strong> The board is empty and all 25 tokens are in the bag. Five tokens are drawn and one goes at the bottom of each column.
rules-make-five-aligneur = <strong>The Aligneur moves</strong> (or passes). Take <em>any</em> token from the board, from any place in any column: the tokens above it slide down. Put it on top of any column that has room, its own column included.
rules-make-five-destructeur = <strong>The Destructeur places.</strong> Draw a token from the bag without looking, and put it on top of any column that is not full. Tokens never go between others.
rules-make-five-repeat = <strong>Repeat</strong> steps 2 and 3 until the Destructeur has placed the last token. The Aligneur then has <strong>one last move</strong> (or passes), and the deal is scored.
rules-make-five-per-deal = So in each deal the Destructeur places 20 tokens and the Aligneur has 21 chances to move. The roles swap after every deal.
rules-make-five-rows = At the end of a deal, look at the five <strong>rows</strong> across the board. A row with at least three tokens of one colour scores <strong>3, 4 or 5 points</strong>, the number of tokens of that colour. The tokens do not have to be side by side. Columns and diagonals score nothing.
rules-make-five-example-caption = A deal worth 12 points (R red, G green, B blue, Y yellow, W white; the top row first)
rules-make-five-col-row = Row
rules-make-five-col-tokens = Tokens
rules-make-five-col-points = Points
rules-make-five-row-top = 5 (top)
rules-make-five-row-bottom = 1 (bottom)
rules-make-five-example-5 = Y Y W W R
rules-make-five-example-4 = Y Y W W R
rules-make-five-example-3 = B B B B B
rules-make-five-example-2 = G G G G W
rules-make-five-example-1 = R R R G Y
rules-make-five-reds = A row such as <span class="mono">R G R G R</span> scores 3, for its three reds.
rules-make-five-make-5 = <strong><abbr>Make 5</abbr>:</strong> five rows of a single colour each, worth 25 points. The Aligneur who makes it <strong>wins the match at once</strong>.
rules-make-five-end = After the six deals, the player with the higher total wins; equal totals are a draw. A Make 5 ends the match at once.
rules-make-five-tapis-bag = Tapis draws from the bag for you. Its order is secret, but how many tokens of each colour it still holds is not: the match page shows it.
rules-make-five-tapis-aligneur = As the <strong>Aligneur</strong>, click a token to pick it up, then the column where it goes; or click <strong>Pass</strong>. Taking a top token and putting it back on its own column changes nothing, so it is the same as passing.
rules-make-five-tapis-destructeur = As the <strong>Destructeur</strong>, the token you drew is shown: click the column to drop it in. When only one column has room, it goes there by itself.
