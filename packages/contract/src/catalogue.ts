// The device catalogue (each device's properties from the testbed file, its state now, the fleet at a glance)
// and maintenance windows. The web app, the command-line client and the server all speak these shapes.
import * as z from 'zod/mini';
import { deviceMessages } from './device-messages.js';
import { idParamsSchema, instantSchema } from './input.js';
import { deviceAddressShape, timeWindowShape } from './reply-fields.js';
import { wallClockTextSchema } from './wall-clock-text.js';

export const DEVICE_STATES = ['up', 'booked', 'flashing', 'down', 'quarantined', 'maintenance'] as const;
export type DeviceCatalogueState = (typeof DEVICE_STATES)[number];

export const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type PropertyValue = z.infer<typeof propertyValueSchema>;

/** `key:value`: the devices whose property `key` is `value` (or, for a list, holds it). */
const propertyFilter = z
  .string()
  .check(z.maxLength(140), z.regex(/^[a-z][a-zA-Z0-9_-]{0,31}:.{1,100}$/, 'property must be written key:value, e.g. site:lab-a'));

/**
 * GET /api/deviceCatalogue?deviceType=&state=&property=key:value (property may repeat; every one must hold).
 * `fleet` counts every device in the inventory by state, whatever the filters.
 */
export const deviceCatalogueQuerySchema = z.object({
  deviceType: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  state: z.optional(z.enum(DEVICE_STATES, { error: `state is one of ${DEVICE_STATES.join(', ')}` })),
  property: z.pipe(
    z.transform((value: unknown) => (value === undefined || Array.isArray(value) ? value : [value])),
    z.optional(z.array(propertyFilter).check(z.maxLength(20))),
  ),
});
export type DeviceCatalogueQuery = z.infer<typeof deviceCatalogueQuerySchema>;

export const catalogueDeviceSchema = z.object({
  ...deviceAddressShape,
  state: z.enum(DEVICE_STATES),
  /** Why it is down, quarantined or in maintenance, when known. */
  stateReason: z.nullable(z.string()),
  properties: z.record(z.string(), propertyValueSchema),
});
export type CatalogueDevice = z.infer<typeof catalogueDeviceSchema>;

export const deviceCatalogueSchema = z.object({
  devices: z.array(catalogueDeviceSchema),
  /** Every property key of the fleet with its values, for the filters. */
  facets: z.array(z.object({ key: z.string(), values: z.array(z.string()) })),
  /** A count per state, each state named as a property (what a record of the states would not tell OpenAPI). */
  fleet: z.object(Object.fromEntries(DEVICE_STATES.map((state) => [state, z.int()])) as Record<DeviceCatalogueState, z.ZodMiniInt>),
});
export type DeviceCatalogue = z.infer<typeof deviceCatalogueSchema>;

/** A property value as the filters and the page write it. */
export function propertyValues(value: PropertyValue): string[] {
  return Array.isArray(value) ? value : [String(value)];
}

/** Whether a device's properties hold every `key:value` filter. */
export function matchesProperties(properties: Record<string, PropertyValue>, filters: readonly string[]): boolean {
  return filters.every((filter) => {
    const at = filter.indexOf(':');
    const value = properties[filter.slice(0, at)];
    return value !== undefined && propertyValues(value).includes(filter.slice(at + 1));
  });
}

// ---- Maintenance windows -------------------------------------------------------------------------------

const instant = instantSchema();

/**
 * POST /api/maintenanceWindows/preview and POST /api/maintenanceWindows: block the devices (MAC addresses) or
 * every device of `deviceType` for [start, end), with a reason. The preview creates nothing and answers the
 * reservations already inside the window; creating it mails their holders.
 */
export const maintenanceFormSchema = z
  .object({
    reason: z.string().check(z.trim(), z.minLength(1, 'reason is required'), z.maxLength(500, 'reason is at most 500 characters long')),
    start: instant,
    end: instant,
    deviceType: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    devices: z.optional(
      z
        .array(z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/, 'devices must be MAC addresses')))
        .check(z.maxLength(2000)),
    ),
  })
  .check(
    z.refine((form) => Date.parse(form.end) > Date.parse(form.start), { path: ['end'], message: 'end must be later than start' }),
    z.refine((form) => Boolean(form.deviceType) !== Boolean(form.devices?.length), {
      path: ['devices'],
      message: 'give either devices or a deviceType',
    }),
  );
export type MaintenanceForm = z.infer<typeof maintenanceFormSchema>;

/**
 * The maintenance form as typed: a reason, a device type, optionally some of its devices, and the window's
 * times as wall-clock texts of the reader's zone. The page turns them into maintenanceFormSchema's body,
 * which that rule then judges.
 */
export const maintenanceDraftSchema = z.object({
  reason: z.string(),
  deviceType: z.nullable(z.string()).check(z.refine((type) => Boolean(type), deviceMessages.MAINTENANCE_TYPE_REQUIRED)),
  devices: z.array(z.string()),
  start: wallClockTextSchema(false),
  end: wallClockTextSchema(false),
});
export type MaintenanceDraft = z.infer<typeof maintenanceDraftSchema>;

export const affectedReservationSchema = z.object({
  reservationId: z.int(),
  holder: z.string(),
  ...timeWindowShape,
  devices: z.array(z.string()),
});
export type AffectedReservation = z.infer<typeof affectedReservationSchema>;

export const maintenancePreviewSchema = z.object({ devices: z.array(z.string()), affected: z.array(affectedReservationSchema) });
export type MaintenancePreview = z.infer<typeof maintenancePreviewSchema>;

export const maintenanceWindowSchema = z.object({
  id: z.int(),
  reason: z.string(),
  ...timeWindowShape,
  deviceType: z.nullable(z.string()),
  devices: z.array(z.string()),
  createdBy: z.nullable(z.string()),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;
export const maintenanceWindowListSchema = z.array(maintenanceWindowSchema);

export const maintenanceCreatedSchema = z.object({ maintenance: maintenanceWindowSchema, affected: z.array(affectedReservationSchema) });
export type MaintenanceCreated = z.infer<typeof maintenanceCreatedSchema>;

/** GET /api/maintenanceWindows?from=&to=: the maintenance that has not ended (or overlaps [from, to)). */
export const maintenanceListQuerySchema = z.object({ from: z.optional(instant), to: z.optional(instant) });
export const maintenanceIdParamsSchema = idParamsSchema;
