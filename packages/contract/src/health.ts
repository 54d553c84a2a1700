// Health of one instance, for load balancers and orchestrators (GET /api/health/live and /ready).
import * as z from 'zod/mini';

export const healthCheckSchema = z.object({ ok: z.boolean(), detail: z.optional(z.string()) });
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** `live`: the process answers. */
export const livenessReplySchema = z.object({ status: z.literal('ok') });

/**
 * `ready`: this instance can serve: the database answers, every migration is applied, the LISTEN connection
 * that keeps the in-memory copies honest is up, and the mail sender and the flash-job runner are turning.
 * 200 when every check is ok, 503 otherwise (`shutting-down` from the moment a graceful stop is asked, while
 * the instance still serves what reaches it); nothing secret in it.
 */
export const readinessReplySchema = z.object({
  status: z.enum(['ready', 'unavailable', 'shutting-down']),
  checks: z.object({
    database: healthCheckSchema,
    migrations: healthCheckSchema,
    listening: healthCheckSchema,
    mailSender: healthCheckSchema,
    flashRunner: healthCheckSchema,
  }),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;
