-- every command says: is not a dummy-tui history of a shape this version knows (it has an unknown table or index notes); it is left as it is
-- A table of another program's in the file: not this game's history as it knows it.
CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
