-- every command says: is not a dummy-tui history of a shape this version knows (it has an unknown column matches.rounds); it is left as it is
-- Version 2's tables under version 1's number: migrating it again would fail.
PRAGMA user_version = 1;
