// Reads the mails a journey's server wrote to its outbox folder (<DATA_DIR>/outbox/*.eml when no SMTP_URL
// is set), as a person would read their mailbox: who it is for, its subject, its plain text and links.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The plain text of a message, looking into a multipart one for its text/plain part. */
function plainText(raw: string): { headers: Map<string, string>; text: string } {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = plainText(part.replace(/^\n/, ''));
      if (inner.text) return { headers, text: inner.text };
    }
    return { headers, text: '' };
  }
  if (!type.toLowerCase().startsWith('text/plain')) return { headers, text: '' };
  return { headers, text: decodeBody(headers, body) };
}

/** Every mail of the outbox folder, oldest first (file names start with the time of writing). */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const { headers, text } = plainText(await readFile(join(dir, name), 'utf8'));
      return {
        file: name,
        to: decodeHeaderWords(headers.get('to') ?? ''),
        subject: decodeHeaderWords(headers.get('subject') ?? ''),
        text,
      };
    }),
  );
}

/**
 * Waits for the newest mail to `to` whose subject matches, written after the `after` first mails of the
 * folder (pass the count read before the action that sends it).
 */
export async function waitForMail(
  dataDir: string,
  match: { to: string; subject: RegExp; after?: number },
  timeoutMs = 20_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dataDir)).slice(match.after ?? 0);
    const found = mails.filter((mail) => mail.to.toLowerCase().includes(match.to.toLowerCase()) && match.subject.test(mail.subject));
    if (found.length) return found.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${match.to} matching ${match.subject} in ${dataDir}/outbox (found: ${mails.map((m) => `${m.to} "${m.subject}"`).join(', ')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a mail's text that goes to `route` (e.g. "resetPassword"). */
export function linkTo(mail: OutboxMail, route: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => new URL(url).pathname.startsWith(`/${route}/`));
  if (!link) throw new Error(`the mail "${mail.subject}" has no /${route}/ link:\n${mail.text}`);
  return link;
}
