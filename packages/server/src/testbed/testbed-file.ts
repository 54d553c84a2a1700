// The testbed file (TESTBED_CONFIG): device types, their devices and images, and which driver controls
// them. Without TESTBED_CONFIG the built-in simulated testbed is used.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IMAGE_FORMATS } from '@testbed/contract';
import { ConfigError } from '../config.js';

const macAddress = z
  .string()
  .regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'must be a MAC address such as 02:00:00:01:00:01')
  .transform((mac) => mac.toLowerCase());

/**
 * A device's catalogue entry: model, site, room, radios, memory and any key the operator adds. Keys are
 * short identifiers; values are short strings, numbers, booleans or lists of strings. A device's own
 * properties override its type's.
 */
const propertiesSchema = z.record(
  z.string().regex(/^[a-z][a-zA-Z0-9_-]{0,31}$/, 'property names are letters, digits, dash and underscore, starting with a lower-case letter'),
  z.union([z.string().min(1).max(100), z.number().finite(), z.boolean(), z.array(z.string().min(1).max(100)).max(20)]),
);

const deviceSchema = z.object({
  mac: macAddress,
  properties: propertiesSchema.optional(),
  ip: z.union([z.ipv4(), z.ipv6()]),
  /** Simulator only: whether the device answers. */
  up: z.boolean().default(true),
  /** Command driver: the port of the device's SSH server when it is not the testbed's (command.sshPort). */
  sshPort: z.number().int().min(1).max(65535).optional(),
  /** Simulator only: this device's share of failed flashes, instead of the testbed's failureRate. */
  failureRate: z.number().min(0).max(1).optional(),
});

/**
 * A command as an argument array, run without a shell. Placeholders replaced in each argument:
 * {mac}, {ip}, {image} and {statusFile} for flashing, {username} for the account restore.
 */
const commandSchema = z.array(z.string().min(1).max(4096)).min(1).max(64);

const deviceTypeSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'letters, digits, dot, dash, underscore'),
  images: z.array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,127}$/)).min(1),
  devices: z.array(deviceSchema),
  /** Properties every device of the type has (a device's own override them). */
  properties: propertiesSchema.optional(),
  /** Command driver: flashes a device of this type and writes 'date : text' lines to {statusFile}. */
  flashCommand: commandSchema.optional(),
  /**
   * The formats of the images users may upload and flash on this type, checked by content (modules/images/
   * formats.ts); none: users flash only the operator's images.
   */
  formats: z.array(z.enum(IMAGE_FORMATS)).max(IMAGE_FORMATS.length).default([]),
  /** One of `images`: what each device of the type is flashed back to when an experiment ends with it. */
  defaultImage: z.string().optional(),
});

export const testbedFileSchema = z
  .object({
    driver: z.enum(['simulator', 'command']),
    simulator: z
      .object({
        flashSeconds: z.number().positive().default(30),
        failureRate: z.number().min(0).max(1).default(0),
        hangRate: z.number().min(0).max(1).default(0),
        /** How long a node takes to answer after its flash (default: a tenth of flashSeconds, at most 5). */
        bootSeconds: z.number().min(0).optional(),
      })
      .default({ flashSeconds: 30, failureRate: 0, hangRate: 0 }),
    /** Command driver: how the server reaches the flashed nodes to check them and restore accounts. */
    command: z
      .object({
        sshPort: z.number().int().min(1).max(65535).default(22),
        /** Account of the testbed's administration on the nodes, and the path of its private key. */
        adminUser: z.string().regex(/^[a-z_][a-z0-9_-]{0,31}$/).default('root'),
        adminKeyPath: z.string().min(1),
        /** Run on the node over SSH; gets the user's SSH keys on standard input, one per line. */
        restoreCommand: commandSchema.default(['sudo', '/usr/local/sbin/testbed-restore-account', '{username}']),
        connectTimeoutSeconds: z.number().positive().max(300).default(5),
      })
      .optional(),
    /**
     * The host users go through to reach the nodes (`ssh -J`), as `[user@]host[:port]`; shown in the ssh
     * command of a flashed device. Absent when the nodes are reachable directly.
     */
    sshJumpHost: z
      .string()
      .regex(/^([a-z_][a-z0-9_-]{0,31}@)?[A-Za-z0-9]([A-Za-z0-9.-]{0,252})(:[0-9]{1,5})?$/, 'must be [user@]host[:port]')
      .optional(),
    /** A flash job not finished after this long fails (default: 4 times flashSeconds for the simulator, 30 minutes otherwise). */
    flashTimeoutSeconds: z.number().positive().optional(),
    deviceTypes: z.array(deviceTypeSchema).min(1),
  })
  .superRefine((file, ctx) => {
    if (file.driver === 'command') {
      if (!file.command) ctx.addIssue({ code: 'custom', path: ['command'], message: "the command driver needs a 'command' section (adminKeyPath ...)" });
      file.deviceTypes.forEach((type, t) => {
        if (!type.flashCommand) ctx.addIssue({ code: 'custom', path: ['deviceTypes', t, 'flashCommand'], message: 'the command driver needs a flash command per device type' });
      });
    }
    const seen = { type: new Set<string>(), mac: new Set<string>(), ip: new Set<string>() };
    file.deviceTypes.forEach((type, t) => {
      if (seen.type.has(type.name)) ctx.addIssue({ code: 'custom', path: ['deviceTypes', t, 'name'], message: 'duplicate device type' });
      seen.type.add(type.name);
      if (type.defaultImage !== undefined && !type.images.includes(type.defaultImage)) {
        ctx.addIssue({ code: 'custom', path: ['deviceTypes', t, 'defaultImage'], message: 'must be one of the images of the type' });
      }
      type.devices.forEach((device, d) => {
        if (seen.mac.has(device.mac)) ctx.addIssue({ code: 'custom', path: ['deviceTypes', t, 'devices', d, 'mac'], message: 'duplicate MAC address' });
        if (seen.ip.has(device.ip)) ctx.addIssue({ code: 'custom', path: ['deviceTypes', t, 'devices', d, 'ip'], message: 'duplicate IP address' });
        seen.mac.add(device.mac);
        seen.ip.add(device.ip);
      });
    });
  });

export type TestbedFile = z.infer<typeof testbedFileSchema>;

const BUILT_IN = fileURLToPath(new URL('./simulated-testbed.json', import.meta.url));

export async function loadTestbed(path: string | undefined): Promise<TestbedFile> {
  const file = path ?? BUILT_IN;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([`TESTBED_CONFIG: cannot read ${file}: ${(error as Error).message}`]);
  }
  const parsed = testbedFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `TESTBED_CONFIG ${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}
