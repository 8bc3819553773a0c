-- says: is damaged (match_rules.options of match 1 is not JSON)
UPDATE match_rules SET options = '' WHERE match_id = 1;
