# The rules page of 421. Messages that hold markup are written as HTML; <abbr>word</abbr>
# gets the word's explanation from the glossary.

rules-421-goal = The French bar game, named after its best throw, a <abbr>421</abbr> (a 4, a 2 and a 1). The game has two phases. In the <abbr>charge</abbr> (loading), the worst throw of each round takes <abbr>jetons</abbr> (tokens) from the pot. In the <abbr>décharge</abbr> (unloading), the best throw of each round gives its own tokens to the worst. <strong>The first player left with no token wins.</strong>
rules-421-material-dice = Three dice, for 2 to 8 players. A die showing 1 is an <abbr>as</abbr> (ace).
rules-421-material-pot = A pot of <strong>21 tokens</strong>. Every player starts with none.
rules-421-who-starts = <strong>Who starts:</strong> every player throws one die; the highest die starts, the ace counting highest (ace, then 6 down to 2). Players who share the deciding die throw again. Play then goes round the table in order.
rules-421-turn-heading = A round, step by step
rules-421-rounds = Both phases are played in rounds, and every round goes the same way.
rules-421-leader = <strong>The leader throws.</strong> The round's first player throws the three dice, then may throw again any of them (at least one die), a second and a third time, stopping whenever they like. The number of throws the leader used, 1, 2 or 3, <strong>binds everyone else</strong> this round.
rules-421-follow = <strong>The others follow.</strong> Each other player in turn must use <strong>exactly that many throws</strong>, each time throwing again at least one die, even if a 421 came up on the first throw.
rules-421-compare = <strong>Compare.</strong> Everyone's final three dice are compared (see the order below) to find the best and the worst result of the round.
rules-421-pay = <strong>Pay.</strong> The number of tokens is the value of the <em>best</em> result. But if the worst result is the <abbr>nénette</abbr> (2-2-1, the weakest throw), it is 2 tokens, whatever the best result.
rules-421-pay-charge = In the <strong>charge</strong>, the player with the worst result takes that many tokens from the pot (or all that is left).
rules-421-pay-decharge = In the <strong>décharge</strong>, the player with the best result gives that many of their own tokens to the player with the worst (or all they have).
rules-421-next = <strong>Next round.</strong> The loser of the round leads the next one.
rules-421-ties = <strong>Ties.</strong> If several players share the worst result (or, in the décharge, the best), only they throw again, one throw of the three dice each, in reverse order, until the tie is broken. The number of tokens is still that of the round's best result.
rules-421-to-decharge = <strong>From the charge to the décharge.</strong> When the pot is empty the décharge begins. Anyone who still has no token at that moment has already won.
rules-421-scoring-heading = Scoring: the order of the results
rules-421-read-dice = Read the dice from the highest face to the lowest. From strongest to weakest:
rules-421-order-caption = The order of the results, best first
rules-421-col-rank = Rank
rules-421-col-dice = Dice
rules-421-col-name = Name
rules-421-col-tokens = Tokens
rules-421-fiche = A <abbr>fiche</abbr> is two aces and another die; a <abbr>baraque</abbr> is a <abbr>brelan</abbr>, three dice of one face. At equal value the fiche comes first: 6-1-1 beats 6-6-6.
rules-421-suite = A <abbr>suite</abbr> is three faces in a row, from 6-5-4 down to 3-2-1.
rules-421-ordinary-compare = The ordinary results compare by their highest die, then the middle one, then the lowest, the ace counting as 1 here: 6-4-1 beats 5-5-3.
rules-421-equal = Two results are equal only when the three dice are the same.
rules-421-all-results = All 56 results in order
rules-421-end = The first player whose tokens are all gone in the décharge wins. The others are ranked by the tokens they still hold, fewer first.
rules-421-tapis-first = The throws that choose the first player, and the first throw of each turn, are made for you. The match page shows the pot, everyone's tokens, the phase, the round's number of throws and the dice thrown so far.
rules-421-tapis-throw = On your turn, choose the dice to <strong>throw again</strong> and click the button to throw them. If you lead the round, click <strong>Stop</strong> to keep your dice: your number of throws then binds the others.
rules-421-tapis-follow = When you follow, your turn ends by itself once you have used the leader's number of throws. Tie-break throws are made for you too.
rules-421-tapis-options = Options: <abbr>le bon</abbr> lets a following player stop early, happy with their dice; <abbr>espagnole</abbr> makes a player who takes all 21 tokens in the charge lose at once.

# The families of results, in the table.
rules-421-three-aces = three aces
rules-421-ordinary = ordinary
rules-421-ordinary-group = ordinary ({ $count } results)
