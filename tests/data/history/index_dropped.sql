-- every command says: is not a dummy-tui history of a shape this version knows (it has no table or index matches_started); it is left as it is
DROP INDEX matches_started;
