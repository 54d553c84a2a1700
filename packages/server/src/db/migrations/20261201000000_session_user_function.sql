-- The authentication hook reads the caller's account on every request. As a plain statement it was planned
-- anew on each call (the roles' subquery and join), which cost PostgreSQL more than the request's own read;
-- a PL/pgSQL function keeps its statement's plan for the life of the connection, so the lookup costs about
-- what a primary-key SELECT costs.
CREATE FUNCTION session_user_row(p_user integer)
RETURNS TABLE (id integer, username text, is_enabled boolean, session_generation integer, authorities text[])
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT u.id, u.username, u.is_enabled, u.session_generation,
           ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                 WHERE ur.user_id = u.id AND r.name IN ('ADMIN', 'USER') ORDER BY r.name)
    FROM users u
    WHERE u.id = p_user;
END
$$;
