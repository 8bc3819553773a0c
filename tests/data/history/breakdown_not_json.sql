-- says: is damaged (rounds.breakdown of round 2 is not JSON)
UPDATE rounds SET breakdown = 'not json' WHERE id = 2;
