// The built web app as a running server serves it while a newer build is made beside it (the build script
// swaps the `dist` link): the server keeps its own build, and a missing script is a 404, not the page.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { missingPath } from '../test/missing-path.js';

/** The start of an ICO file (reserved 0, type 1 = icon, one image) is enough for the server. */
const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

let folder: string;
let database: DatabaseHandle;
let app: FastifyInstance;

async function writeBuild(name: string, script: string) {
  const build = path.join(folder, 'builds', name);
  await mkdir(path.join(build, 'assets'), { recursive: true });
  await writeFile(path.join(build, 'index.html'), `<!doctype html><script src="/assets/${script}"></script>`);
  await writeFile(path.join(build, 'favicon.ico'), ICON);
  const code = `console.log('${name}');\n`.repeat(100);
  await writeFile(path.join(build, 'assets', script), code);
  await writeFile(path.join(build, 'assets', `${script}.br`), brotliCompressSync(code));
  return build;
}

async function pointDistAt(build: string) {
  const link = path.join(folder, 'dist.tmp');
  await symlink(build, link, 'dir');
  await rename(link, path.join(folder, 'dist'));
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await pointDistAt(await writeBuild('one', 'app-one.js'));
  database = await openDatabase('pglite://memory');
  app = await buildApp({
    config: loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'silent' }),
    db: database.db,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: path.join(folder, 'dist'),
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves the page for client-side routes and its scripts', async () => {
    const page = await app.inject({ method: 'GET', url: '/reservations/1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/app-one.js');
    expect((await app.inject({ method: 'GET', url: '/assets/app-one.js' })).body).toContain("'one'");
  });

  it('sends the precompressed copy the browser accepts, cached for a year, and the page never cached', async () => {
    const script = await app.inject({ method: 'GET', url: '/assets/app-one.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(script.rawPayload).toString()).toContain("console.log('one')");
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers of more than 1 KB for a client that accepts it, and only then', async () => {
    const zipped = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).openapi).toMatch(/^3\./);
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the security headers on the page, its scripts and the API's answers", async () => {
    for (const url of ['/reservations/1', '/assets/app-one.js', '/api/health/live', '/api/nothing-here']) {
      const reply = await app.inject({ method: 'GET', url });
      const policy = String(reply.headers['content-security-policy']);
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy, url).toContain("img-src 'self' data: blob:");
      expect(policy, url).toContain("frame-ancestors 'self'");
      expect(policy, url).not.toContain('upgrade-insecure-requests');
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(reply.headers['referrer-policy'], url).toBe('no-referrer');
      expect(reply.headers['strict-transport-security'], url).toContain('max-age=');
    }
  });

  it('answers 404 for a script or any other file that does not exist, not the page', async () => {
    for (const url of ['/assets/app-gone.js', '/robots.txt', '/apple-touch-icon.png']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).not.toContain('<!doctype html>');
    }
  });

  it('serves /favicon.ico as an icon', async () => {
    const reply = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(reply.rawPayload.subarray(0, 4)).toEqual(ICON.subarray(0, 4));
  });

  it('hands the CSRF cookie out with the page and the API, never with a file that shared caches keep', async () => {
    const page = await app.inject({ method: 'GET', url: '/reservations' });
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    const api = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(String(api.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    for (const url of ['/assets/app-one.js', '/favicon.ico', '/api/docs/static/index.css']) {
      const reply = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('keeps serving its own build after a newer build took the dist link', async () => {
    await pointDistAt(await writeBuild('two', 'app-two.js'));
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('/assets/app-one.js');
    const script = await app.inject({ method: 'GET', url: '/assets/app-one.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("'one'");
  });
});
