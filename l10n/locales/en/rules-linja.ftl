# The rules page of Linja. Messages that hold markup are written as HTML; <abbr>word</abbr>
# gets the word's explanation from the glossary.

rules-linja-goal = Steffen Mühlhäuser's race across bamboo sticks, with no dice. Race your twelve pieces through the opponent's army towards the far side. When the two armies have completely passed each other, every piece scores by how far it got: <strong>the higher total wins</strong>. The trick is that the busier the row you step onto, the further your next move jumps.
rules-linja-material-sticks = Seven bamboo sticks laid side by side. Between them lie <strong>six inner rows</strong>, and behind each outer stick a <strong>start line</strong>, one per player. Your opponent's start line is your <strong>goal line</strong>.
rules-linja-material-pieces = Twelve pieces per player, for two players. At the start you have <strong>six pieces on your start line and one in each inner row</strong>, so each inner row begins with one piece of each colour.
rules-linja-material-limit = An inner row never holds more than <strong>six pieces</strong>, of both colours together. The start lines have no limit.
rules-linja-first-player = The first player is drawn at random.
rules-linja-turn-intro = A turn has up to three moves. Pieces only move forward, towards your goal line, except in the bonus.
rules-linja-start = <strong>The starting move</strong>, the <abbr>coup de départ</abbr>. Move one of your pieces <strong>one row forward</strong>, onto your goal line or onto an inner row holding fewer than six pieces.
rules-linja-count = <strong>Count.</strong> Count the pieces, of both colours, that were already on that row before your piece arrived. That number is the length of your next move. If the row was empty, or if you reached your goal line, there is no next move: your turn ends.
rules-linja-follow-up = <strong>The follow-up move</strong>, the <abbr>coup de suite</abbr>. Move one of your pieces (any of them, the one you just moved included) <strong>exactly that many rows</strong> forward. The rows in between are jumped over, however full they are, but you may not land on a full row. A piece that would go past your goal line stops on it, and the extra rows are lost. If no piece can make the move, it is lost; if one can, you must make it.
rules-linja-bonus = <strong>The bonus.</strong> If your follow-up move brings a piece onto your goal line using exactly the count, with no row lost, you may move one of your pieces <strong>one row forward or backward</strong>. The six-piece limit still applies, a piece may even step back off your goal line, and you may skip the bonus.
rules-linja-pass = If none of your pieces can make a starting move, you pass.
rules-linja-scoring = When the game ends, each of your pieces scores by the row it stands on, counted from your own side. Pieces still in your own half cost points:
rules-linja-caption = Points per piece, from your side of the board to the far side
rules-linja-col-where = Where the piece stands
rules-linja-col-points = Points
rules-linja-start-line = your start line
rules-linja-inner-row = inner row { $row }
rules-linja-goal-line = your goal line
rules-linja-best = So the best possible score is 60, all twelve pieces on the goal line. The minus points are the French edition's rule; the later edition scores 0 there (see the options <a href="#option-deduct_own_half">Pieces left in your own half cost points</a> and <a href="#option-edition">Rules edition</a>).
rules-linja-end = The game ends after a complete turn in which the two armies have <strong>passed each other</strong>: every one of your pieces stands beyond every piece of your opponent, and no row holds both colours. A move that has been started is always played to the end first. The higher total wins; equal totals are a draw. In the rare position where neither player can move, the game ends there too.
rules-linja-tapis-rows = The match page shows the eight rows with how many pieces of each colour stand on each, and which move of the turn you are at, with the length of your follow-up move.
rules-linja-tapis-moves = Pieces on the same row are all alike, so a move takes a piece from one row to another: click one of your pieces on the board, then, among the rows it can reach (each marked on the board), the one it goes to.
rules-linja-tapis-give-up = When no follow-up move is possible, the page offers only to give it up: click it and your turn ends. When you earn a bonus, the page offers the bonus moves and a choice to skip it.
