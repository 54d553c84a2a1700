// Test double of the server for the component tests of this feature: fetch answers by method and path
// (the pages call several endpoints at once, in no fixed order) and records what was sent.
import type { Reservation } from '@testbed/contract';
import { vi } from 'vitest';

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeRoute = (request: { url: URL; method: string; body: unknown }) => FakeReply | Promise<FakeReply>;

export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Routes keyed 'GET /api/reservationTypes'; a path ending with '*' matches any rest. */
export function fakeApi(routes: Record<string, FakeRoute | FakeReply>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path: url.pathname, search: url.searchParams, body });
    const key = `${method} ${url.pathname}`;
    const match =
      routes[key] ??
      Object.entries(routes).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    if (!match) return new Response(JSON.stringify({ message: `No fake for ${key}` }), { status: 404, headers: { 'content-type': 'application/json' } });
    const reply = typeof match === 'function' ? await match({ url, method, body }) : match;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent };
}

const person = (userId: number, firstname: string, lastName: string) => ({ userId, firstname, lastName });

export const people = {
  alice: person(7, 'Alice', 'Martin'),
  bob: person(8, 'Bob', 'Durand'),
  carol: person(9, 'Carol', 'Petit'),
};

export function aReservation(overrides: Partial<Reservation> & Pick<Reservation, 'reservationId'>): Reservation {
  return {
    responsibleUser: people.alice,
    users: [],
    submissionDate: new Date(2030, 0, 2, 9, 5).toISOString(),
    startDate: new Date(2030, 0, 10, 8, 0).toISOString(),
    endDate: new Date(2030, 0, 10, 10, 30).toISOString(),
    description: 'radio tests',
    reservationType: 'Exclusive',
    deviceReservations: [
      { device: { ipAddress: '10.0.1.11', macAddress: '02:00:00:01:00:01', deviceType: 'raspberry-pi-4' } },
      { device: { ipAddress: '10.0.1.12', macAddress: '02:00:00:01:00:02', deviceType: 'raspberry-pi-4' } },
    ],
    ...overrides,
  };
}
