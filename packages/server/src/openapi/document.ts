// The OpenAPI document at /api/docs/json, as client generators and linters take it: @fastify/swagger writes
// an operation per route of the endpoint tables (endpoint-routes.ts names each one and hides the other
// spellings of a path); here the document gets its version, its server, the groups of its operations, the
// examples of contract/src/endpoints/examples.ts, and schemas that OpenAPI 3.0.3 reads as meant. docs/openapi.json is this document as
// committed (`npm run openapi`), so that every change of the API shows in review.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TAGS, operationIdOf, type Endpoint } from '@testbed/contract';
import { allEndpoints } from '@testbed/contract/endpoints/all';
import { endpointExamples } from '@testbed/contract/endpoints/examples';
import type { Config } from '../config.js';
import { buildInfo } from '../logging/build-info.js';

type Json = Record<string, unknown>;
interface OpenApiDocument {
  paths?: Record<string, Json>;
  components?: { schemas?: Json };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** What a reply of each status means, for the replies whose schema does not say it. */
const STATUS_MEANINGS: Record<string, string> = {
  200: 'Done',
  201: 'Created',
  400: 'A field is not valid: the message names it',
  401: 'Not signed in, or the token is unknown, expired or revoked',
  403: 'Not allowed to the caller, or to this personal API token',
  404: 'Not found',
  409: 'In conflict with the state of things',
  429: 'Too many calls: wait for Retry-After seconds',
};

export function openApiOptions(config: Pick<Config, 'PUBLIC_URL'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Testbed Portal API',
        // The API's version is the portal's release; docs/api-changelog.md says what each one changed.
        version: buildInfo().version,
        description:
          'Accounts, devices, bookings and flashing. Scripts call it with a personal API token (`Authorization: Bearer tbp_...`); ' +
          'each operation says whether it takes one and which scope. Errors are `{ "message": "..." }`, validation errors also carry `fieldErrors`.',
      },
      servers: [{ url: config.PUBLIC_URL, description: 'This portal' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The accessToken of POST /api/auth/signin (a JWT, 8 hours), or a personal API token (tbp_..., created on the profile) ' +
              'on the calls that accept its scope.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Options of OpenAPI 3 only: the object given is always `openapiObject`.
    transformObject: (documentObject) => completeDocument((documentObject as { openapiObject: OpenApiDocument }).openapiObject) as never,
  };
}

function completeDocument(document: OpenApiDocument): OpenApiDocument {
  for (const schemas of [document.paths, document.components?.schemas]) if (schemas) asOpenApi30(schemas);
  const byOperationId = new Map<string, Endpoint>(allEndpoints.map((endpoint) => [operationIdOf(endpoint), endpoint]));
  for (const methods of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = methods[method] as Json | undefined;
      for (const [status, response] of Object.entries((operation?.responses ?? {}) as Record<string, Json>)) {
        // @fastify/swagger's placeholder, where the reply's schema gives no description of its own.
        if (response.description === 'Default Response' && STATUS_MEANINGS[status]) response.description = STATUS_MEANINGS[status];
      }
      const endpoint = operation && byOperationId.get(operation.operationId as string);
      const examples = endpoint && endpointExamples.get(endpoint.id);
      if (!operation || !examples) continue;
      if (examples.body !== undefined) forEachContent(operation.requestBody, (content) => (content.example = examples.body));
      for (const [status, example] of Object.entries(examples.replies ?? {})) {
        forEachContent((operation.responses as Json | undefined)?.[status], (content) => (content.example = example));
      }
    }
  }
  return document;
}

function forEachContent(holder: unknown, visit: (content: Json) => void) {
  const content = (holder as { content?: Record<string, Json> } | undefined)?.content;
  for (const media of Object.values(content ?? {})) visit(media);
}

/**
 * What zod's JSON Schema becomes in OpenAPI 3.0 keeps two shapes that 3.0.3 does not read as meant: `nullable`
 * beside an `anyOf` without a `type` (3.0.3 takes `nullable` only with a `type`), and an `anyOf` of one schema.
 * The one schema takes the place of its `anyOf`, and `nullable` moves into each alternative.
 */
function asOpenApi30(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) asOpenApi30(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  for (const value of Object.values(schema)) asOpenApi30(value);
  const anyOf = schema.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 1 && Object.keys(anyOf[0]!).every((key) => !(key in schema) || key === 'anyOf')) {
    delete schema.anyOf;
    Object.assign(schema, anyOf[0]);
  }
  if (schema.nullable === true && schema.type === undefined) {
    const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    for (const alternative of alternatives ?? []) if (alternative.type !== undefined) alternative.nullable = true;
    delete schema.nullable;
  }
}
