// The loop of a runner whose work is rows with a lease (flash jobs, experiments): a pass every tick, at once
// when woken, never two at a time; on stop, the pass under way is waited for and the leases let go so that
// another instance takes the rows over at once rather than when the leases run out. A NOTIFY channel, if one is
// listened to, wakes the loop of every instance when rows become due elsewhere (a missed one waits a tick). What a pass claims and how
// it steps a row is the runner's (its repo's claim query: due, not leased, FOR UPDATE SKIP LOCKED); nothing but
// the rows decides anything, so any instance may run the loop.
import type { Subscribe } from './database.js';

export interface LeasedRowLoopHooks {
  /** One pass: claims the due rows with a lease and steps them. Catches its own failures. */
  pass: () => Promise<void>;
  /** Lets go of this instance's leases. */
  release: () => Promise<void>;
  /** A release that failed (the database away as the instance stops): logged by the runner. */
  releaseFailed: (error: unknown) => void;
}

export class LeasedRowLoop {
  private timer?: NodeJS.Timeout;
  private running = false;
  private ticking?: Promise<void>;
  /** Woken during a pass: another pass follows at once, for what was made due meanwhile. */
  private wokenMeanwhile = false;
  private tickMs = 1000;
  private unsubscribe?: () => Promise<void>;

  constructor(private readonly hooks: LeasedRowLoopHooks) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(tickMs: number): void {
    if (this.running) return;
    this.tickMs = tickMs;
    this.running = true;
    this.schedule(0);
  }

  /** A pass now rather than at the next tick (a row was just made due on this instance); after the one under way, if any. */
  wake(): void {
    if (!this.running) return;
    if (this.ticking) this.wokenMeanwhile = true;
    else this.schedule(0);
  }

  /** Wakes the loop at each NOTIFY on `channel`, from any instance. */
  async listen(subscribe: Subscribe, channel: string): Promise<void> {
    this.unsubscribe = await subscribe(channel, () => this.wake(), () => undefined);
  }

  /** Stops the passes, waits for the one under way and for `drain` (steps still running), then lets go of the leases. */
  async stop(drain?: () => Promise<unknown>): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
    await drain?.();
    await this.hooks.release().catch(this.hooks.releaseFailed);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.wokenMeanwhile = false;
      this.ticking = this.hooks.pass().finally(() => {
        this.ticking = undefined;
        if (this.running) this.schedule(this.wokenMeanwhile ? 0 : this.tickMs);
      });
    }, ms);
    this.timer.unref();
  }
}
