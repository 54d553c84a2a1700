// Device health (administrators): each device's flash outcomes, its failure streak and its quarantine.
import * as z from 'zod/mini';
import { macAddressSchema } from './input.js';
import { flashedDeviceShape } from './reply-fields.js';

export const deviceHealthStateSchema = z.enum(['up', 'down', 'flashing', 'quarantined']);
export type DeviceHealthState = z.infer<typeof deviceHealthStateSchema>;

export const deviceHealthSchema = z.object({
  ...flashedDeviceShape,
  state: deviceHealthStateSchema,
  failureStreak: z.int(),
  /** ISO 8601 instants. */
  lastSuccessAt: z.nullable(z.string()),
  lastFailureAt: z.nullable(z.string()),
  quarantine: z.nullable(
    z.object({
      since: z.string(),
      reason: z.string(),
      /** Who put it there by hand; null when its failure streak did. */
      by: z.nullable(z.string()),
    }),
  ),
  /** The last five flashes, newest first. */
  lastFlashes: z.array(
    z.object({ handle: z.string(), state: z.string(), image: z.string(), startedAt: z.string(), finishedAt: z.nullable(z.string()) }),
  ),
});
export type DeviceHealth = z.infer<typeof deviceHealthSchema>;

/** GET /api/deviceHealth */
export const deviceHealthListSchema = z.array(deviceHealthSchema);

export const deviceHealthParamsSchema = z.object({ mac: macAddressSchema() });

/** POST /api/deviceHealth/{mac}/quarantine and /release: the administrator's note, kept in the audit. */
export const deviceHealthNoteSchema = z.object({
  note: z.string().check(z.trim(), z.minLength(1, 'Write a note saying why.'), z.maxLength(500, 'At most 500 characters.')),
});
export type DeviceHealthNote = z.infer<typeof deviceHealthNoteSchema>;
