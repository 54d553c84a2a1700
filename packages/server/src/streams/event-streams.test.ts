// How an event stream holds its connection, on a real HTTP server: a stream that ends closes its connection, and
// a stream whose client left while it was being opened holds nothing.
import { Agent, createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { NotifiedStreams, replyWithEventStream, runEventStream, type StreamFeed } from './event-streams.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(handler: (request: IncomingMessage, out: ServerResponse) => void): Promise<number> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A feed that sends one event, then ends the stream at its first read. */
const oneEvent: StreamFeed = { first: 'event: job\ndata: {}\n\n', read: async (_write, end) => end() };

describe('event streams', () => {
  it('close the connection of a stream that ended, even for a client that would keep it alive', async () => {
    const hub = new NotifiedStreams('test_channel');
    const app = fastify();
    app.get('/events', (_request, reply) => replyWithEventStream(reply, (out) => runEventStream(hub, 1, out, oneEvent, () => undefined)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = app.server;
    const port = (server.address() as AddressInfo).port;
    // A client that keeps its connections for the next request, as browsers and fetch do.
    const agent = new Agent({ keepAlive: true });
    const reply = await new Promise<IncomingMessage>((resolve) => get({ port, host: '127.0.0.1', path: '/events', agent }, resolve));
    expect(reply.headers.connection).toBe('close');
    const socketClosed = new Promise((resolve) => reply.socket.once('close', resolve));
    let body = '';
    for await (const chunk of reply) body += String(chunk);
    expect(body).toContain('event: job');
    await socketClosed;
    expect(hub.openStreams).toBe(0);
    agent.destroy();
  });

  it('holds nothing for a client that left while its stream was being opened', async () => {
    const hub = new NotifiedStreams('test_channel');
    let opened!: () => void;
    const done = new Promise<void>((resolve) => (opened = resolve));
    const port = await serve((request, out) => {
      // The stream is opened once the client has gone, as after the awaits of a route.
      out.once('close', () => {
        const never: StreamFeed = { first: '', read: () => new Promise(() => undefined) };
        runEventStream(hub, 7, out, never, () => undefined);
        opened();
      });
      request.socket.destroy();
    });
    get({ port, host: '127.0.0.1' }).on('error', () => undefined);
    await done;
    expect(hub.openStreams).toBe(0);
  });
});
