# The table of a game drawn without its own presenter (every legal action a button).

play-common-dice = Dice
play-common-players = Players
play-common-over = The game is over.
play-common-choose = Your move: choose one of these.
play-common-choices = Your choices
play-common-resigned = resigned
