// Behind a trusted proxy the client's address is read from X-Forwarded-For, whose entries left of the proxy's
// own were written by whoever sent the request. An entry that is not an IP address is never a client's
// address: Fastify would otherwise hand it on as `request.ip` (to the rate limits, the sign-in throttle, the
// audit log), so that a client could make up an address per request. The list is cut after its last entry
// that is not an address: what remains is what the trusted proxies vouch for, and with nothing left the
// proxy's own address is the client's.
import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

export function dropForgedForwardedFor(headers: IncomingHttpHeaders): void {
  const value = headers['x-forwarded-for'];
  if (value === undefined) return;
  const entries = (Array.isArray(value) ? value.join(',') : value).split(',').map((entry) => entry.trim());
  let first = entries.length;
  while (first > 0 && isIP(entries[first - 1] ?? '') !== 0) first -= 1;
  if (first === 0) return;
  if (first === entries.length) delete headers['x-forwarded-for'];
  else headers['x-forwarded-for'] = entries.slice(first).join(', ');
}
