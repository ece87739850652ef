-- A rematch: the new match a player of a finished one asked for (one per match: a second ask
-- gets the same), and who plays first in it when the game's rules say so (at Linja the loser
-- of the last game starts the next one; otherwise the seats are drawn as usual).
ALTER TABLE matches ADD COLUMN rematch_id uuid REFERENCES matches (id) ON DELETE SET NULL;
ALTER TABLE matches ADD COLUMN first_user_id uuid REFERENCES users (id) ON DELETE SET NULL;
