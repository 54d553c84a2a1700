// The tus protocol's calls at /api/imageUploads (creation, HEAD, PATCH, termination), answered by @tus/server
// over the shared storage folder, with the database as the lock every instance sees. They are not JSON calls
// of the endpoint table (their bodies are raw bytes, their answers headers), and not in the OpenAPI document
// (docs/images.md describes them); they pass the same authentication hook as every API route, with the action
// image:upload, and only the owner of an upload reaches it.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { IMAGE_UPLOADS_PATH, MAX_IMAGE_BYTES, type Endpoint } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../../security/principal.js';
import { DatabaseLocker } from './locker.js';
import type { ImagesService } from './service.js';
import { HashingFileStore, type ImageFiles } from './storage.js';

/** The authentication hook's row for the tus calls: the action they perform. */
const UPLOAD_ENDPOINT = {
  id: 'images.upload',
  method: 'POST',
  path: '/imageUploads',
  action: 'image:upload',
  tags: ['images'],
  summary: 'The tus protocol (docs/images.md)',
  replies: {},
} as const satisfies Endpoint;

interface TusRequest {
  runtime?: { node?: { req?: unknown } };
}

/** A refusal in tus's terms: its status and a text body. */
const tusRefusal = (error: unknown) => {
  if (error instanceof AppError) {
    const status = { validation: 400, payload_too_large: 413, not_found: 404, conflict: 409, forbidden: 403, unauthenticated: 401 }[error.code as string] ?? 400;
    return { status_code: status, body: JSON.stringify({ message: error.message, fieldErrors: error.details.fieldErrors }) };
  }
  return error;
};

export function createTusServer(db: Db, files: ImageFiles, images: ImagesService) {
  // The caller of each raw request, set by the route before tus sees it.
  const callers = new WeakMap<IncomingMessage, Principal>();
  const callerOf = (req: TusRequest): Principal => {
    const raw = req.runtime?.node?.req as IncomingMessage | undefined;
    const principal = raw && callers.get(raw);
    if (!principal) throw new AppError('unauthenticated', 'You must be signed in.');
    return principal;
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw tusRefusal(error);
    }
  };
  const tus = new Server({
    path: IMAGE_UPLOADS_PATH,
    datastore: new HashingFileStore(db, files),
    locker: new DatabaseLocker(db),
    relativeLocation: true,
    maxSize: MAX_IMAGE_BYTES,
    // The name of an upload's file is ours, random, never the user's text.
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: (req, upload) =>
      run(async () => {
        await images.beginUpload(callerOf(req), upload.id, upload.metadata ?? {}, upload.size);
        return {};
      }),
    // A creation is checked by onUploadCreate (its upload has no row yet); every other call names an upload of the caller.
    onIncomingRequest: (req, uploadId) => (req.method === 'POST' ? Promise.resolve() : run(() => images.ownUpload(callerOf(req), uploadId))),
    onUploadFinish: (req, upload) =>
      run(async () => {
        const image = await images.finishUpload(callerOf(req), upload.id, upload.offset);
        return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(image) };
      }),
  });

  const plugin: FastifyPluginAsync = async (app) => {
    // The bytes stream to the file store as they come: no body is parsed, nor held.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      callers.set(request.raw, request.principal!);
      reply.hijack();
      // Helmet's headers, set on the response so far, go with tus's reply.
      await tus.handle(request.raw, reply.raw);
    };
    const config = { endpoint: UPLOAD_ENDPOINT };
    const schema = { hide: true };
    app.route({ method: 'POST', url: '/imageUploads', config, schema, handler: handle });
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      app.route({ method, url: '/imageUploads/:uploadId', config, schema, handler: handle });
    }
  };
  return { tus, plugin };
}
