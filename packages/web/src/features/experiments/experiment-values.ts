// The new-experiment form's values and its rule. The values hold what the person chooses (a start by mode, each
// group's way of choosing devices, an image by its ref as the flashable-images list names it); the rule turns
// them into a description and judges it with the contract's experimentDescriptionSchema, the schema the server
// and the CLI use, so that a message shows under the field it is about (`groups.1.count`) before any request.
import { experimentDescriptionSchema, experimentMessages, type ExperimentDescription, type ExperimentDescriptionInput } from '@testbed/contract';
import * as z from 'zod/mini';
import { FORM_DATE_PLACEHOLDER, fromInputDateTime } from '../../shared/time';

export type ChooseBy = 'count' | 'named' | 'properties';

export interface GroupValues {
  /** A stable key for React while groups are added and removed. */
  key: string;
  type: string;
  chooseBy: ChooseBy;
  count: number | string;
  devices: string[];
  /** `name=value, name=value`. */
  properties: string;
  /** An operator image by its name, or a user image as `image:<id>` (the flashable-images list's ref). */
  image: string;
}

export interface ExperimentValues extends Record<string, unknown> {
  name: string;
  notes: string;
  durationMinutes: number | string;
  start: 'now' | 'earliest' | 'at';
  startAt: string;
  groups: GroupValues[];
  allOrNothing: boolean;
}

let keys = 0;
export const emptyGroup = (): GroupValues => ({ key: `group-${++keys}`, type: '', chooseBy: 'count', count: 1, devices: [], properties: '', image: '' });

export const initialValues = (): ExperimentValues => ({
  name: '',
  notes: '',
  durationMinutes: 60,
  start: 'earliest',
  startAt: '',
  groups: [emptyGroup()],
  allOrNothing: false,
});

const PROPERTY = /^\s*([^=,\s]+)\s*=\s*([^=,]*?)\s*$/;

/** `site=lab-a, radio=true, slots=4` as the description's properties; undefined when one part is not name=value. */
export function parseProperties(text: string): Record<string, string | number | boolean> | undefined {
  const parts = text.split(',').filter((part) => part.trim() !== '');
  const matched = parts.map((part) => PROPERTY.exec(part));
  if (parts.length === 0 || matched.some((match) => !match || match[2] === '')) return undefined;
  return Object.fromEntries(
    matched.map((match) => {
      const value = match![2]!;
      const typed = value === 'true' ? true : value === 'false' ? false : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      return [match![1]!, typed];
    }),
  );
}

const formatProperties = (properties: Record<string, string | number | boolean>) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(', ');

/** The description the values make (what the schema then judges). */
export function toDescription(values: ExperimentValues): ExperimentDescriptionInput {
  const at = values.start === 'at' ? fromInputDateTime(values.startAt) : null;
  return {
    name: values.name.trim(),
    notes: values.notes,
    durationMinutes: Number(values.durationMinutes),
    start: values.start === 'at' ? (at && at !== 'invalid' ? at : '') : values.start,
    groups: values.groups.map((group) => ({
      type: group.type,
      ...(group.chooseBy === 'named' ? { devices: group.devices } : { count: Number(group.count) }),
      ...(group.chooseBy === 'properties' ? { properties: parseProperties(group.properties) ?? {} } : {}),
      ...(group.image.startsWith('image:') ? { imageId: Number(group.image.slice('image:'.length)) } : { image: group.image }),
    })),
    allOrNothing: values.allOrNothing,
  };
}

/** The values of a saved description (a template): a fixed start becomes the earliest slot, as a replay does. */
export function fromDescription(description: ExperimentDescription): ExperimentValues {
  return {
    name: description.name,
    notes: description.notes,
    durationMinutes: description.durationMinutes,
    start: description.start === 'now' ? 'now' : 'earliest',
    startAt: '',
    allOrNothing: description.allOrNothing,
    groups: description.groups.map((group) => ({
      ...emptyGroup(),
      type: group.type,
      chooseBy: group.devices ? 'named' : group.properties ? 'properties' : 'count',
      count: group.count ?? 1,
      devices: group.devices ?? [],
      properties: group.properties ? formatProperties(group.properties) : '',
      image: group.imageId !== undefined ? `image:${group.imageId}` : (group.image ?? ''),
    })),
  };
}

/**
 * The form's rule, all its messages at once: what the fields cannot say in a description (a start time that is no
 * date, properties not written name=value), then the contract's schema over the description the values make, each
 * message at the field it is about (an own image's under the image select, the start's under its time).
 */
const checkedValues = z.custom<ExperimentValues>().check(
  z.superRefine((values, ctx) => {
    const own = new Set<string>();
    if (values.start === 'at' && (fromInputDateTime(values.startAt) ?? 'invalid') === 'invalid') {
      own.add('startAt');
      ctx.issues.push({ code: 'custom', message: FORM_DATE_PLACEHOLDER, input: values.startAt, path: ['startAt'] });
    }
    values.groups.forEach((group, index) => {
      if (group.chooseBy === 'properties' && !parseProperties(group.properties)) {
        own.add(`groups.${index}.properties`);
        ctx.issues.push({ code: 'custom', message: experimentMessages.PROPERTIES_FORMAT, input: group.properties, path: ['groups', index, 'properties'] });
      }
    });
    const parsed = experimentDescriptionSchema.safeParse(toDescription(values));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = fieldPath(issue.path);
      if (own.has(path.join('.'))) continue;
      ctx.issues.push({ code: 'custom', message: issue.message, input: undefined, path });
    }
  }),
);

function fieldPath(path: readonly PropertyKey[]): PropertyKey[] {
  if (path[0] === 'start') return ['startAt'];
  // A group's properties and devices show as one field each.
  if (path[0] === 'groups' && (path[2] === 'properties' || path[2] === 'devices')) return path.slice(0, 3);
  if (path[0] === 'groups' && path[2] === 'imageId') return [...path.slice(0, 2), 'image'];
  return [...path];
}

/** The form's rule; a submitted form hands over the description, as the server will read it. */
export const experimentFormSchema: z.ZodMiniType<ExperimentDescription, ExperimentValues> = z.pipe(
  checkedValues,
  z.transform((values) => experimentDescriptionSchema.parse(toDescription(values))),
);
