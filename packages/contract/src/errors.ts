import * as z from 'zod/mini';

/** Every error reply of the API has this shape; validation errors also carry fieldErrors keyed by field. */
export const errorReplySchema = z.object({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Cookie the server sets and header the client echoes on non-GET calls (double-submit CSRF protection). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
