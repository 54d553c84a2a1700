// Seeding of the benchmark database: inventory, users and reservations written with set-based SQL
// (generate_series), so that 200,000 or 1,000,000 reservations take seconds to a few minutes.
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/security/passwords.js';
import type { TestbedFile } from '../src/testbed/testbed-file.js';

export const USERS = 10_000;
export const DEVICE_TYPES = 20;
export const DEVICES_PER_TYPE = 100;
export const BENCH_PASSWORD = 'Bench#2026pass';
const DAY_SECONDS = 86_400;

/** 2,000 devices in 20 types; one device in fifty is down. */
export function benchTestbed(): TestbedFile {
  return {
    driver: 'simulator',
    // Flashes outlast the measurement, so that the jobs are all running while the reads are measured.
    simulator: { flashSeconds: 3600, failureRate: 0, hangRate: 0 },
    deviceTypes: Array.from({ length: DEVICE_TYPES }, (_, t) => ({
      name: `bench-type-${String(t).padStart(2, '0')}`,
      images: ['bench-image'],
      formats: [],
      devices: Array.from({ length: DEVICES_PER_TYPE }, (_, d) => {
        const hex = (n: number) => n.toString(16).padStart(2, '0');
        return { mac: `02:10:${hex(t)}:00:00:${hex(d)}`, ip: `10.${t + 1}.${Math.floor(d / 200)}.${(d % 200) + 1}`, up: (t * DEVICES_PER_TYPE + d) % 50 !== 49 };
      }),
    })),
  };
}

export async function seedUsers(db: Db): Promise<number> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await sql`
    INSERT INTO users (username, email, firstname, lastname, password_hash, is_enabled, email_verified_at, approved_date)
    SELECT 'bench_' || g, 'bench_' || g || '@example.org',
           (ARRAY['Ada','Alan','Grace','Barbara','Edsger','Donald','Frances','John','Margaret','Ken'])[1 + g % 10],
           initcap(substr(md5(g::text), 1, 9)), ${passwordHash}, true, now(), now()
    FROM generate_series(1, ${USERS}) AS g`.execute(db);
  await sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u CROSS JOIN roles r WHERE r.name = 'USER' AND u.username LIKE 'bench\\_%'`.execute(db);
  await sql`
    INSERT INTO credentials (user_id, ssh_key, key_type, fingerprint)
    SELECT id, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI' || md5(id::text) || ' bench', 'ssh-ed25519', 'SHA256:' || md5('key' || id)
    FROM users WHERE username LIKE 'bench\\_%'`.execute(db);
  const { rows } = await sql<{ first: number; n: number }>`
    SELECT min(id) AS first, count(*)::int AS n FROM users WHERE username LIKE 'bench\\_%'`.execute(db);
  const { first, n } = rows[0]!;
  // The reservations pick users by offset from the first id.
  const { rows: last } = await sql<{ last: number }>`SELECT max(id) AS last FROM users WHERE username LIKE 'bench\\_%'`.execute(db);
  if (n !== USERS || last[0]!.last - first !== USERS - 1) throw new Error('bench users are not numbered contiguously');
  return first;
}

/**
 * Reservations g in [from, to) of a timeline of `total`: device g mod 2000 gets its k-th slot (k = g div
 * 2000); slots tile 1,000 days up to two weeks from now, so bookings never overlap and a realistic share
 * is current or future. One in five is Shared; three in ten have a colleague.
 */
export async function seedReservations(db: Db, firstUser: number, deviceIds: number[], from: number, to: number, total: number) {
  const slots = Math.ceil(total / deviceIds.length);
  const slotSeconds = (1000 * DAY_SECONDS) / slots;
  const timelineEnd = new Date(Date.now() + 14 * DAY_SECONDS * 1000);
  const { rows } = await sql<{ base: number }>`SELECT COALESCE(max(id), 0) AS base FROM reservations`.execute(db);
  const base = rows[0]!.base - from;
  const chunk = 20_000;
  for (let lo = from; lo < to; lo += chunk) {
    const hi = Math.min(to, lo + chunk);
    await sql`
      WITH src AS (
        SELECT g, ${base}::bigint + g + 1 AS id, h,
               ${deviceIds}::int[] AS devices,
               ${timelineEnd}::timestamptz
                 - make_interval(secs => (${slots} - g / ${deviceIds.length}) * ${slotSeconds}::float8)
                 + make_interval(secs => (h % 100) / 1000.0 * ${slotSeconds}::float8) AS starts,
               make_interval(secs => (0.2 + (h / 100 % 60) / 100.0) * ${slotSeconds}::float8) AS length
        FROM (SELECT g, (g::bigint * 2654435761) % 4294967291 AS h FROM generate_series(${lo}::bigint, ${hi - 1}::bigint) AS g) AS s
      ),
      types AS (
        SELECT max(id) FILTER (WHERE exclusive) AS exclusive_id, max(id) FILTER (WHERE NOT exclusive) AS shared_id
        FROM reservation_types
      ),
      r AS (
        INSERT INTO reservations (id, responsible_user_id, reservation_type_id, submission_date, start_date, end_date, description)
        OVERRIDING SYSTEM VALUE
        SELECT src.id, ${firstUser} + src.h % ${USERS}, CASE WHEN src.h % 5 = 0 THEN types.shared_id ELSE types.exclusive_id END,
               src.starts - interval '1 day', src.starts, src.starts + src.length, 'bench run ' || src.g
        FROM src CROSS JOIN types
      ),
      ru AS (
        INSERT INTO reservation_users (reservation_id, user_id)
        SELECT src.id, ${firstUser} + (src.h / 7 + 1) % ${USERS}
        FROM src WHERE src.h % 10 < 3 AND (src.h / 7 + 1) % ${USERS} <> src.h % ${USERS}
      )
      INSERT INTO reservation_devices (reservation_id, device_id, device_type_id, during, sharing_slot)
      SELECT src.id, d.id, d.device_type_id, tstzrange(src.starts, src.starts + src.length, '[)'),
             CASE WHEN src.h % 5 = 0 THEN int4range(src.id::int, src.id::int + 1) ELSE int4range(NULL, NULL) END
      FROM src JOIN devices d ON d.id = src.devices[(src.g % ${deviceIds.length} + 1)::int]`.execute(db);
  }
  await sql`SELECT setval(pg_get_serial_sequence('reservations', 'id'), (SELECT max(id) FROM reservations))`.execute(db);
}
