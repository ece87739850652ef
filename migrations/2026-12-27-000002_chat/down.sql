DROP TABLE blocks;
DROP TABLE chat_off;
DROP TABLE chat_messages;
DROP TABLE chat_heads;
