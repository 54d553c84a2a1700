// Runs one autocannon measurement in a child process, so that the load generator does not share the
// event loop of the server it measures. Booking loads build a new, conflict-free body per request.
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** GET: each request takes the next of these paths (a cold read: another user, page or week each time). */
  paths?: string[];
  /** Warm up by this many whole requests rather than for a second (a route whose answer takes a good part of one). */
  warmUpRequests?: number;
  /** POST /api/reserveNodes: each request books the next free window of one of the devices. */
  booking?: { userId: number; macs: string[]; firstStartMs: number };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function bookingBody(spec: NonNullable<LoadSpec['booking']>, n: number): string {
  const mac = spec.macs[n % spec.macs.length]!;
  // Two-hour steps per device: windows of one hour never touch each other.
  const start = new Date(spec.firstStartMs + Math.floor(n / spec.macs.length) * 2 * 3_600_000);
  const end = new Date(start.getTime() + 3_600_000);
  const date = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  const hour = (d: Date) => `${d.getUTCHours()}:${d.getUTCMinutes()}`;
  return JSON.stringify({
    nodesBookingForm: {
      userId: spec.userId,
      startDate: date(start),
      startHour: hour(start),
      durationHour: 1,
      durationMinute: 0,
      endDate: date(end),
      endHour: hour(end),
      reservationType: 'Exclusive',
      reservationDescription: `bench booking ${n}`,
      selectedDevices: [{ macAddress: mac }],
      timeZone: 'UTC',
    },
    selectedUsers: [],
  });
}

/**
 * How long each process loads the server before it measures: a fresh process's first second (its own JIT,
 * the connections opening) would otherwise count against the server.
 */
const WARM_UP_SECONDS = 1;

async function run(spec: LoadSpec): Promise<LoadResult> {
  // One counter for the warm-up and the measurement: every path and booking body stays new.
  let counter = 0;
  const options: autocannon.Options = {
    url: spec.url,
    connections: spec.connections,
    method: spec.method,
    headers: spec.headers,
    timeout: 10,
    ...(spec.paths
      ? { requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: spec.paths![counter++ % spec.paths!.length]! }) }] }
      : {}),
    ...(spec.booking
      ? {
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => ({ ...request, body: bookingBody(spec.booking!, counter++) }),
            },
          ],
        }
      : {}),
  };
  // A slow route warms up by whole requests: one cut off at the end of a second would still run on the server
  // as the measurement starts, and its time would be counted against the first request measured.
  await measured(spec.warmUpRequests ? { ...options, amount: spec.warmUpRequests } : { ...options, duration: WARM_UP_SECONDS });
  const { result, latencies } = await measured({ ...options, duration: spec.durationSeconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    mean: latencies.length > 0 ? latencies.reduce((sum, latency) => sum + latency, 0) / latencies.length : 0,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * One autocannon run, with the latency of each 2xx answer as measured (autocannon's own percentiles are in
 * whole milliseconds, too coarse to compare answers of one or two).
 */
function measured(options: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve({ result, latencies })));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** The latency under which `share` of them fall (nearest rank), in milliseconds. */
function percentile(latencies: number[], share: number): number {
  if (latencies.length === 0) return 0;
  const sorted = Float64Array.from(latencies).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

process.once('message', (spec: LoadSpec) => {
  run(spec).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
