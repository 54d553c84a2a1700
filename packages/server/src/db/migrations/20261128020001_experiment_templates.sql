-- Experiment descriptions saved under a name: private to their owner, or shared with one group the owner
-- belongs to (its members see and submit it; only the owner or an administrator deletes it).
CREATE TABLE experiment_templates (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description jsonb NOT NULL,
  group_id integer REFERENCES groups (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);
CREATE INDEX experiment_templates_group_idx ON experiment_templates (group_id) WHERE group_id IS NOT NULL;
