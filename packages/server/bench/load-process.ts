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
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: spec.durationSeconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

process.once('message', (spec: LoadSpec) => {
  run(spec).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
