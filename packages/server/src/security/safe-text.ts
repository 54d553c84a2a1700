// Applies the contract's text rule to everything a client sends to the API (body, query string and path
// parameters) before validation, so that no route can forget it: a NUL, a control character or an unpaired
// surrogate anywhere is a 400 naming the field, and never reaches PostgreSQL.
import fp from 'fastify-plugin';
import { UNSAFE_TEXT_MESSAGE, findUnsafeText } from '@testbed/contract';
import { AppError } from '../errors.js';

export const safeText = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const field = findUnsafeText(value);
      if (field === null) continue;
      // A bare string body (checkFlashing takes one: docs/api.md) has no field name of its own.
      const name = field || part;
      throw new AppError('validation', `${name}: ${UNSAFE_TEXT_MESSAGE}`, { fieldErrors: { [name]: [UNSAFE_TEXT_MESSAGE] } });
    }
  });
});
