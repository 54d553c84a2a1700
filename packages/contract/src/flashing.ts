// Flashing (docs/testbed-file.md). The calls keep the shapes existing callers use (docs/api.md); what
// they once named a status-file path is the opaque handle of a flash job kept by the server.
import * as z from 'zod/mini';
import { macAddressSchema, wholeNumberText } from './input.js';
import { flashedDeviceShape } from './reply-fields.js';

/** The text of a status line that ends a flash (spec section 9). */
export const FLASHING_DONE = 'Flashing done';
/** Separator of a status line 'date : text' (spec section 9). */
export const STATUS_LINE_SEPARATOR = ' : ';
/** The connection result of a ready node (spec section 9). */
export const NODE_READY = '0';
/** How often the screen asks for the status of a running job (spec section 9). */
export const FLASH_POLL_MS = 10_000;

const macAddress = macAddressSchema();

/** A device of the flash listing. */
export const flashNodeSchema = z.object({
  ip: z.string(),
  up: z.boolean(),
  images: z.array(z.string()),
  isFlashableByCurrentUser: z.boolean(),
  /** The flag of the device's type, repeated on each of its devices so that the map stays type → MAC → device. */
  hasDeviceFlashableByCurrentUser: z.boolean(),
  /** Present (true) only when an administrator or a failure streak put the device in quarantine. */
  quarantined: z.optional(z.literal(true)),
});
export type FlashNode = z.infer<typeof flashNodeSchema>;

/** GET /api/getNodes: device type → MAC address → device; types by name, devices by IP address. */
export const flashNodesListSchema = z.record(z.string(), z.record(z.string(), flashNodeSchema));
export type FlashNodesList = z.infer<typeof flashNodesListSchema>;

/** POST /api/flashNodes: the flash form (device type, device, image are required). */
export const flashNodesRequestSchema = z.object({
  deviceType: z.string().check(z.minLength(1, 'Choose a device type.'), z.maxLength(64)),
  device: macAddress,
  image: z.string().check(z.minLength(1, 'Choose an image.'), z.maxLength(128)),
});
export type FlashNodesRequest = z.infer<typeof flashNodesRequestSchema>;

/**
 * The flash form: a device type, one device or (flashing several at once) a list of them, and an image. Its
 * output is one flash request (flashNodesRequestSchema) or a batch's image and devices.
 */
export const flashFormSchema = z
  .object({
    deviceType: z.nullable(z.string()),
    several: z.boolean(),
    device: z.nullable(z.string()),
    devices: z.array(z.string()),
    image: z.nullable(z.string()),
  })
  .check(
    z.refine((form) => Boolean(form.deviceType), { path: ['deviceType'], message: 'Choose a device type.' }),
    z.refine((form) => form.several || Boolean(form.device), { path: ['device'], message: 'Choose a device.' }),
    z.refine((form) => !form.several || form.devices.length > 0, { path: ['devices'], message: 'Choose at least one device.' }),
    z.refine((form) => Boolean(form.image), { path: ['image'], message: 'Choose an image.' }),
  );
export type FlashFormValues = z.infer<typeof flashFormSchema>;

/** value0: success; value1: the start time in seconds since the epoch; value2: the job's handle. */
export const flashNodesReplySchema = z.object({
  value0: z.boolean(),
  value1: z.int(),
  value2: z.string(),
});
export type FlashNodesReply = z.infer<typeof flashNodesReplySchema>;

/** 'cancelled': its reservation ended (released, deleted, shortened or over) before the job did. */
export const flashJobStateSchema = z.enum(['pending', 'flashing', 'waiting_ready', 'restoring', 'done', 'failed', 'cancelled']);
export type FlashJobState = z.infer<typeof flashJobStateSchema>;

const handleSchema = z.uuid('Unknown flash job.');

/** POST /api/checkFlashing: the handle given by flashNodes, as a bare JSON string (docs/api.md) or {handle}. */
export const checkFlashingRequestSchema = z.union([handleSchema, z.object({ handle: handleSchema })]);
export type CheckFlashingRequest = z.infer<typeof checkFlashingRequestSchema>;

/**
 * value0: false once the job failed or was cancelled; value1: the newest status line 'date : text' ('' before the first);
 * state and error tell where the server's pipeline stands (flash, ready, account restored).
 */
export const checkFlashingReplySchema = z.object({
  value0: z.boolean(),
  value1: z.string(),
  state: flashJobStateSchema,
  error: z.nullable(z.string()),
});
export type CheckFlashingReply = z.infer<typeof checkFlashingReplySchema>;

