import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
for (const url of ['pglite://memory', 'pglite:///tmp/prof/db']) {
  const database = await openDatabase(url);
  const { db } = database;
  for (let i = 0; i < 20; i++) await sql`SELECT 1`.execute(db);
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await sql`SELECT 1`.execute(db);
  console.log(url, ((performance.now() - t0) / 200).toFixed(3), 'ms');
  await database.close();
}
