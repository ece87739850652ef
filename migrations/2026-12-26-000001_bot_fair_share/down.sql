DROP TABLE bot_service;
