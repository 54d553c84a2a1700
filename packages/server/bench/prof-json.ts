import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
const d = await openDatabase('pglite://memory');
for (const q of [
  `SELECT json_agg(json_build_object('a', g, 'b', 'x'))::text AS t FROM generate_series(1,2) g`,
  `SELECT json_agg(x)::text AS t FROM (SELECT g AS "aB", 'x' AS b, ARRAY[1,2] AS c FROM generate_series(1,2) g) x`,
  `SELECT json_agg(row_to_json(x))::text AS t FROM (SELECT g AS "aB", 'x' AS b, json_build_object('q', 1) AS c FROM generate_series(1,2) g) x`,
  `SELECT jsonb_agg(jsonb_build_object('a', g, 'bb', 'x'))::text AS t FROM generate_series(1,2) g`,
]) console.log(JSON.stringify(((await sql.raw(q).execute(d.db)).rows[0] as any).t));
await d.close();
