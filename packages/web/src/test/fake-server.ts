// A fetch stand-in answering by "METHOD /path" (query left out), recording each call with its parsed body.
// Unless the test serves them, the notifications the header's bell reads are none, and not recorded.
import { vi } from 'vitest';

export type FakeHandler = (request: { url: URL; body: unknown }) => { status?: number; body?: unknown };

export function fakeServer(routes: Record<string, FakeHandler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      // The frame's own read of the notifications (the header's bell, on every signed-in page), when the test
      // does not serve them: none, and not among the page's calls.
      if (`${method} ${url.pathname}` === 'GET /api/notifications' && !routes['GET /api/notifications']) {
        return new Response(JSON.stringify({ notifications: [], unread: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      calls.push({ method, url, body });
      const handler = routes[`${method} ${url.pathname}`];
      const reply = handler ? handler({ url, body }) : { status: 404, body: { message: `No route ${method} ${url.pathname}` } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    called: (method: string, path: string) => calls.filter((call) => call.method === method && call.url.pathname === path),
  };
}
