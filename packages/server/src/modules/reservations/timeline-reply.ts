// The booking timeline's reply, joined on every call from its reservations' JSON kept as bytes, each with its
// digest: the reply's validator (ETag) is the hash of those digests rather than of the reply's bytes. A week of a
// type holds about a hundred reservations, 50 KB: joining their texts, encoding the text as UTF-8 and hashing it
// took 95 µs of each request, copying the bytes and hashing the digests 20 µs (reply-cache.ts keeps the entries
// by UTC day, with their bytes and digests).
import { createHash } from 'node:crypto';
import { setEtagFromDigests } from '../../reply-validators.js';
import type { WindowEntry } from './repo.js';

/** A reservation on the timeline: its id, its period (epoch milliseconds), its JSON in the lists' shape as bytes, and their digest. */
export interface TimelineEntry {
  id: number;
  starts: number;
  ends: number;
  json: Buffer;
  digest: Buffer;
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

export function timelineEntries(rows: readonly WindowEntry[]): TimelineEntry[] {
  return rows.map((row) => {
    const json = Buffer.from(row.text);
    return { id: row.id, starts: row.starts, ends: row.ends, json, digest: digestOf(json) };
  });
}

const OPENING = Buffer.from('{"reservations":[');
const COMMA = ','.charCodeAt(0);
const ENDINGS = [Buffer.from('],"complete":true}'), Buffer.from('],"complete":false}')].map((bytes) => ({ bytes, digest: digestOf(bytes) }));

/**
 * The timeline reply (contract: reservationTimelineSchema) of a window's entries, soonest first: the first
 * `limit`, and whether that is all of them. Copied into one buffer sized first (Buffer.concat of the hundred
 * parts took twice as long).
 */
export function timelineReply(entries: readonly TimelineEntry[], limit: number): Buffer {
  const shown = entries.slice(0, limit);
  const ending = ENDINGS[entries.length <= limit ? 0 : 1]!;
  let size = OPENING.length + ending.bytes.length + Math.max(0, shown.length - 1);
  for (const entry of shown) size += entry.json.length;
  const reply = Buffer.allocUnsafe(size);
  reply.set(OPENING, 0);
  let offset = OPENING.length;
  for (const [n, entry] of shown.entries()) {
    if (n > 0) reply[offset++] = COMMA;
    reply.set(entry.json, offset);
    offset += entry.json.length;
  }
  reply.set(ending.bytes, offset);
  setEtagFromDigests(reply, [...shown.map((entry) => entry.digest), ending.digest]);
  return reply;
}
