-- every command says: is not a dummy-tui history of a shape this version knows (it has another type of column penalties.seat); it is left as it is
-- The table made again with a seat as text.
DROP TABLE penalties;
CREATE TABLE penalties (
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seat TEXT NOT NULL,
    kind TEXT NOT NULL,
    points INTEGER NOT NULL,
    card TEXT
);
CREATE INDEX penalties_round ON penalties (round_id, seat);
