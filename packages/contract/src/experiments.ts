// Experiments: a description (which devices, how long, when, which image on each group of devices, who
// else takes part) that the server books, flashes and follows to ready in one step, and keeps for a replay.
// The description is JSON (the CLI also reads it as YAML); its JSON Schema is served at
// GET /api/experiments/schema and written to docs/experiment.schema.json.
import * as z from 'zod/mini';
import { idFieldSchema, idParamsSchema, instantSchema, macAddressSchema } from './input.js';
import { streamTicketFieldSchema } from './flashing.js';
import { timeWindowShape } from './reply-fields.js';

/** Longest experiment: the booking rules (usage policies) usually allow less. */
export const EXPERIMENT_MAX_MINUTES = 366 * 24 * 60;
export const EXPERIMENT_MAX_GROUPS = 10;
export const EXPERIMENT_MAX_DEVICES = 100;

const macAddress = macAddressSchema('must be a MAC address such as 02:00:00:01:00:01');

/** Prose on one line, no control character, no space at either end. */
const ONE_LINE = /^[^\p{C}\s](?:[^\p{C}\n\r\t\v\f]*[^\p{C}\s])?$/u;

/** A catalogue property's wanted value: the device's property equals it (or, for a list, contains it). */
const propertyValueSchema = z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number(), z.boolean()]);

/**
 * One group of devices and the image they get. The devices: `count` devices of the type (those whose catalogue
 * properties match `properties`, when given), or the `devices` named by MAC address. The image: an operator's
 * image of the type by `image` (its name in the testbed file), or a user's own image by `imageId`; exactly one.
 */
export const experimentGroupSchema = z
  .object({
    type: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be the name of a device type')),
    count: z.optional(z.int().check(z.gte(1), z.lte(EXPERIMENT_MAX_DEVICES))),
    properties: z.optional(
      z.record(z.string().check(z.regex(/^[a-z][a-zA-Z0-9_-]{0,31}$/, 'must be the name of a catalogue property')), propertyValueSchema),
    ),
    devices: z.optional(
      z.array(macAddress).check(
        z.minLength(1),
        z.maxLength(EXPERIMENT_MAX_DEVICES),
        z.refine((macs) => new Set(macs).size === macs.length, 'a device is listed twice'),
      ),
    ),
    image: z.optional(z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,127}$/, 'must be the name of an image of the type'))),
    imageId: z.optional(idFieldSchema),
  })
  .check(
    z.refine((group) => (group.image === undefined) !== (group.imageId === undefined), {
      message: 'give the image of the group: either image (an operator image) or imageId (one of your own)',
      path: ['image'],
    }),
    z.refine((group) => !(group.devices && (group.count !== undefined || group.properties)), {
      message: 'name the devices, or give a count (and properties), not both',
      path: ['devices'],
    }),
  );
export type ExperimentGroup = z.infer<typeof experimentGroupSchema>;

/** The image a group asks for, as the flashing module resolves it. */
export type ImageReference = { image: string } | { imageId: number };
export const imageReferenceOf = (group: ExperimentGroup): ImageReference =>
  group.imageId !== undefined ? { imageId: group.imageId } : { image: group.image! };

export const experimentDescriptionSchema = z.object({
  name: z.string().check(z.minLength(1, 'Give the experiment a name.'), z.maxLength(100), z.regex(ONE_LINE, 'must be one line of text')),
  notes: z._default(z.string().check(z.maxLength(4000)), ''),
  /** How long the devices are held, in minutes. */
  durationMinutes: z.int().check(z.gte(1), z.lte(EXPERIMENT_MAX_MINUTES)),
  /** `now`, `earliest` (the first slot in which every group is free), or an ISO 8601 instant. */
  start: z.union([z.literal('now'), z.literal('earliest'), instantSchema('must be now, earliest or an ISO 8601 instant with its offset')]),
  groups: z.array(experimentGroupSchema).check(z.minLength(1, 'Give at least one group of devices.'), z.maxLength(EXPERIMENT_MAX_GROUPS)),
  /** Usernames of the colleagues who take part (they may use the devices too). */
  users: z._default(z.array(z.string().check(z.regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'must be a username'))).check(z.maxLength(50)), []),
  /** True: one device failing its flash fails the whole experiment; false (default): the others go on. */
  allOrNothing: z._default(z.boolean(), false),
});
export type ExperimentDescription = z.infer<typeof experimentDescriptionSchema>;
export type ExperimentDescriptionInput = z.input<typeof experimentDescriptionSchema>;

/**
 * waiting: booked, before its start. flashing: each device's flash job runs. ready: every device that could be
 * flashed is ready and the user was told; running: the user's time on the devices until the end. ending: the
 * devices are released and flashed back. done, failed, cancelled: over.
 */
export const EXPERIMENT_STATES = ['waiting', 'flashing', 'ready', 'running', 'ending', 'done', 'failed', 'cancelled'] as const;
export const experimentStateSchema = z.enum(EXPERIMENT_STATES);
export type ExperimentState = z.infer<typeof experimentStateSchema>;
export const FINISHED_EXPERIMENT_STATES: readonly ExperimentState[] = ['done', 'failed', 'cancelled'];

