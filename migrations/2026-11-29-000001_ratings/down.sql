DROP TABLE rating_history;
DROP TABLE ratings;
