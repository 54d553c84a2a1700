// What a table row becomes in the OpenAPI document: its operationId, its other spellings answering but left out,
// and a deprecation shown as such, so that a generated client warns before the operation goes.
import Fastify from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { defineEndpoints } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-routes.js';
import { openApiOptions } from './openapi/document.js';

const table = defineEndpoints('samples', {
  list: {
    method: 'GET',
    path: '/samples',
    alsoAt: ['/samples/'],
    action: 'devices:read',
    tags: ['devices'],
    summary: 'Every sample',
    replies: { 200: z.array(z.string()) },
  },
  oldList: {
    method: 'GET',
    path: '/sampleList',
    operationId: 'listSamplesTheOldWay',
    deprecated: 'call listSamples (GET /api/samples) instead; this one goes in the next major version.',
    action: 'devices:read',
    tags: ['devices'],
    summary: 'Every sample, as before',
    description: 'The same list.',
    replies: { 200: z.array(z.string()) },
  },
});

describe('endpointRoutes in the OpenAPI document', () => {
  it('names each operation, documents one path per endpoint and marks a deprecated one with its reason', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifySwagger, openApiOptions({ PUBLIC_URL: 'https://testbed.example.org' }));
    await app.register(endpointRoutes(table, () => ({ list: () => ['a'], oldList: () => ['a'] })), { prefix: '/api' });
    await app.ready();
    const paths = (app.swagger() as { paths: Record<string, { get: Record<string, unknown> }> }).paths;
    expect(Object.keys(paths)).toEqual(['/api/samples', '/api/sampleList']);
    expect(paths['/api/samples']!.get).toMatchObject({ operationId: 'samplesList', tags: ['devices'] });
    expect(paths['/api/samples']!.get.deprecated).toBeUndefined();
    expect(paths['/api/sampleList']!.get).toMatchObject({
      operationId: 'listSamplesTheOldWay',
      deprecated: true,
      description: 'Deprecated: call listSamples (GET /api/samples) instead; this one goes in the next major version.\n\nThe same list.',
    });
    // The other spelling still answers.
    expect((await app.inject({ method: 'GET', url: '/api/samples/' })).json()).toEqual(['a']);
    await app.close();
  });
});
