// A steady load of reads and bookings for the tests of several instances: each worker sends one request after
// another until stopped, and every answer is counted by kind and status, so a test can say which answers it
// accepts (a 409 for a booking that met another, a 503 while the database is away ...) and see all the others.
import { at, bookingBody, HOUR } from './booking.js';

export interface LoadReport {
  /** Answers by kind and status, e.g. `read 200`, `booking 409`, `booking 503`. */
  counts: Record<string, number>;
  /** Answers that broke a promise of the API (a 503 without Retry-After, a body that is not JSON) and network errors. */
  broken: string[];
  /** When each answer came, by kind and status, for the tests that look at a moment (Date.now()). */
  times: { at: number; what: string; target: string }[];
}

export interface LoadOptions {
  /** Where each request goes: the proxy, or one instance after another. */
  target: (n: number) => string;
  token: string;
  readers: number;
  bookers: number;
  /** The booker's user id and the devices it books, one window per booking, never the same twice. */
  booking?: { userId: number; macs: string[] };
}

export function startLoad(options: LoadOptions): { stop(): Promise<LoadReport> } {
  const report: LoadReport = { counts: {}, broken: [], times: [] };
  let running = true;
  let sent = 0;
  let bookings = 0;
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };

  const send = async (kind: string, method: string, path: string, body?: unknown) => {
    const target = options.target(sent++);
    let what: string;
    try {
      const reply = await fetch(`${target}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await reply.text();
      what = `${kind} ${reply.status}`;
      try {
        JSON.parse(text);
      } catch {
        report.broken.push(`${what}: not JSON: ${text.slice(0, 100)}`);
      }
      if (reply.status === 503 && !/^\d+$/.test(reply.headers.get('retry-after') ?? '')) report.broken.push(`${what} without Retry-After`);
    } catch (error) {
      what = `${kind} network error`;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      report.broken.push(`${what}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
    }
    report.counts[what] = (report.counts[what] ?? 0) + 1;
    report.times.push({ at: Date.now(), what, target });
  };

  const reader = async () => {
    while (running) await send('read', 'GET', '/api/getNodesToReserve');
  };
  const booker = async () => {
    const booking = options.booking!;
    while (running) {
      // One hour each, one device after another, a day further once every device had its hour: no two alike.
      const n = bookings++;
      const start = at(1 + Math.floor(n / (booking.macs.length * 20)), Math.floor(n / booking.macs.length) % 20);
      const mac = booking.macs[n % booking.macs.length]!;
      await send('booking', 'POST', '/api/reserveNodes', bookingBody({ userId: booking.userId, macs: [mac], start, end: new Date(start.getTime() + HOUR) }));
    }
  };
  const workers = [
    ...Array.from({ length: options.readers }, reader),
    ...Array.from({ length: options.booking ? options.bookers : 0 }, booker),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return report;
    },
  };
}
