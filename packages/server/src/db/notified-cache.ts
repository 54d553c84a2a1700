// Values kept in memory for as long as the database does not announce a change of them. Triggers raise a
// NOTIFY as the changing transaction commits, whichever instance or script made the change, and every
// instance LISTENs on the channel, so a change made through one instance reaches the memory of all of them.
// A NotifiedCache holds one such subscription and the maps of values that it invalidates; it trusts them
// only while it is listening: before the LISTEN is established, while the connection is lost and after
// close, every read goes to the loader and nothing is kept, because a change could pass unheard.
import type { Subscribe } from './database.js';

export interface NotifiedMapOptions<V = unknown> {
  /** Past this many entries the map forgets the oldest it kept, to make room (a bound on memory). */
  maxEntries?: number;
  /** A backstop: an entry is loaded again after this long whatever was announced. */
  maxAgeMs?: number;
  /** Past this total weight of the entries (`weigh`) the map forgets the oldest it kept, as with `maxEntries`. */
  maxWeight?: number;
  /** The weight of a value, for `maxWeight` (such as the number of items it holds). */
  weigh?: (value: V) => number;
}

/** Values by key, kept while their cache listens and until they are forgotten or their time is up. */
export class NotifiedMap<K, V> {
  /** Answers from memory and from the loader, for the metrics. */
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<K, { value: V; until: number; weight: number }>();
  /** The total weight of the entries (see NotifiedMapOptions.weigh). */
  private weight = 0;
  /** Raised by every forgetting: a load that started before one must not keep its result after it. */
  private generation = 0;
  /** The loads of getMany under way by key, started since the last forgetting: later calls wait for them. */
  private readonly loading = new Map<K, Promise<Map<K, V>>>();

  constructor(
    private readonly isListening: () => boolean,
    private readonly options: NotifiedMapOptions<V> = {},
  ) {}

  /**
   * The value for `key`, from memory or from `load`. `keepFor` tells from a loaded value how long (ms) it
   * stays true by the mere passing of time; 0 or less keeps it not at all.
   */
  async get(key: K, load: () => Promise<V>, keepFor: (value: V) => number = () => Infinity): Promise<V> {
    const cached = this.entries.get(key);
    if (cached && this.isListening() && performance.now() < cached.until) {
      this.stats.hits++;
      return cached.value;
    }
    this.stats.misses++;
    const generation = this.generation;
    const value = await load();
    if (this.isListening() && generation === this.generation) this.keep(key, value, keepFor(value));
    return value;
  }

  /**
   * The values for `keys`: those in memory, those another call is loading already, and the others from one
   * call of `load`, which answers the keys it is given, knowing those found in memory (a key it leaves out, or
   * whose load failed for another call, is left out of the answer too). Counts one hit per key found in
   * memory and one miss per call of `load`.
   */
  async getMany(keys: readonly K[], load: (missing: K[], found: ReadonlyMap<K, V>) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    const waiting: K[] = [];
    const listening = this.isListening();
    const now = performance.now();
    for (const key of keys) {
      const cached = this.entries.get(key);
      if (cached && listening && now < cached.until) found.set(key, cached.value);
      else if (listening && this.loading.has(key)) waiting.push(key);
      else missing.push(key);
    }
    this.stats.hits += found.size;
    let loading: Promise<Map<K, V>> | undefined;
    if (missing.length > 0) {
      this.stats.misses++;
      const generation = this.generation;
      loading = load(missing, new Map(found)).then((loaded) => {
        if (this.isListening() && generation === this.generation) for (const [key, value] of loaded) this.keep(key, value, Infinity);
        return loaded;
      });
      // Shared only while nothing was forgotten since it started: forgetting empties `loading`.
      if (listening) {
        for (const key of missing) this.loading.set(key, loading);
        const done = () => {
          for (const key of missing) if (this.loading.get(key) === loading) this.loading.delete(key);
        };
        loading.then(done, done);
      }
    }
    const others = waiting.map((key) => [key, this.loading.get(key)!] as const);
    for (const [key, value] of (await loading) ?? []) found.set(key, value);
    for (const [key, other] of others) {
      const value = (await other.catch(() => undefined))?.get(key);
      if (value !== undefined) found.set(key, value);
    }
    return found;
  }

  /** Keeps `value` for at most `keepFor` ms (and the map's max age), making room first if the map is full. */
  private keep(key: K, value: V, keepFor: number): void {
    const timeLeft = Math.min(this.options.maxAgeMs ?? Infinity, keepFor);
    if (timeLeft <= 0) return;
    const weight = this.options.weigh?.(value) ?? 0;
    this.delete(key);
    // The oldest kept go first: a Map walks its keys in the order they were set.
    const maxEntries = this.options.maxEntries ?? Infinity;
    const maxWeight = this.options.maxWeight ?? Infinity;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < maxEntries && this.weight + weight <= maxWeight) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, until: performance.now() + timeLeft, weight });
    this.weight += weight;
  }

  private delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  forget(key: K): void {
    this.generation++;
    this.loading.clear();
    this.delete(key);
  }

  /** Forgets the values that pass `test` (those the map is not keyed by, such as a token's owner). */
  forgetWhere(test: (value: V) => boolean): void {
    this.generation++;
    this.loading.clear();
    for (const [key, { value }] of this.entries) if (test(value)) this.delete(key);
  }

  forgetAll(): void {
    this.generation++;
    this.loading.clear();
    this.clear();
  }
}

/**
 * One LISTEN on `channel` and the maps it invalidates. A notification forgets everything; a subclass that
 * can tell from the payload what changed overrides `onNotify` to forget less.
 */
export class NotifiedCache {
  private readonly maps: { forgetAll(): void }[] = [];
  private listening = false;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly channel: string) {}

  /** Starts trusting the maps, as long as the subscription is live. */
  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      this.channel,
      (payload) => this.onNotify(payload),
      (listening) => {
        this.listening = listening;
        // Dropped or back, what was kept may have changed while nothing was heard.
        this.forgetAll();
      },
    );
  }

  /** Whether the database's announcements are heard now. */
  get isListening(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forgetAll();
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Forgets every value of every map (a change announced, or made by this instance). */
  forgetAll(): void {
    for (const map of this.maps) map.forgetAll();
  }

  /** A new map of values that this cache's subscription invalidates. */
  createMap<K, V>(options?: NotifiedMapOptions<V>): NotifiedMap<K, V> {
    const map = new NotifiedMap<K, V>(() => this.listening, options);
    this.maps.push(map);
    return map;
  }

  protected onNotify(_payload: string): void {
    this.forgetAll();
  }
}
