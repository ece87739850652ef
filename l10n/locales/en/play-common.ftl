# The table of a game drawn without its own presenter (every legal action a button).

play-common-dice = Dice
play-common-players = Players
play-common-over = The game is over.
play-common-choose = Your move: choose one of these.
play-common-choices = Your choices
play-common-resigned = resigned

# The words of an action or an event the table cannot read, built from its JSON: the type
# and field names below are said in words where known (`play-common-term-<name>`), else as
# they are written.
play-common-action = { $kind }: { $details }
play-common-field = { $name } { $value }
play-common-event-seat = { $name } — { $kind }
play-common-event-seat-details = { $name } — { $kind }: { $details }
play-common-event-details = { $kind }: { $details }
play-common-yes = yes
play-common-no = no
play-common-none = none
play-common-term-action = Action
play-common-term-event = Event
play-common-term-place = Place
play-common-term-pass = Pass
play-common-term-resign = Resign
play-common-term-reroll = Reroll
play-common-term-bank = Bank
play-common-term-move = Move
play-common-term-advance = Advance
play-common-term-stop = Stop
play-common-term-throw = Throw
play-common-term-row = Row
play-common-term-col = Col
play-common-term-column = Column
play-common-term-columns = Columns
play-common-term-dice = Dice
play-common-term-faces = Faces
play-common-term-seat = Seat
play-common-term-owner = Owner
play-common-term-winner = Winner
play-common-term-from = From
play-common-term-to = To
play-common-term-points = Points
play-common-term-score = Score
play-common-term-scores = Scores
play-common-term-totals = Totals
play-common-term-grand-total = Grand total
play-common-term-tokens = Tokens
play-common-term-columns-won = Columns won
play-common-term-reserve = Reserve
play-common-term-on-board = On board
play-common-term-reason = Reason
play-common-term-dice-thrown = Dice thrown
play-common-term-game-over = Game over
play-common-term-resigned = Resigned
play-common-term-passed = Passed
play-common-term-placed = Placed
play-common-term-scored = Scored
play-common-term-bonus-move = Bonus move
play-common-term-initial-move = Initial move
play-common-term-following-move = Following move
play-common-term-decline-bonus = Decline bonus
