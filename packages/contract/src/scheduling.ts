// Scheduling beyond the booking form: the earliest free slots, moving the end of a reservation, releasing it.
// The web app, the command-line client and the server all speak these shapes.
import * as z from 'zod/mini';
import { instantSchema, wholeNumberText } from './input.js';
import { deviceAddressShape, timeWindowShape } from './reply-fields.js';
import { wallClockTextSchema } from './wall-clock-text.js';

/** At most this many windows in one free-slot answer. */
export const FREE_SLOTS_MAX = 5;
/** Upper bound of a searched duration (one year); a usage policy may set a lower one. */
export const FREE_SLOTS_MAX_DURATION_MINUTES = 366 * 24 * 60;

/**
 * GET /api/freeSlots?deviceType=&count=&durationMinutes=&from=&to=&mode=: the first windows (soonest first) in
 * which `count` devices of the type, up and not in maintenance, are free for `durationMinutes`. `from` defaults
 * to now, `to` to the furthest start the caller's usage policy allows.
 */
export const freeSlotsQuerySchema = z
  .object({
    deviceType: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    count: wholeNumberText(1, 500),
    durationMinutes: wholeNumberText(1, FREE_SLOTS_MAX_DURATION_MINUTES),
    from: z.optional(instantSchema()),
    to: z.optional(instantSchema()),
    mode: z._default(z.enum(['Exclusive', 'Shared']), 'Exclusive'),
  })
  .check(
    z.refine((query) => !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from), {
      path: ['to'],
      message: 'to must be later than from',
    }),
  );
export type FreeSlotsQuery = z.infer<typeof freeSlotsQuerySchema>;

export const freeSlotDeviceSchema = z.object(deviceAddressShape);
export type FreeSlotDevice = z.infer<typeof freeSlotDeviceSchema>;

/** One window, and the devices it would give (exactly `count` of them). */
export const freeSlotSchema = z.object({ ...timeWindowShape, devices: z.array(freeSlotDeviceSchema) });
export type FreeSlot = z.infer<typeof freeSlotSchema>;
export const freeSlotsReplySchema = z.object({ slots: z.array(freeSlotSchema) });
export type FreeSlotsReply = z.infer<typeof freeSlotsReplySchema>;

/**
 * POST /api/reservations/{id}/end: move the end of a reservation that has not ended, later (every device must
 * stay free: 409 naming the blocking device and window otherwise) or earlier (still after its start and after
 * now). Replies with the reservation in the list shape.
 */
export const changeReservationEndSchema = z.object({ endDate: instantSchema() });
export type ChangeReservationEnd = z.infer<typeof changeReservationEndSchema>;

/**
 * The change-end dialog as typed: the new end's wall-clock text in the reader's zone. The page turns it into
 * changeReservationEndSchema's instant, which that rule then judges.
 */
export const changeEndDraftSchema = z.object({ endDate: wallClockTextSchema(false) });
export type ChangeEndDraft = z.infer<typeof changeEndDraftSchema>;

/**
 * POST /api/reservations/{id}/release: end a reservation that has started now; its devices are free at once and
 * it stays in the history. A reservation that has not started is deleted by DELETE /api/deleteReservation/{id}.
 * Replies with the reservation in the list shape.
 */
