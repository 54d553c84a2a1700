import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.js';
import type { DatabaseHandle, Subscribe } from './database.js';
import { NotifiedCache } from './notified-cache.js';

let database: DatabaseHandle;
let databaseUrl: string;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, url: databaseUrl, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

/** Caches that a test opened, closed after it whatever its outcome. */
const opened: NotifiedCache[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cache) => cache.close()));
});

const CHANNEL = 'test_notified_cache';

/** NOTIFY as another instance would: from a connection of its own on PostgreSQL (PGlite has only one). */
async function notify(payload = ''): Promise<void> {
  if (database.engine === 'pglite') {
    await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(database.db);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  } finally {
    await client.end();
  }
}

/** The database's subscription, with a record of the payloads heard, so that a test can wait for one. */
function recording(heard: string[]): Subscribe {
  return (channel, onNotify, onListening) =>
    database.subscribe(
      channel,
      (payload) => {
        onNotify(payload);
        heard.push(payload);
      },
      onListening,
    );
}

/** A loader that counts its calls and answers the call's number. */
function counting() {
  const loader = { calls: 0, load: async () => ++loader.calls };
  return loader;
}

/** A listening cache with one map. */
async function listeningCache() {
  const heard: string[] = [];
  const cache = new NotifiedCache(CHANNEL);
  opened.push(cache);
  const map = cache.createMap<string, number>();
  await cache.listen(recording(heard));
  return { cache, map, heard };
}

const poll = { timeout: 5_000, interval: 20 };

