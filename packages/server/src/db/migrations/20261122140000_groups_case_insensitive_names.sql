-- Group names and group type labels are told apart by people, not by case: "Team A" and "team a" would be
-- the same group on a screen, so the database refuses the second one whatever the concurrency.
CREATE UNIQUE INDEX groups_name_ci_key ON groups (lower(name));
CREATE UNIQUE INDEX group_types_label_ci_key ON group_types (lower(label));
