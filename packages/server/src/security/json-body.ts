// JSON bodies are refused by their shape before they are parsed. JSON.parse itself copes with any depth, but
// it takes tens of milliseconds on a 100,000-deep body, and everything that walks a parsed body afterwards
// (the prototype-poisoning scan, the text rule, the schema validation) would pay for the depth again. No form
// of the API nests more than a few levels or holds more than a few thousand values, so one linear pass over
// the raw text stops at the first level or value past the limits, while the body is still a string.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Levels of arrays and objects a body may nest (the forms of the API use a handful). */
export const BODY_MAX_DEPTH = 32;
/** Keys and array items a body may hold in all (the largest form, a booking of 500 devices, holds about 1,500). */
export const BODY_MAX_ENTRIES = 10_000;

export const BODY_TOO_DEEP = `Body nests arrays and objects more than ${BODY_MAX_DEPTH} levels deep.`;
export const BODY_TOO_LARGE = `Body holds more than ${BODY_MAX_ENTRIES} keys and array items.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * What is wrong with the shape of a JSON text (too deep, too many entries), or null. One pass, no recursion;
 * it counts entries as commas plus one per non-empty array or object, which is exact for valid JSON and at
 * worst an overcount for invalid JSON, which the parser refuses anyway.
 */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let entries = 0;
  let inString = false;
  // Just after an opening bracket: the next significant character tells whether the container is empty.
  let opened = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (isSpace(code)) continue;
    if (opened) {
      opened = false;
      if (code !== CLOSE_ARRAY && code !== CLOSE_OBJECT && ++entries > BODY_MAX_ENTRIES) return BODY_TOO_LARGE;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > BODY_MAX_DEPTH) return BODY_TOO_DEEP;
      opened = true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1;
    else if (code === COMMA && ++entries > BODY_MAX_ENTRIES) return BODY_TOO_LARGE;
  }
  return null;
}

/** Replaces Fastify's JSON parser by the same parser (prototype poisoning refused) behind the shape check. */
export const jsonBodyLimits = fp(async (app) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(new AppError('validation', problem, { fieldErrors: { body: [problem] } }), undefined);
      return;
    }
    parse(request, text, done);
  });
});
