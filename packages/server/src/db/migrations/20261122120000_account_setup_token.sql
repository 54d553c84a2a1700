-- Accounts created by an administrator's import have no password yet: their welcome mail carries an
-- 'account_setup' link to choose one. It is an e-mail link (at most 24 hours), not a
-- reset link (at most 1 hour), hence a kind of its own.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_kind_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_kind_check
  CHECK (kind IN ('email_verification', 'account_validation', 'password_reset', 'email_change',
                  'account_update', 'account_update_validation', 'account_setup'));
