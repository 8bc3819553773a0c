-- every command says: is not a dummy-tui history of a shape this version knows (it has an unknown column matches.note); it is left as it is
ALTER TABLE matches ADD COLUMN note TEXT;
