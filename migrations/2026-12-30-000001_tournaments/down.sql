DROP TABLE round_tables;
DROP TABLE tournament_rounds;
DROP TABLE tournament_entrants;
DROP TABLE tournaments;