/**
 * waiting: before the flash. flashing: its flash job runs. ready: flashed and the account restored. failed: the
 * flash failed (the experiment goes on without it unless all or nothing). cleaning: flashed back to the type's
 * default image. released: back to the pool. quarantined: the flash back failed.
 */
export const experimentDeviceStateSchema = z.enum(['waiting', 'flashing', 'ready', 'failed', 'cleaning', 'released', 'quarantined']);
export type ExperimentDeviceState = z.infer<typeof experimentDeviceStateSchema>;

/** A device of an experiment: the description's group it serves, then the device. */
const groupDeviceShape = { group: z.int(), deviceType: z.string(), macAddress: z.string(), ipAddress: z.string() };

export const experimentDeviceSchema = z.object({
  ...groupDeviceShape,
  state: experimentDeviceStateSchema,
  /** The image flashed, its checksum when the testbed file gives one, and how the description named it. */
  image: z.string(),
  imageChecksum: z.nullable(z.string()),
  imageRef: z.record(z.string(), z.union([z.string(), z.int()])),
  /** The handle of the flash job that put the image on (GET /api/flashJobs/{handle}), and of the flash back. */
  flashJob: z.nullable(z.string()),
  cleanJob: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** Once ready: the command that opens a shell on it. */
  sshCommand: z.nullable(z.string()),
});
export type ExperimentDevice = z.infer<typeof experimentDeviceSchema>;

export const experimentSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  username: z.string(),
  state: experimentStateSchema,
  ...timeWindowShape,
  /** ISO 8601 instant. */
  createdAt: z.string(),
  deviceCount: z.int(),
  reservationId: z.nullable(z.int()),
  error: z.nullable(z.string()),
});
export type ExperimentSummary = z.infer<typeof experimentSummarySchema>;

/**
 * A description as stored and sent back: valid by experimentDescriptionSchema (which a client parses it with),
 * written here as plain JSON because a reply is not put through the request's transforms.
 */
const storedDescriptionSchema = z.record(z.string(), z.unknown());

export const experimentSchema = z.extend(experimentSummarySchema, {
  description: storedDescriptionSchema,
  devices: z.array(experimentDeviceSchema),
  readyAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  stopRequested: z.boolean(),
  /** The experiment this one runs again, if any. */
  runOf: z.nullable(z.int()),
});
export type Experiment = z.infer<typeof experimentSchema>;

/** POST /api/experiments/preview: the slot and the devices a submission would get now, nothing booked. */
export const experimentPreviewSchema = z.object({
  ...timeWindowShape,
  devices: z.array(z.object({ ...groupDeviceShape, image: z.string() })),
});
export type ExperimentPreview = z.infer<typeof experimentPreviewSchema>;

export const experimentListQuerySchema = z.object({
  /** running: waiting for its start no more and not over; coming: before its start; past: over. */
  when: z._default(z.enum(['running', 'coming', 'past', 'all']), 'all'),
});
export type ExperimentListQuery = z.infer<typeof experimentListQuerySchema>;

export const experimentAdminQuerySchema = z.object({
  state: z.optional(experimentStateSchema),
  username: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'must be a username'))),
  when: z._default(z.enum(['running', 'coming', 'past', 'all']), 'all'),
});
export type ExperimentAdminQuery = z.infer<typeof experimentAdminQuerySchema>;

export const experimentListSchema = z.array(experimentSummarySchema);

/** GET /api/experiments/{id}/export: everything a paper needs to run it again (the CLI submits `description`). */
export const experimentExportSchema = z.object({
  format: z.literal('testbed-experiment/1'),
  description: storedDescriptionSchema,
  experiment: experimentSummarySchema,
  devices: z.array(
    z.extend(experimentDeviceSchema, {
      flashLog: z.array(z.object({ at: z.string(), kind: z.string(), text: z.string() })),
    }),
  ),
});
export type ExperimentExport = z.infer<typeof experimentExportSchema>;

/** The experiment's id in a path. */
export const experimentParamsSchema = idParamsSchema;

/** GET /api/experiments/{id}/events: the ticket from POST /api/experiments/{id}/streamTicket. */
export const experimentEventsQuerySchema = z.object({ ticket: streamTicketFieldSchema });

/** The events of an experiment's stream: `experiment` (the experiment as GET answers it), then `end` once it is over. */
export const experimentStreamEndSchema = z.object({ state: experimentStateSchema });

/** An export file or a bare description: what `testbed experiment submit` accepts. */
export function descriptionOf(document: unknown): unknown {
  if (document && typeof document === 'object' && (document as { format?: unknown }).format === 'testbed-experiment/1') {
    return (document as { description?: unknown }).description;
  }
  return document;
}

