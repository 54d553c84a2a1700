import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
const d = await openDatabase('pglite:///tmp/prof/db');
await sql`DROP INDEX reservations_current_idx`.execute(d.db);
await sql`CREATE INDEX reservations_current_idx ON reservations (end_date) INCLUDE (start_date, id, responsible_user_id)`.execute(d.db);
await sql`VACUUM ANALYZE`.execute(d.db);
await d.close();
