# The eight games as the home page, the lobby and the rules pages introduce them. Their names
# are the same in every language (they come from the rules crate).

game-kind-dice = Dice
game-kind-board = Board
game-players-exactly = { $count } players
game-players-solo = 1 to { $max } players (solo too)
game-players-range = { $min } to { $max } players

game-blurb-linotte = Throw five dice, call your combination (the Appel) and claim cells of a 5×5 grid: line up three, four or five pawns.
game-blurb-yam-master = La Linotte's modern edition: the Défi, the Yam Predator that removes a pawn, and five in a row wins at once.
game-blurb-linja = Race your twelve pieces across seven bamboo sticks; the busier the row you land on, the further you jump next.
game-blurb-5000 = Set aside 1s, 5s and brelans (three of a kind), push your luck for more, and bank before a zero throw wipes your turn.
game-blurb-421 = The French bar game: the worst throw takes tokens in the charge, the best gives them away in the décharge.
game-blurb-cant-stop = Pair four dice to climb the columns from 2 to 12; stop to keep your progress, or keep rolling and risk it all.
game-blurb-yams = French Yahtzee: three throws to fill each box of your sheet, from Un to Yams, with a bonus over 63.
game-blurb-make-five = Cinq sur Cinq: the Aligneur sorts coloured tokens into rows while the Destructeur drops new ones from the bag.

# Each game's name after "of" and after "to" or "at" (French puts an article before some:
# "Règles du Yams", "Jouer au 421").
game-of-linotte = La Linotte
game-to-linotte = La Linotte
game-of-yam-master = Yam Master
game-to-yam-master = Yam Master
game-of-linja = Linja
game-to-linja = Linja
game-of-5000 = 5000
game-to-5000 = 5000
game-of-421 = 421
game-to-421 = 421
game-of-cant-stop = Can't Stop
game-to-cant-stop = Can't Stop
game-of-yams = Yams
game-to-yams = Yams
game-of-make-five = Make Five
game-to-make-five = Make Five
