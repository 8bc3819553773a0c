-- every command says: is not a dummy-tui history of a shape this version knows (it has no column rounds.id); it is left as it is
-- Another program renamed a column the history reads ("no such column: r.id").
ALTER TABLE rounds RENAME COLUMN id TO round_id;
