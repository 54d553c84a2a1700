// The API's OpenAPI document as client generators take it: generated from the app, equal to the one committed in
// docs/openapi.json (so that every change of the public API shows in review), clean for Redocly's recommended
// rules (redocly.yaml), and naming every operation once, by the endpoint table.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod/mini';
import { API_TAGS, operationIdOf } from '@testbed/contract';
import { allEndpoints } from '@testbed/contract/endpoints/all';
import { endpointExamples } from '@testbed/contract/endpoints/examples';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiDocument } from '../../src/openapi/generate.js';
import { ROOT } from '../instances.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  deprecated?: boolean;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let text: string;
let document: Document;

beforeAll(async () => {
  text = await generateApiDocument();
  document = JSON.parse(text) as Document;
}, 60_000);

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })));

/** Where the committed document differs from the generated one: its paths, and its other top-level parts. */
function differences(committed: string): string {
  let before: Record<string, unknown>;
  try {
    before = JSON.parse(committed) as Record<string, unknown>;
  } catch {
    return 'its JSON, which does not parse';
  }
  const after = document as unknown as Record<string, unknown>;
  const split = (doc: Record<string, unknown>) => ({
    ...Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'paths')),
    ...Object.fromEntries(Object.entries((doc.paths ?? {}) as object).map(([url, item]) => [`paths ${url}`, item])),
  });
  const [old, now] = [split(before), split(after)] as Record<string, unknown>[];
  const keys = [...new Set([...Object.keys(old!), ...Object.keys(now!)])].filter((key) => JSON.stringify(old![key]) !== JSON.stringify(now![key]));
  return keys.length > 0 ? keys.slice(0, 10).join(', ') + (keys.length > 10 ? ` and ${keys.length - 10} more` : '') : 'its layout';
}

describe('docs/openapi.json', () => {
  it('is the document the app generates: run `npm run openapi` after changing the API', async () => {
    const committed = await readFile(path.join(ROOT, 'docs/openapi.json'), 'utf8');
    expect(committed === text, `docs/openapi.json differs from the generated document at ${differences(committed)}: run \`npm run openapi\` and review the change`).toBe(true);
  });
});

describe('the generated OpenAPI document', () => {
  it('passes `redocly lint` with the recommended rules: no error, no warning, nothing ignored', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'testbed-openapi-lint-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, text);
      const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const lint = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
        execFile(
          process.execPath,
          [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
          // Offline: no usage report, no look-up of a newer version.
          { env: { PATH: process.env.PATH, HOME: folder, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
          (error, stdout, stderr) => (stdout ? resolve({ stdout, stderr }) : reject(error ?? new Error(stderr))),
        ),
      );
      const report = JSON.parse(lint.stdout) as { totals: Record<string, number>; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
      expect(report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('says its OpenAPI version, the API version (the portal release), its server and the groups of its operations', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.version).toBe(manifest.version);
    expect(document.servers).toEqual([{ url: 'https://testbed.example.org', description: 'This portal' }]);
    expect(document.tags.map((tag) => tag.name)).toEqual(Object.keys(API_TAGS));
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect(document.tags.filter((tag) => !used.has(tag.name))).toEqual([]);
  });

  it('names each endpoint of the table once, by its operationId, at its own path; the other spellings are not documented', () => {
    const documented = new Map(operations().map(({ name, operation }) => [operation.operationId, name]));
    expect(documented.size).toBe(operations().length);
    expect(operations().length).toBe(allEndpoints.length);
    for (const endpoint of allEndpoints) {
      const id = operationIdOf(endpoint);
      expect(id, endpoint.id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(documented.get(id), endpoint.id).toBe(`${endpoint.method} /api${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    }
    expect(Object.keys(document.paths).filter((url) => url.endsWith('/'))).toEqual([]);
    // The names a generated client's methods take: stable, so renaming one breaks this test on purpose.
    expect(
      ['auth.signIn', 'auth.me', 'reservations.freeSlots', 'reservations.book', 'reservations.release', 'flashing.flash', 'users.list'].map((id) =>
        operationIdOf(allEndpoints.find((endpoint) => endpoint.id === id)!),
      ),
    ).toEqual(['signIn', 'getSignedInUser', 'listFreeSlots', 'reserveNodes', 'releaseReservation', 'flashNodes', 'usersList']);
  });

  it('shows the examples of the calls a script makes, each of which its schema accepts', () => {
    const endpointById = new Map(allEndpoints.map((endpoint) => [endpoint.id, endpoint]));
    expect(endpointExamples.size).toBeGreaterThan(10);
    const byId = new Map(operations().map(({ operation }) => [operation.operationId, operation]));
    const problems: string[] = [];
    for (const [id, { body, replies = {} }] of endpointExamples) {
      const endpoint = endpointById.get(id)!;
      const operation = byId.get(operationIdOf(endpoint))!;
      if (body !== undefined) {
        if (!endpoint.body || !z.safeParse(endpoint.body, body).success) problems.push(`${endpoint.id}: the body example does not fit the body`);
        if (operation.requestBody?.content['application/json']?.example === undefined) problems.push(`${endpoint.id}: no body example in the document`);
      }
      for (const [status, example] of Object.entries(replies)) {
        const schema = endpoint.replies[Number(status)];
        if (!schema || !z.safeParse(schema, example).success) problems.push(`${endpoint.id}: the ${status} example does not fit its reply`);
        if (operation.responses[status]?.content?.['application/json']?.example === undefined) problems.push(`${endpoint.id}: no ${status} example in the document`);
      }
    }
    expect(problems).toEqual([]);
  });
});