/** POST /api/checkNodeReady: the device's IP address, as a bare JSON string or {ip}. */
export const checkNodeReadyRequestSchema = z.union([
  z.string().check(z.minLength(1), z.maxLength(64)),
  z.object({ ip: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);
export type CheckNodeReadyRequest = z.infer<typeof checkNodeReadyRequestSchema>;

/** value1: the connection result, '0' when the node accepts connections. */
export const checkNodeReadyReplySchema = z.object({ value0: z.boolean(), value1: z.string() });
export type CheckNodeReadyReply = z.infer<typeof checkNodeReadyReplySchema>;

/** POST /api/restoreUserAccountForFlashedDevice: the device's MAC address, as a bare JSON string or {device}. */
export const restoreAccountRequestSchema = z.union([macAddress, z.object({ device: macAddress })]);
export type RestoreAccountRequest = z.infer<typeof restoreAccountRequestSchema>;

/** value0: whether the account now holds the caller's current SSH keys; value1: what happened. */
export const restoreAccountReplySchema = z.object({ value0: z.boolean(), value1: z.string() });
export type RestoreAccountReply = z.infer<typeof restoreAccountReplySchema>;

/** GET /api/flashJobs: the caller's running jobs and those of the last day, newest first. */
export const flashJobSchema = z.object({
  handle: z.string(),
  ...flashedDeviceShape,
  image: z.string(),
  state: flashJobStateSchema,
  statusLine: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** ISO 8601 instants. */
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Once the job is done: the command that opens a shell on the node (with the testbed's jump host if any). */
  sshCommand: z.optional(z.nullable(z.string())),
});
export type FlashJob = z.infer<typeof flashJobSchema>;
export const flashJobListSchema = z.array(flashJobSchema);

/** The text of a status line: what follows the first ' : ', or the whole line. */
export function statusLineText(line: string): string {
  const at = line.indexOf(STATUS_LINE_SEPARATOR);
  return at < 0 ? line.trim() : line.slice(at + STATUS_LINE_SEPARATOR.length).trim();
}

/** The instant of a status line's date, or null when it cannot be read. */
export function statusLineDate(line: string): Date | null {
  const at = line.indexOf(STATUS_LINE_SEPARATOR);
  if (at < 0) return null;
  const time = Date.parse(line.slice(0, at).trim());
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * Whether a line says the flash that started at `startSeconds` is done: its text is 'Flashing done' and
 * its date is not older than the start (an old status file may still hold a previous flash's line).
 */
export function isFlashingDoneLine(line: string, startSeconds: number): boolean {
  const date = statusLineDate(line);
  return statusLineText(line) === FLASHING_DONE && date !== null && Math.floor(date.getTime() / 1000) >= startSeconds;
}

/** A job's path parameter: its handle. */
export const flashJobParamsSchema = z.object({ handle: handleSchema });

/** One entry of a job's kept log: a stage it entered, a status line of the driver, an error, or a note. */
export const flashLogEntrySchema = z.object({
  /** Increasing within a job; the id of a progress-stream event. */
  id: z.string().check(z.regex(/^[0-9]{1,19}$/)),
  /** ISO 8601 instant. */
  at: z.string(),
  kind: z.enum(['stage', 'line', 'error', 'note']),
  /** For a stage, its state name (pending, flashing, waiting_ready, restoring, done, failed, cancelled). */
  text: z.string(),
});
export type FlashLogEntry = z.infer<typeof flashLogEntrySchema>;

/** GET /api/flashJobs/{handle}: a job with its kept log (empty once the operator's retention removed it). */
export const flashJobDetailSchema = z.extend(flashJobSchema, {
  /** The owner's username (an administrator may look at anyone's job). */
  username: z.string(),
  log: z.array(flashLogEntrySchema),
});
export type FlashJobDetail = z.infer<typeof flashJobDetailSchema>;

/** GET /api/flashJobs/history: one page of the caller's flash jobs, newest first. */
export const flashHistoryQuerySchema = z.object({
  /** Jobs older than this one (its handle), for the next page. */
  before: z.optional(handleSchema),
  limit: z._default(wholeNumberText(1, 100), 20),
});
export const flashHistorySchema = z.object({
  jobs: z.array(flashJobSchema),
  /** The handle to pass as `before` for the next page, or null at the end. */
  next: z.nullable(z.string()),
});
export type FlashHistory = z.infer<typeof flashHistorySchema>;

/** POST /api/flashJobs/{handle}/streamTicket: a single-use ticket for opening the job's progress stream. */
export const flashStreamTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds it stays valid. */
  expiresIn: z.int(),
});
export type FlashStreamTicket = z.infer<typeof flashStreamTicketSchema>;

/** A stream's ticket in its URL (flash progress, experiments). */
export const streamTicketFieldSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid or expired stream ticket.'));

/** GET /api/flashJobs/{handle}/events: the ticket, and the last log entry already seen (also Last-Event-ID). */
export const flashEventsQuerySchema = z.object({
  ticket: streamTicketFieldSchema,
  after: z.optional(z.string().check(z.regex(/^[0-9]{1,18}$/, 'Must be the id of a log entry.'))),
});

/** The stages of a flash in order, for a progress bar (failed or cancelled ends it anywhere). */
export const FLASH_STAGES = ['pending', 'flashing', 'waiting_ready', 'restoring', 'done'] as const;

/** POST /api/flashJobs/batch: flash several devices with one image, each its own job. */
export const flashBatchRequestSchema = z.object({
  image: z.string().check(z.minLength(1, 'Choose an image.'), z.maxLength(128)),
  devices: z.array(macAddress).check(
    z.minLength(1, 'Choose at least one device.'),
    z.maxLength(50, 'At most 50 devices at once.'),
    z.refine((macs) => new Set(macs).size === macs.length, 'A device is listed twice.'),
  ),
});
export type FlashBatchRequest = z.infer<typeof flashBatchRequestSchema>;

/** Per device: the job's handle when it started, else why not. */
export const flashBatchReplySchema = z.object({
  jobs: z.array(
    z.object({
      device: z.string(),
      started: z.boolean(),
      handle: z.nullable(z.string()),
      error: z.nullable(z.string()),
    }),
  ),
});
export type FlashBatchReply = z.infer<typeof flashBatchReplySchema>;