describe('NotifiedCache', () => {
  it('loads a value once and keeps it while no change is announced', async () => {
    const subject = await listeningCache();
    const loader = counting();
    expect(await subject.map.get('a', loader.load)).toBe(1);
    expect(await subject.map.get('a', loader.load)).toBe(1);
    expect(await subject.map.get('b', loader.load)).toBe(2);
    expect(subject.map.stats).toEqual({ hits: 1, misses: 2 });
    expect(subject.cache.isListening).toBe(true);
  });

  it('forgets everything when another connection sends a NOTIFY on the channel', async () => {
    const subject = await listeningCache();
    const loader = counting();
    await subject.map.get('a', loader.load);
    await subject.map.get('b', loader.load);
    await notify();
    await expect.poll(() => subject.heard, poll).toEqual(['']);
    expect(await subject.map.get('a', loader.load)).toBe(3);
    expect(await subject.map.get('b', loader.load)).toBe(4);
  });

  it('lets every cache listening on the channel hear a change, as every instance does', async () => {
    const first = await listeningCache();
    const second = await listeningCache();
    const loader = counting();
    await first.map.get('a', loader.load);
    await second.map.get('a', loader.load);
    await notify();
    await expect.poll(() => [first.heard, second.heard], poll).toEqual([[''], ['']]);
    expect(await first.map.get('a', loader.load)).toBe(3);
    expect(await second.map.get('a', loader.load)).toBe(4);
  });

  it('keeps nothing before it listens and after it is closed', async () => {
    const cache = new NotifiedCache(CHANNEL);
    opened.push(cache);
    const map = cache.createMap<string, number>();
    const loader = counting();
    expect(await map.get('a', loader.load)).toBe(1);
    expect(await map.get('a', loader.load)).toBe(2);
    expect(cache.isListening).toBe(false);

    await cache.listen(database.subscribe);
    expect(await map.get('a', loader.load)).toBe(3);
    expect(await map.get('a', loader.load)).toBe(3);

    await cache.close();
    expect(cache.isListening).toBe(false);
    expect(await map.get('a', loader.load)).toBe(4);
    expect(await map.get('a', loader.load)).toBe(5);
  });

  it('keeps nothing while the subscription says announcements may be missed, and forgets what it had', async () => {
    let onListening: (listening: boolean) => void = () => undefined;
    const cache = new NotifiedCache(CHANNEL);
    opened.push(cache);
    const map = cache.createMap<string, number>();
    await cache.listen(async (_channel, _onNotify, report) => {
      onListening = report;
      report(true);
      return async () => undefined;
    });
    const loader = counting();
    await map.get('a', loader.load);
    onListening(false); // the listening connection dropped
    expect(await map.get('a', loader.load)).toBe(2);
    expect(await map.get('a', loader.load)).toBe(3);
    onListening(true); // back, but what changed meanwhile went unheard
    expect(await map.get('a', loader.load)).toBe(4);
    expect(await map.get('a', loader.load)).toBe(4);
  });

  it('does not keep the result of a load during which a change was announced', async () => {
    const subject = await listeningCache();
    let finish: (value: number) => void = () => undefined;
    const slow = subject.map.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    await notify();
    await expect.poll(() => subject.heard, poll).toEqual(['']);
    finish(1); // read before the change: possibly stale
    expect(await slow).toBe(1);
    const loader = counting();
    expect(await subject.map.get('a', loader.load)).toBe(1);
    expect(loader.calls).toBe(1);
  });

  it('forgets one key, or the values that pass a test, when a subclass reads that from the payload', async () => {
    class PerKey extends NotifiedCache {
      readonly map = this.createMap<string, { owner: string }>();
      protected override onNotify(payload: string): void {
        this.map.forget(payload);
        this.map.forgetWhere((value) => value.owner === payload);
      }
    }
    const heard: string[] = [];
    const cache = new PerKey(CHANNEL);
    opened.push(cache);
    await cache.listen(recording(heard));
    let loads = 0;
    const load = (owner: string) => async () => (loads++, { owner });
    await cache.map.get('ada', load('self')); // forgotten by its key only
    await cache.map.get('token-of-ada', load('ada'));
    await cache.map.get('alan', load('alan'));
    expect(loads).toBe(3);
    await notify('ada');
    await expect.poll(() => heard, poll).toEqual(['ada']);
    await cache.map.get('alan', load('alan'));
    expect(loads).toBe(3);
    await cache.map.get('ada', load('self'));
    await cache.map.get('token-of-ada', load('ada'));
    expect(loads).toBe(5);
  });

  it('keeps a value no longer than it says, nor than the map allows, and forgets the oldest when full', async () => {
    const subject = await listeningCache();
    const short = subject.cache.createMap<string, number>({ maxAgeMs: 30, maxEntries: 2 });
    const loader = counting();
    expect(await subject.map.get('never', loader.load, () => 0)).toBe(1);
    expect(await subject.map.get('never', loader.load, () => 0)).toBe(2);

    expect(await short.get('a', loader.load)).toBe(3);
    expect(await short.get('a', loader.load)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await short.get('a', loader.load)).toBe(4);

    await short.get('b', loader.load); // two entries: the map is full
    await short.get('c', loader.load); // makes room by forgetting the oldest, a
    expect(await short.get('c', loader.load)).toBe(6);
    expect(await short.get('b', loader.load)).toBe(5);
    expect(await short.get('a', loader.load)).toBe(7); // forgets b
    expect(await short.get('c', loader.load)).toBe(6);
    expect(await short.get('b', loader.load)).toBe(8);
  });

  it('loads the keys of a call missing from memory at once, and shares a load under way with later calls', async () => {
    const subject = await listeningCache();
    const asked: string[][] = [];
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const load = async (missing: string[]) => {
      asked.push(missing);
      await gate;
      return new Map(missing.map((key) => [key, key.length] as const));
    };
    const first = subject.map.getMany(['a', 'bb'], load);
    const second = subject.map.getMany(['bb', 'ccc'], load);
    finish();
    expect([...(await first)]).toEqual([['a', 1], ['bb', 2]]);
    expect([...(await second)]).toEqual([['ccc', 3], ['bb', 2]]);
    expect(asked).toEqual([['a', 'bb'], ['ccc']]);
    expect([...(await subject.map.getMany(['a', 'bb', 'ccc', 'dddd'], load))]).toHaveLength(4);
    expect(asked).toEqual([['a', 'bb'], ['ccc'], ['dddd']]);
    expect(subject.map.stats).toEqual({ hits: 3, misses: 3 });
  });

  it('neither keeps nor shares a load of getMany during which a change was announced', async () => {
    const subject = await listeningCache();
    let calls = 0;
    let finish: () => void = () => undefined;
    const slow = subject.map.getMany(['a'], () => new Promise((resolve) => (finish = () => resolve(new Map([['a', ++calls]])))));
    await notify();
    await expect.poll(() => subject.heard, poll).toEqual(['']);
    // Asked after the change: not answered by the load from before it.
    const after = subject.map.getMany(['a'], async () => new Map([['a', ++calls]]));
    expect((await after).get('a')).toBe(1);
    finish();
    expect((await slow).get('a')).toBe(2);
    expect((await subject.map.getMany(['a'], async () => new Map([['a', ++calls]]))).get('a')).toBe(1);
  });

  it('forgets the oldest values when the weight of its values passes the bound', async () => {
    const subject = await listeningCache();
    const heavy = subject.cache.createMap<string, number[]>({ maxWeight: 5, weigh: (value) => value.length });
    let loads = 0;
    const load = (length: number) => async () => (loads++, Array.from({ length }, () => 0));
    await heavy.get('a', load(3));
    await heavy.get('b', load(2)); // weight 5: still kept
    await heavy.get('a', load(3));
    expect(loads).toBe(2);
    await heavy.get('c', load(1)); // weight 6: a, the oldest, goes
    await heavy.get('c', load(1));
    await heavy.get('b', load(2));
    expect(loads).toBe(3);
    await heavy.get('a', load(3)); // weight 6 again: b goes
    await heavy.get('c', load(1));
    expect(loads).toBe(4);
    await heavy.get('b', load(2));
    expect(loads).toBe(5);
  });
});
