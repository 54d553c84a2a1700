// Server-Sent Events fed by the database's NOTIFY: the rows a stream follows are changed by whichever instance,
// and a trigger NOTIFYs a channel with the id of what changed. Every instance LISTENs once per channel
// (NotifiedStreams); each open stream of that id then reads again, so a stream on one instance follows work done
// by another. While the instance is not listening (its listening connection dropped), the open streams read
// every two seconds instead. Flash progress (modules/flashing/progress-stream.ts) and experiments
// (modules/experiments/experiment-stream.ts) are such streams.
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Subscribe } from '../db/database.js';

const FALLBACK_READ_MS = 2_000;
const KEEPALIVE_MS = 15_000;

/** The open streams of one instance that follow one NOTIFY channel, whose payload is the id of what changed. */
export class NotifiedStreams {
  private readonly watchers = new Map<number, Set<() => void>>();
  /** How to end each open stream, for a shutdown. */
  private readonly streams = new Set<() => void>();
  private listening = false;
  private unsubscribe?: () => Promise<void>;

  constructor(private readonly channel: string) {}

  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      this.channel,
      (payload) => this.announce(Number(payload)),
      (listening) => {
        this.listening = listening;
        // Back after a drop: whatever was announced meanwhile is read now.
        if (listening) for (const id of this.watchers.keys()) this.announce(id);
      },
    );
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Open streams, for the metrics. */
  get openStreams(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  watch(id: number, onChange: () => void): () => void {
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(id);
    };
  }

  /** Keeps a stream's end, so that a shutdown can end it; answers the function that forgets it. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /**
   * Ends every open stream: a closing instance must not wait for work that may run for minutes. The clients
   * open a new stream (on another instance) or read meanwhile.
   */
  endStreams(): void {
    for (const end of [...this.streams]) end();
  }

  async close(): Promise<void> {
    this.listening = false;
    this.endStreams();
    await this.unsubscribe?.();
  }

  private announce(id: number): void {
    for (const onChange of this.watchers.get(id) ?? []) onChange();
  }
}

/** One event of a stream. */
export function sseEvent(name: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What a stream sends: `first` at once, then what `read` writes each time the id is announced. */
export interface StreamFeed {
  first: string;
  /** Reads what changed and writes it; calls `end` once there is nothing more to follow. Never run twice at once. */
  read: (write: (chunk: string) => void, end: () => void) => Promise<void>;
}

/**
 * Runs a stream of `id` on an SSE response until `read` ends it, the client goes, or the instance closes: a read
 * after each announcement (one at a time; announcements during a read make one more), a read every two seconds
 * while the instance is not listening, and a keepalive comment every 15 s so that proxies keep it open.
 */
export function runEventStream(hub: NotifiedStreams, id: number, out: ServerResponse, feed: StreamFeed, onError: (error: unknown) => void): void {
  let reading: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const write = (chunk: string) => {
    if (!closed) out.write(chunk);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    untrack();
    unwatch();
    clearInterval(fallback);
    clearInterval(keepalive);
    out.end();
  };
  const read = (): void => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        await feed.read(write, close);
      } while (again && !closed);
    })()
      .catch((error: unknown) => {
        onError(error);
        close();
      })
      .finally(() => (reading = undefined));
  };

  const unwatch = hub.watch(id, read);
  const untrack = hub.track(close);
  const fallback = setInterval(() => {
    if (!hub.isListening) read();
  }, FALLBACK_READ_MS);
  const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
  fallback.unref();
  keepalive.unref();
  out.on('close', close);
  // A client gone while the stream was being opened: there will be no 'close' to wait for.
  if (out.closed) return close();
  // EventSource retries a lost stream after this long; our tickets are single use, so the client
  // takes over (a new ticket, or a read) rather than relying on it.
  write(`retry: 10000\n\n`);
  write(feed.first);
  read();
}

/** Answers a request with the stream `send` writes on the raw response. */
export function replyWithEventStream(reply: FastifyReply, send: (out: ServerResponse) => void): void {
  // The stream is written on the raw response: the headers set so far (security headers) go with it.
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx would otherwise hold the events back in its buffer.
    'x-accel-buffering': 'no',
    // A stream that ends (its job ended, or its instance is closing) takes its connection with it: a closing
    // instance must not wait for the keep-alive of a client that no longer reads.
    connection: 'close',
  });
  send(reply.raw);
}
