-- every command says: is not a dummy-tui history of a shape this version knows (it holds tables but has no schema version); it is left as it is
-- A history whose version number was set back to 0, its tables kept: the game
-- would make its tables again ("table players already exists").
PRAGMA user_version = 0;
