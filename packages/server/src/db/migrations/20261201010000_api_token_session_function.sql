-- A personal API token and its user in one statement, with a plan PostgreSQL keeps: the authentication hook
-- read the token, then the user (see session_user_row), on every call a token makes.
CREATE FUNCTION api_token_session_row(p_hash bytea)
RETURNS TABLE (token_id integer, scope text, expires_at timestamptz, revoked_at timestamptz, last_used_at timestamptz,
               id integer, username text, is_enabled boolean, session_generation integer, authorities text[])
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT t.id, t.scope, t.expires_at, t.revoked_at, t.last_used_at,
           u.id, u.username, u.is_enabled, u.session_generation, u.authorities
    FROM api_tokens t CROSS JOIN LATERAL session_user_row(t.user_id) AS u
    WHERE t.token_hash = p_hash;
END
$$;
