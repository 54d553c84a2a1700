// Replies kept in memory for as long as the database does not announce a change of what they show: triggers
// raise a NOTIFY on a channel as the changing transaction commits, whichever instance or script made the
// change, and each instance LISTENs on it. The replies sit in a bounded LRU (lru-cache); this holds only the
// LISTEN glue: everything is forgotten at each announcement, and nothing is kept while not listening (before
// the LISTEN is established, while its connection is lost, after close), since a change could pass unheard.
import { LRUCache } from 'lru-cache';
import type { Subscribe } from './database.js';

/** A backstop: an entry is read again after this long whatever was announced. */
export const NOTIFIED_MAX_AGE_MS = 60_000;

export class NotifiedReplies {
  /** Replies by call, as the bytes sent: a hit is written as it is, not measured and encoded again. */
  private readonly replies: LRUCache<string, Buffer>;
  /**
   * The keys asked once, for `reply`'s `keepWhenAskedAgain`; made at its first use, as lru-cache sets aside room
   * for all of its entries at once.
   */
  private asked?: LRUCache<string, true>;
  private listening = false;
  /** Raised by every forgetting: a read that started before one must not keep its result after it. */
  protected generation = 0;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly channel: string,
    /** The replies kept, by their total size in bytes. */
    maxBytes: number,
  ) {
    this.replies = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes) => bytes.length || 1, ttl: NOTIFIED_MAX_AGE_MS });
  }

  /** Starts keeping, as long as the database's announcements are heard. */
  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      this.channel,
      () => this.forget(),
      (listening) => {
        this.listening = listening;
        // Dropped or back, what was kept may have changed while nothing was heard.
        this.forget();
      },
    );
  }

  get isListening(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forget();
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  forget(): void {
    this.generation += 1;
    this.replies.clear();
  }

  /** Whether what a read started at `generation` (this.generation then) may be kept now. */
  protected mayKeep(generation: number): boolean {
    return this.listening && generation === this.generation;
  }

  /**
   * The reply for `key`, from memory or from `read`, as bytes. With `keepWhenAskedAgain`, a reply is kept only
   * once its key has been asked before within the backstop's minute: a read whose keys are seldom asked twice (a
   * week of the timeline, among thousands of windows) does not churn the replies kept.
   */
  async reply(key: string, read: () => Promise<Buffer>, { keepWhenAskedAgain = false } = {}): Promise<Buffer> {
    const kept = this.listening ? this.replies.get(key) : undefined;
    if (kept) return kept;
    const generation = this.generation;
    const bytes = await read();
    const asked = keepWhenAskedAgain ? (this.asked ??= new LRUCache<string, true>({ max: 100_000, ttl: NOTIFIED_MAX_AGE_MS })) : undefined;
    if (asked && !asked.has(key)) asked.set(key, true);
    else if (this.mayKeep(generation)) this.replies.set(key, bytes);
    return bytes;
  }
}
