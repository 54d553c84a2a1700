// Fields that several replies share with one meaning, as shapes to spread into their objects (`...timeWindowShape`):
// written once, and no schema of their own in the OpenAPI document. Each reply keeps its documented order.
import * as z from 'zod/mini';

/** When something starts and ends: ISO 8601 instants. */
export const timeWindowShape = { start: z.string(), end: z.string() };

/** A device by its MAC and IP addresses and its type, as the booking's and the catalogue's replies name it. */
export const deviceAddressShape = { macAddress: z.string(), ipAddress: z.string(), deviceType: z.string() };

/** A device by its type, MAC address (`device`) and IP address (`ip`), as the flashing and health replies name it. */
export const flashedDeviceShape = { deviceType: z.string(), device: z.string(), ip: z.string() };
