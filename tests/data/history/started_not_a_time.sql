-- says: is damaged (matches.started of match 1 is not a time ('yesterday'))
UPDATE matches SET started = 'yesterday' WHERE id = 1;