/** The JSON Schema of the description (for editors and for docs/experiment.schema.json). */
export function experimentDescriptionJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(experimentDescriptionSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** POST /api/experimentTemplates: a description saved under a name, private or shared with one of your groups. */
const templateNameSchema = z.string().check(z.minLength(1, 'Give the template a name.'), z.maxLength(100), z.regex(ONE_LINE, 'must be one line of text'));
export const experimentTemplateFormSchema = z.object({
  name: templateNameSchema,
  description: experimentDescriptionSchema,
  /** A group you belong to, whose members may use it; absent: yours only. */
  groupId: z.optional(z.nullable(idFieldSchema)),
});
export type ExperimentTemplateForm = z.infer<typeof experimentTemplateFormSchema>;
export type ExperimentTemplateFormInput = z.input<typeof experimentTemplateFormSchema>;

/** The preview's save-as-template form: the name as typed, trimmed, then the request's rule of a name. */
export const templateNameFormSchema = z.object({ name: z.pipe(z.string().check(z.trim()), templateNameSchema) });
export type TemplateNameForm = z.infer<typeof templateNameFormSchema>;

export const experimentTemplateSchema = z.object({
  id: z.int(),
  name: z.string(),
  owner: z.string(),
  groupId: z.nullable(z.int()),
  groupName: z.nullable(z.string()),
  description: storedDescriptionSchema,
  createdAt: z.string(),
});
export type ExperimentTemplate = z.infer<typeof experimentTemplateSchema>;
export const experimentTemplateListSchema = z.array(experimentTemplateSchema);

/** The texts of the experiment pages. */
export const experimentMessages = {
  EXPERIMENTS: 'Experiments',
  NEW_EXPERIMENT: 'New experiment',
  EXPERIMENT: 'Experiment {{name}}',
  NAME: 'Name',
  NOTES: 'Notes',
  DURATION_MINUTES: 'Duration (minutes)',
  START: 'Start',
  START_NOW: 'Now',
  START_EARLIEST: 'Earliest free slot',
  START_AT: 'At a time',
  START_TIME: 'Start time',
  DEVICE_TYPE: 'Device type',
  COUNT: 'Number of devices',
  IMAGE: 'Image',
  GROUP: 'Group {{n}}',
  ADD_GROUP: 'Add a group',
  REMOVE_GROUP: 'Remove group {{n}}',
  CHOOSE_BY: 'Devices of group {{n}}',
  CHOOSE_COUNT: 'Any',
  CHOOSE_NAMED: 'Named',
  CHOOSE_PROPERTIES: 'By properties',
  NAMED_DEVICES: 'Devices',
  PROPERTIES: 'Properties',
  PROPERTIES_HINT: 'name=value, separated by commas (site=lab-a, radio=true)',
  PROPERTIES_FORMAT: 'Write each property as name=value, separated by commas.',
  PREVIEW_GROUP: 'Group {{n}}: {{count}} {{type}}',
  PREVIEW_GROUP_TABLE: 'The devices group {{n}} would get',
  ALL_OR_NOTHING: 'All or nothing: one device failing its flash fails the experiment',
  PREVIEW: 'Preview',
  CONFIRM: 'Book and run',
  PREVIEW_SLOT: 'From {{start}} to {{end}}, on these devices:',
  DEVICE: 'Device',
  IP: 'IP address',
  STATE: 'State',
  SSH: 'SSH',
  FLASH_JOB: 'Flash job',
  ENDS: 'End',
  DEVICES: 'Devices',
  USER: 'User',
  RESERVATION: 'Reservation {{id}}',
  STOP: 'Stop',
  STOP_CONFIRM: 'Stop experiment {{name}} now? Its devices are released and flashed back.',
  RUN_AGAIN: 'Run again',
  EXPORT: 'Export as JSON',
  SUBMITTED: 'Experiment {{name}} booked: its devices are flashed at its start.',
  NONE: 'No experiment here yet.',
  WHEN_RUNNING: 'Running',
  WHEN_COMING: 'Coming',
  WHEN_PAST: 'Past',
  WHEN_ALL: 'All',
  EVERYONE: "Everyone's (administrators)",
  STATE_WAITING: 'waiting for its start',
  STATE_FLASHING: 'flashing',
  STATE_READY: 'ready',
  STATE_RUNNING: 'running',
  STATE_ENDING: 'ending',
  STATE_DONE: 'done',
  STATE_FAILED: 'failed',
  STATE_CANCELLED: 'cancelled',
  DEVICE_WAITING: 'waiting',
  DEVICE_FLASHING: 'flashing',
  DEVICE_READY: 'ready',
  DEVICE_FAILED: 'failed',
  DEVICE_CLEANING: 'flashing back',
  DEVICE_RELEASED: 'released',
  DEVICE_QUARANTINED: 'quarantined',
  EXPERIMENT_TABLE: 'Your experiments',
  DEVICES_TABLE: 'The devices of the experiment',
  TEMPLATE: 'Start from a template',
  TEMPLATE_NAME: 'Template name',
  SAVE_TEMPLATE: 'Save as template',
  TEMPLATE_SAVED: 'Template {{name}} saved.',
} as const;
