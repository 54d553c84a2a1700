// testbed: the command-line client of the portal. Every call goes through the API with a personal API
// token (see `testbed login`); replies are checked against the same contract the server and the web app use.
// Exit codes: 0 done, 1 refused (by the portal, or it could not be reached), 2 wrong usage.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  DEVICE_STATES,
  propertyValues,
  urlOf,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type DeviceCatalogueState,
  type CheckFlashingReply,
  descriptionOf,
  experimentDescriptionSchema,
  experimentSchema,
  FINISHED_EXPERIMENT_STATES,
  type Experiment,
  type FreeSlot,
  type NodesBookingForm,
  type Reservation,
  formatWallClock,
  zoneOffsetLabel,
} from '@testbed/contract';
import { apiTokensEndpoints } from '@testbed/contract/endpoints/api-tokens';
import { authEndpoints } from '@testbed/contract/endpoints/auth';
import { calendarEndpoints } from '@testbed/contract/endpoints/calendar';
import { catalogueEndpoints } from '@testbed/contract/endpoints/catalogue';
import { experimentsEndpoints } from '@testbed/contract/endpoints/experiments';
import { flashingEndpoints } from '@testbed/contract/endpoints/flashing';
import { imagesEndpoints } from '@testbed/contract/endpoints/images';
import { reservationsEndpoints } from '@testbed/contract/endpoints/reservations';
import { spawn } from 'node:child_process';
import { uploadImage } from './image-upload.js';
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { hostname } from 'node:os';
import path from 'node:path';
import * as z from 'zod/mini';
import { CliError, EXIT, Portal } from './client.js';
import { configPath, readConfig, writeConfig } from './config.js';
import { printJson, printTable, promptSecret, readStdin, sleep } from './terminal.js';

const program = new Command('testbed')
  .description('Book, flash and reach the devices of the testbed from a shell or a script.')
  .version('1.0.0')
  .showHelpAfterError('(run testbed --help for the commands)')
  .option('--utc', 'print times as ISO 8601 instants in UTC, for scripts (default: local time in the zone of your profile, else of this machine)')
  .exitOverride();

/** The portal of the saved login; TESTBED_URL and TESTBED_TOKEN override it (handy in CI jobs). */
async function portal(): Promise<Portal> {
  const saved = await readConfig();
  const url = process.env.TESTBED_URL ?? saved?.url;
  const token = process.env.TESTBED_TOKEN ?? saved?.token;
  if (!url || !token) throw new CliError(`You are not signed in: run testbed login --url <portal address> (config: ${configPath()}).`);
  return new Portal(url, token);
}

const me = (api: Portal) => api.call(authEndpoints.me);

// Times ------------------------------------------------------------------------------------------------

/** How this run writes an instant: local time in a zone (with the zone said once), or, with --utc, ISO 8601. */
interface Clock {
  /** The instant as this run prints it. */
  show(instant: string | Date): string;
  /** ' (Europe/Paris, UTC+01:00)' after a sentence's times; '' with --utc, whose instants say their zone. */
  zoneNote: string;
  /** 'Times in Europe/Paris (UTC+01:00).' under a table, on standard error; '' with --utc. */
  tableNote: string;
}

/** The profile's zone, else the machine's; none with --utc. */
function clockFor(user: { timeZone: string | null }): Clock {
  if (program.opts<{ utc?: boolean }>().utc) return { show: (instant) => new Date(instant).toISOString(), zoneNote: '', tableNote: '' };
  const zone = user.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = zoneOffsetLabel(Date.now(), zone);
  return {
    show: (instant) => formatWallClock(instant, zone),
    zoneNote: ` (${zone}, ${offset})`,
    tableNote: `Times in ${zone} (${offset}).`,
  };
}

// Devices ----------------------------------------------------------------------------------------------

interface Device {
  deviceType: string;
  macAddress: string;
  ipAddress: string;
  up: boolean;
}

async function devices(api: Portal): Promise<Device[]> {
  const byType = await api.call(reservationsEndpoints.nodesToReserve);
  return Object.entries(byType).flatMap(([deviceType, byMac]) =>
    Object.entries(byMac).map(([macAddress, device]) => ({ deviceType, macAddress, ipAddress: device.ip, up: device.up })),
  );
}

/** A device named by its MAC or IP address. */
function findDevice(all: Device[], name: string): Device {
  const wanted = name.toLowerCase();
  const device = all.find((d) => d.macAddress.toLowerCase() === wanted || d.ipAddress === name);
  if (!device) throw new CliError(`No device ${name} in the testbed: give a MAC or IP address from testbed devices.`);
  return device;
}

// Options ----------------------------------------------------------------------------------------------

/** '90', '90m', '2h', '1h30m' → minutes. */
function parseDuration(text: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m?)?$/.exec(text.trim());
  const minutes = match && (match[1] || match[2]) ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : NaN;
  if (!Number.isInteger(minutes) || minutes < 1) throw new InvalidArgumentError('Give a duration such as 30m, 2h or 1h30m.');
  return minutes;
}

function parsePositive(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError('Give a whole number, 1 or more.');
  return value;
}

/** A command on one reservation or experiment, named by its id (a positive integer). */
function commandOnId(parent: Command, name: string, description: string, noun: string): Command {
  return parent.command(name).description(description).argument('<id>', `${noun} id`, parsePositive);
}

function parseInstant(text: string): Date {
  const time = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || Number.isNaN(time)) {
    throw new InvalidArgumentError('Give an ISO 8601 instant such as 2026-12-01T09:00Z or 2026-12-01T10:00+01:00.');
  }
  return new Date(time);
}

const usage = (message: string) => new CliError(message, EXIT.usage);

// Login ------------------------------------------------------------------------------------------------

program
  .command('login')
  .description('Save the portal address and an API token (checked first) in your config, readable by you only.')
  .requiredOption('--url <address>', 'the portal, e.g. https://testbed.example.org')
  .option('--token <token>', 'a personal API token from your profile page (else read from TESTBED_TOKEN or standard input)')
  .option('--username <name>', 'sign in with your password instead (TESTBED_PASSWORD, or asked) and create a token for this client')
  .addOption(new Option('--scope <scope>', 'scope of a token created with --username').choices([...API_TOKEN_SCOPES]).default('read+book+flash'))
  .option('--days <n>', `lifetime of a token created with --username (at most ${API_TOKEN_MAX_DAYS})`, parsePositive, 90)
  .action(async (options: { url: string; token?: string; username?: string; scope: ApiTokenScope; days: number }) => {
    let url: string;
    try {
      url = new URL(options.url).origin;
    } catch {
      throw usage(`Not an address: ${options.url} (give it as https://host or http://host:port).`);
    }
    let token = options.token ?? process.env.TESTBED_TOKEN;
    if (!token && options.username) {
      const password = process.env.TESTBED_PASSWORD ?? (await promptSecret(`Password of ${options.username}: `));
      const session = await new Portal(url, undefined).call(authEndpoints.signIn, { body: { username: options.username, password } });
      const created = await new Portal(url, session.accessToken).call(apiTokensEndpoints.create, {
        params: { userId: session.userId },
        body: { name: `testbed CLI on ${hostname()}`.slice(0, 100), scope: options.scope, expiresInDays: options.days },
      });
      token = created.token;
    }
    token ??= process.stdin.isTTY ? await promptSecret('API token: ') : (await readStdin()).trim();
    if (!token) throw usage('Give an API token with --token, TESTBED_TOKEN or on standard input, or sign in with --username.');
    const user = await me(new Portal(url, token));
    await writeConfig({ url, token });
    console.log(`Signed in to ${url} as ${user.username} (saved in ${configPath()}).`);
  });

// Reads ------------------------------------------------------------------------------------------------

program
  .command('devices')
  .description('The devices of the testbed: type, MAC and IP address, up or down.')
  .option('--type <name>', 'only the devices of this type')
  .option('--json', 'print JSON')
  .action(async (options: { type?: string; json?: boolean }) => {
    const list = (await devices(await portal())).filter((d) => !options.type || d.deviceType === options.type);
    if (options.type && list.length === 0) throw new CliError(`No device of type ${options.type}.`);
    if (options.json) return printJson(list);
    printTable(
      ['TYPE', 'MAC', 'IP', 'STATE'],
      list.map((d) => [d.deviceType, d.macAddress, d.ipAddress, d.up ? 'up' : 'down']),
    );
  });

program
  .command('catalogue')
  .description("The device catalogue: each device's state now and its properties, filtered by type, state and properties.")
  .option('--type <name>', 'only the devices of this type')
  .option('--state <state>', `only the devices in this state (${DEVICE_STATES.join(', ')})`)
  .option('--property <key:value>', 'only the devices with this property (repeatable; every one must hold)', (value: string, previous: string[]) => [...previous, value], [] as string[])
  .option('--json', 'print JSON')
  .action(async (options: { type?: string; state?: string; property: string[]; json?: boolean }) => {
    const api = await portal();
    const reply = await api.call(catalogueEndpoints.catalogue, {
      query: { deviceType: options.type, state: options.state as DeviceCatalogueState | undefined, property: options.property },
    });
    if (options.json) return printJson(reply);
    console.error(DEVICE_STATES.map((state) => `${state} ${reply.fleet[state]}`).join(', '));
    if (reply.devices.length === 0) return console.log('No device matches.');
    printTable(
      ['TYPE', 'MAC', 'IP', 'STATE', 'PROPERTIES'],
      reply.devices.map((d) => [d.deviceType, d.macAddress, d.ipAddress, d.state, Object.entries(d.properties).map(([k, v]) => `${k}=${propertyValues(v).join(',')}`).join(' ')]),
    );
  });

program
  .command('slots')
  .description('The first free windows for COUNT devices of a type (on a portal without free-slot search: the devices of the type that are up).')
  .requiredOption('--type <name>', 'device type')
  .option('--count <n>', 'how many devices', parsePositive, 1)
  .option('--duration <d>', 'how long, e.g. 30m, 2h, 1h30m', parseDuration, 60)
  .option('--json', 'print JSON')
  .action(async (options: { type: string; count: number; duration: number; json?: boolean }) => {
    const api = await portal();
    let slots: FreeSlot[];
    try {
      ({ slots } = await api.call(reservationsEndpoints.freeSlots, {
        query: { deviceType: options.type, count: options.count, durationMinutes: options.duration },
      }));
    } catch (error) {
      if (!(error instanceof CliError) || error.status !== 404) throw error;
      const up = (await devices(api)).filter((d) => d.deviceType === options.type && d.up);
      if (!options.json) console.error('This portal has no free-slot search: these are the devices of the type that are up now.');
      if (options.json) return printJson({ slots: null, devices: up });
      return printTable(['MAC', 'IP'], up.map((d) => [d.macAddress, d.ipAddress]));
    }
    if (options.json) return printJson({ slots });
    if (slots.length === 0) return console.log('No free window.');
    const clock = clockFor(await me(api));
    printTable(
      ['START', 'END', 'DEVICES'],
      slots.map((slot) => [clock.show(slot.start), clock.show(slot.end), slot.devices.map((d) => d.macAddress).join(' ')]),
    );
    if (clock.tableNote) console.error(clock.tableNote);
  });

function reservationRow(r: Reservation, clock: Clock): string[] {
  return [
    String(r.reservationId),
    clock.show(r.startDate),
    clock.show(r.endDate),
    r.reservationType,
    r.deviceReservations.map((d) => d.device.macAddress).join(' '),
    r.description,
  ];
}

program
  .command('reservations')
  .description('Your current and coming reservations (--all: the past ones too).')
  .option('--all', 'the history too, newest first')
  .option('--json', 'print JSON')
  .action(async (options: { all?: boolean; json?: boolean }) => {
    const api = await portal();
    const user = await me(api);
    const list = await api.call(reservationsEndpoints.mine, {
      params: { id: user.userId },
      query: { all: options.all ? 'true' : undefined, limit: 500 },
    });
    if (options.json) return printJson(list);
    if (list.length === 0) return console.log('No reservation.');
    const clock = clockFor(user);
    printTable(['ID', 'START', 'END', 'TYPE', 'DEVICES', 'DESCRIPTION'], list.map((r) => reservationRow(r, clock)));
    if (clock.tableNote) console.error(clock.tableNote);
  });

commandOnId(program, 'ics', 'A reservation of yours as an iCalendar event, on standard output: testbed ics 42 > run.ics', 'reservation')
  .action(async (id: number) => {
    const api = await portal();
    const event = await api.call(calendarEndpoints.event, { params: { id } });
    if (!event.startsWith('BEGIN:VCALENDAR')) throw api.notUnderstood('GET', urlOf(calendarEndpoints.event, { params: { id } }));
    process.stdout.write(event);
  });

// Booking ----------------------------------------------------------------------------------------------

const utcClock = (instant: Date) => ({
  date: { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() },
  hour: `${instant.getUTCHours()}:${String(instant.getUTCMinutes()).padStart(2, '0')}`,
});

program
  .command('book')
  .description('Book devices (MAC or IP addresses) for a window; prints the reservation id.')
  .argument('<devices...>', 'MAC or IP addresses')
  .option('--now', 'start now (at the next whole minute)')
  .option('--start <instant>', 'start, as an ISO 8601 instant', parseInstant)
  .requiredOption('--duration <d>', 'how long, e.g. 30m, 2h, 1h30m', parseDuration)
  .option('--shared', 'a Shared reservation (others may book the devices too; they cannot be flashed)')
  .option('--description <text>', 'one line of text, punctuation and accents included', '')
  .option('--json', 'print JSON')
  .action(async (names: string[], options: { now?: boolean; start?: Date; duration: number; shared?: boolean; description: string; json?: boolean }) => {
    if (Boolean(options.now) === Boolean(options.start)) throw usage('Give either --now or --start <instant>.');
    const api = await portal();
    const [user, all] = await Promise.all([me(api), devices(api)]);
    const chosen = names.map((name) => findDevice(all, name));
    // With --now the start fields hold the next whole minute, which a portal without `startNow` accepts too.
    const start = options.start ?? new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
    const end = new Date(start.getTime() + options.duration * 60_000);
    const [from, to] = [utcClock(start), utcClock(end)];
    const form: NodesBookingForm = {
      userId: user.userId,
      startDate: from.date,
      startHour: from.hour,
      durationHour: Math.floor(options.duration / 60),
      durationMinute: options.duration % 60,
      endDate: to.date,
      endHour: to.hour,
      reservationType: options.shared ? 'Shared' : 'Exclusive',
      reservationDescription: options.description,
      selectedDevices: chosen.map((d) => ({ macAddress: d.macAddress, ipAddress: d.ipAddress })),
      timeZone: 'UTC',
      ...(options.now ? { startNow: true } : {}),
    };
    let reply;
    try {
      reply = await api.call(reservationsEndpoints.book, { body: { nodesBookingForm: form, selectedUsers: [] } });
    } catch (error) {
      if (error instanceof CliError && error.status === 409) throw new CliError(`The booking was refused, a device is taken:\n${error.message}`);
      throw error;
    }
    const reservationId = Number(reply.value1);
    // The window as the portal stored it (a start "now" is the portal's moment); a portal that does not say
    // it stored what was asked.
    const stored = { start: reply.startDate ?? start.toISOString(), end: reply.endDate ?? end.toISOString() };
    if (options.json) return printJson({ reservationId, ...stored, devices: chosen });
    const clock = clockFor(user);
    console.error(
      `Booked reservation ${reservationId}: ${chosen.map((d) => d.macAddress).join(', ')} from ${clock.show(stored.start)} to ${clock.show(stored.end)}${clock.zoneNote}.`,
    );
    console.log(reservationId);
  });

commandOnId(program, 'release', 'End a reservation: a running one ends now and stays in the history, a coming one is deleted.', 'reservation')
  .option('--json', 'print JSON')
  .action(async (id: number, options: { json?: boolean }) => {
    const api = await portal();
    // The release call ends a running reservation; one of yours that has not started is deleted instead.
    const user = await me(api);
    const own = await api.call(reservationsEndpoints.current, { params: { id: user.userId } });
    const coming = own.find((r) => r.reservationId === id && Date.parse(r.startDate) > Date.now());
    if (!coming) {
      try {
        const released = await api.call(reservationsEndpoints.release, { params: { id } });
        if (options.json) return printJson(released);
        const clock = clockFor(user);
        return console.log(`Reservation ${id} released: it ended at ${clock.show(released.endDate)}${clock.zoneNote}.`);
      } catch (error) {
        if (!(error instanceof CliError) || error.status !== 404) throw error;
      }
    }
    // A coming reservation, or a portal without the release call: deleting also ends a running reservation.
    const reply = await api.call(reservationsEndpoints.delete, { params: { id } });
    if (options.json) return printJson({ reservationId: id, messages: reply.value1 });
    console.log(reply.value1.join('\n'));
  });

// Flashing ---------------------------------------------------------------------------------------------

const STAGE = {
  pending: 'queued',
  flashing: 'flashing',
  waiting_ready: 'waiting for the node to accept connections',
  restoring: 'restoring your account',
  done: 'ready',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;

/** Follows a flash job to "ready", showing each step as it comes; refuses when it fails. */
async function follow(api: Portal, handle: string, label: string, timeoutSeconds: number, quiet: boolean): Promise<CheckFlashingReply> {
  const tty = process.stderr.isTTY && !quiet;
  const deadline = Date.now() + timeoutSeconds * 1000;
  let shown = '';
  for (;;) {
    const status = await api.call(flashingEndpoints.checkFlashing, { body: { handle } });
    const line = `${label}: ${STAGE[status.state]}${status.state === 'flashing' && status.value1 ? ` (${status.value1})` : ''}`;
    if (line !== shown && !quiet) {
      process.stderr.write(tty ? `\r\u001b[K${line}` : `${line}\n`);
      shown = line;
    }
    if (status.state === 'done' || status.state === 'failed' || status.state === 'cancelled') {
      if (tty) process.stderr.write('\n');
      if (status.state === 'failed') throw new CliError(`Flashing ${label} failed: ${status.error ?? status.value1}`);
      if (status.state === 'cancelled') throw new CliError(`Flashing ${label} was cancelled: ${status.error ?? 'its reservation ended'}`);
      return status;
    }
    if (Date.now() > deadline) throw new CliError(`${label} is not ready after ${timeoutSeconds} s; it is still ${STAGE[status.state]}.`);
    await sleep(1000);
  }
}

/** A reservation of the caller holding the device that starts within a few minutes: flashing waits for it. */
async function waitForStart(api: Portal, user: { userId: number; timeZone: string | null }, mac: string, quiet: boolean) {
  const list = await api.call(reservationsEndpoints.current, { params: { id: user.userId } });
  const coming = list
    .filter((r) => r.deviceReservations.some((d) => d.device.macAddress.toLowerCase() === mac.toLowerCase()))
    .map((r) => ({ id: r.reservationId, start: Date.parse(r.startDate) }))
    .find((r) => r.start > Date.now() && r.start - Date.now() <= 5 * 60_000);
  if (!coming) return;
  const clock = clockFor(user);
  if (!quiet) console.error(`Reservation ${coming.id} starts at ${clock.show(new Date(coming.start))}${clock.zoneNote}: waiting for it.`);
  await sleep(coming.start - Date.now() + 1000);
}

program
  .command('flash')
  .description('Flash a device you hold with an image and follow it until it is ready (your account restored).')
  .argument('<device>', 'MAC or IP address')
  .requiredOption('--image <name>', "an operator's image of the device type, or one of yours as image:<id> (testbed image list)")
  .option('--no-wait', 'start the flash and return at once (then: testbed wait-ready <device>)')
  .option('--timeout <seconds>', 'give up following after this long', parsePositive, 1800)
  .option('--json', 'print JSON')
  .action(async (name: string, options: { image: string; wait: boolean; timeout: number; json?: boolean }) => {
    const api = await portal();
    const [user, listing] = await Promise.all([me(api), api.call(flashingEndpoints.nodes)]);
    const all = Object.entries(listing).flatMap(([deviceType, byMac]) =>
      Object.entries(byMac).map(([macAddress, d]) => ({ deviceType, macAddress, ipAddress: d.ip, up: d.up, images: d.images })),
    );
    const device = findDevice(all, name) as (typeof all)[number];
    // The operator's images and the user's own, group and public ones (image:<id>).
    const offered = await api.call(imagesEndpoints.flashable, { query: { deviceType: device.deviceType } });
    if (!offered.some((image) => image.ref === options.image)) {
      throw usage(`${options.image} is not an image you may flash on ${device.deviceType}: ${offered.map((image) => image.ref).join(', ')}.`);
    }
    await waitForStart(api, user, device.macAddress, Boolean(options.json));
    const started = await api.call(flashingEndpoints.flash, {
      body: { deviceType: device.deviceType, device: device.macAddress, image: options.image },
    });
    const handle = started.value2;
    if (!options.wait) {
      if (options.json) return printJson({ handle, device: device.macAddress, image: options.image, state: 'pending' });
      return console.log(`Flashing ${device.macAddress} with ${options.image} (job ${handle}).`);
    }
    const status = await follow(api, handle, device.macAddress, options.timeout, Boolean(options.json));
    if (options.json) return printJson({ handle, device: device.macAddress, ip: device.ipAddress, image: options.image, state: status.state });
    console.log(`${device.macAddress} (${device.ipAddress}) is ready with ${options.image}.`);
  });

program
  .command('wait-ready')
  .description("Wait until a device's latest flash has finished and the node accepts connections.")
  .argument('<device>', 'MAC or IP address')
  .option('--timeout <seconds>', 'give up after this long', parsePositive, 1800)
  .option('--json', 'print JSON')
  .action(async (name: string, options: { timeout: number; json?: boolean }) => {
    const api = await portal();
    const device = findDevice(await devices(api), name);
    const deadline = Date.now() + options.timeout * 1000;
    const jobs = await api.call(flashingEndpoints.jobs);
    const job = jobs.find((j) => j.device.toLowerCase() === device.macAddress.toLowerCase());
    if (job) await follow(api, job.handle, device.macAddress, options.timeout, Boolean(options.json));
    for (;;) {
      const probe = await api.call(flashingEndpoints.checkNodeReady, { body: { ip: device.ipAddress } });
      if (probe.value1 === '0') break;
      if (Date.now() > deadline) throw new CliError(`${device.macAddress} does not accept connections after ${options.timeout} s (${probe.value1}).`);
      await sleep(1000);
    }
    if (options.json) return printJson({ device: device.macAddress, ip: device.ipAddress, ready: true, image: job?.image ?? null });
    console.log(`${device.macAddress} (${device.ipAddress}) is ready.`);
  });

program
  .command('ssh')
  .description('Print the ssh command that reaches a device as you (--exec: run it).')
  .argument('<device>', 'MAC or IP address')
  .argument('[command...]', 'a command to run on the device (with --exec)')
  .option('--exec', 'run ssh instead of printing the command')
  .action(async (name: string, command: string[], options: { exec?: boolean }) => {
    const api = await portal();
    const [user, all] = await Promise.all([me(api), devices(api)]);
    const device = findDevice(all, name);
    const args = [`${user.username}@${device.ipAddress}`, ...command];
    if (!options.exec) return console.log(['ssh', ...args].join(' '));
    const child = spawn('ssh', args, { stdio: 'inherit' });
    const code = await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        console.error(`ssh could not be started: ${error.message}`);
        resolve(EXIT.refused);
      });
      child.once('exit', (exitCode) => resolve(exitCode ?? EXIT.refused));
    });
    process.exitCode = code;
  });

// Images -----------------------------------------------------------------------------------------------

const image = program.command('image').description('Your own images: upload, list, delete.');

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

image
  .command('upload')
  .description('Upload an image over the resumable tus protocol, with a progress bar; a lost connection is resumed.')
  .argument('<file>', 'the image file')
  .requiredOption('--type <deviceType...>', 'the device types it is for')
  .option('--name <name>', 'its name (default: the file name)')
  // Not --version: the program's own option (testbed --version) takes that name wherever it stands.
  .option('-v, --image-version <version>', 'its version', '1')
  .option('--description <text>', 'what it is', '')
  .option('--checksum <sha256>', 'the SHA-256 the file must have')
  .option('--json', 'print JSON')
  .action(async (file: string, options: { type: string[]; name?: string; imageVersion: string; description: string; checksum?: string; json?: boolean }) => {
    const api = await portal();
    const uploaded = await uploadImage(api, file, {
      name: options.name ?? path.basename(file),
      version: options.imageVersion,
      description: options.description,
      deviceTypes: options.type,
      checksum: options.checksum,
      quiet: Boolean(options.json) || !process.stderr.isTTY,
    });
    if (options.json) return printJson(uploaded);
    console.log(`Uploaded ${uploaded.name} ${uploaded.version} (${uploaded.format}, SHA-256 ${uploaded.sha256}): flash it with --image ${uploaded.ref}.`);
  });

image
  .command('list')
  .description('Your images (--usable: every image you may flash), with your usage against your quota.')
  .option('--usable', 'every image you may flash, yours, your groups\' and the public ones')
  .option('--type <deviceType>', 'of this device type only')
  .option('--json', 'print JSON')
  .action(async (options: { usable?: boolean; type?: string; json?: boolean }) => {
    const api = await portal();
    const [images, quota] = await Promise.all([
      api.call(imagesEndpoints.list, { query: { scope: options.usable ? 'usable' : 'mine', ...(options.type ? { deviceType: options.type } : {}) } }),
      api.call(imagesEndpoints.usage),
    ]);
    if (options.json) return printJson({ images, usage: quota });
    printTable(
      ['REF', 'NAME', 'VERSION', 'TYPES', 'FORMAT', 'SIZE', 'VISIBILITY', 'OWNER'],
      images.map((one) => [
        one.ref,
        one.name,
        one.version,
        one.deviceTypes.join(','),
        one.format,
        `${(one.sizeBytes / 1024 ** 2).toFixed(1)} MiB`,
        one.visibility === 'public' && !one.publicApproved ? 'public (awaiting approval)' : one.visibility + (one.deprecated ? ', deprecated' : ''),
        one.owner,
      ]),
    );
    console.error(`Using ${gib(quota.user.usedBytes)} of ${gib(quota.user.quotaBytes)}.`);
  });

image
  .command('delete')
  .description('Delete one of your images (refused while a flash writes it).')
  .argument('<image>', 'its ref (image:<id>) or id')
  .action(async (ref: string) => {
    const id = /^(?:image:)?([1-9][0-9]{0,9})$/.exec(ref)?.[1];
    if (!id) throw usage(`${ref} is not an image: give its ref (image:<id>) from testbed image list.`);
    await (await portal()).call(imagesEndpoints.delete, { params: { id } });
    console.log(`Deleted image:${id}.`);
  });

// Experiments ------------------------------------------------------------------------------------------

/** A description file (YAML or JSON, or an exported experiment), checked by the contract before it is sent. */
async function readDescription(path: string) {
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw usage(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    // YAML is a superset of JSON: one parser reads both.
    document = parseYaml(text);
  } catch (error) {
    throw usage(`${path} is neither YAML nor JSON: ${(error as Error).message}`);
  }
  const parsed = experimentDescriptionSchema.safeParse(descriptionOf(document));
  if (!parsed.success) {
    throw usage(`${path} is not a valid experiment: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`).join('; ')}`);
  }
  return parsed.data;
}

const DEVICE_STAGE = {
  waiting: 'waiting',
  flashing: 'flashing',
  ready: 'ready',
  failed: 'failed',
  cleaning: 'flashing back',
  released: 'released',
  quarantined: 'quarantined',
} as const;

/** One line of progress: the experiment's state and how many devices stand where. */
function progressLine(experiment: Experiment): string {
  const counts = new Map<string, number>();
  for (const device of experiment.devices) counts.set(DEVICE_STAGE[device.state], (counts.get(DEVICE_STAGE[device.state]) ?? 0) + 1);
  return `Experiment ${experiment.id} ${experiment.state}: ${[...counts].map(([state, count]) => `${count} ${state}`).join(', ')}`;
}

/**
 * The experiment as it changes, through its stream (Server-Sent Events, opened with a single-use ticket): as it
 * stands, then after each change, until it is over. A stream that drops or cannot be opened is made up for by a
 * read, then a new ticket a second later. Gives up when `signal` is aborted.
 */
async function* experimentUpdates(api: Portal, id: number, signal: AbortSignal): AsyncGenerator<Experiment> {
  for (;;) {
    try {
      const { ticket } = await api.call(experimentsEndpoints.streamTicket, { params: { id } });
      for await (const { event, data } of api.events(experimentsEndpoints.events, { params: { id }, query: { ticket } }, signal)) {
        if (event === 'experiment') yield experimentSchema.parse(data);
        if (event === 'end') return;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      // The experiment gone or not the caller's: no read would do better.
      if (error instanceof CliError && error.status === 404) throw error;
    }
    const experiment = await api.call(experimentsEndpoints.get, { params: { id } });
    yield experiment;
    if (FINISHED_EXPERIMENT_STATES.includes(experiment.state)) return;
    await sleep(1000);
  }
}

/** Follows an experiment until `done` says so, one progress line per change; the last experiment seen. */
async function followUntil(api: Portal, id: number, timeoutSeconds: number, quiet: boolean, done: (experiment: Experiment) => boolean): Promise<Experiment> {
  const tty = process.stderr.isTTY && !quiet;
  const signal = AbortSignal.timeout(timeoutSeconds * 1000);
  let shown = '';
  let last: Experiment | undefined;
  try {
    for await (const experiment of experimentUpdates(api, id, signal)) {
      last = experiment;
      const line = progressLine(experiment);
      if (line !== shown && !quiet) {
        process.stderr.write(tty ? `\r\u001b[K${line}` : `${line}\n`);
        shown = line;
      }
      if (done(experiment)) break;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    if (tty && shown) process.stderr.write('\n');
  }
  last ??= await api.call(experimentsEndpoints.get, { params: { id } });
  if (signal.aborted && !done(last)) throw new TimeoutOf(last);
  return last;
}

class TimeoutOf extends Error {
  constructor(readonly experiment: Experiment) {
    super('timeout');
  }
}

/** Follows an experiment until it is ready (or over), one line per change; refuses when it fails. */
async function followExperiment(api: Portal, id: number, timeoutSeconds: number, quiet: boolean): Promise<Experiment> {
  const over = (experiment: Experiment) => FINISHED_EXPERIMENT_STATES.includes(experiment.state) || experiment.state === 'ending';
  let experiment: Experiment;
  try {
    experiment = await followUntil(api, id, timeoutSeconds, quiet, (now) => now.state === 'ready' || now.state === 'running' || over(now));
  } catch (error) {
    if (error instanceof TimeoutOf) throw new CliError(`Experiment ${id} is not ready after ${timeoutSeconds} s; it is still ${error.experiment.state}.`);
    throw error;
  }
  if (over(experiment)) {
    throw new CliError(`Experiment ${id} ${experiment.state === 'ending' ? 'is ending' : `ended as ${experiment.state}`}: ${experiment.error ?? 'stopped'}`);
  }
  return experiment;
}

function printExperiment(experiment: Experiment, clock: Clock): void {
  console.log(`Experiment ${experiment.id} "${experiment.name}": ${experiment.state}, ${clock.show(experiment.start)} to ${clock.show(experiment.end)}${clock.zoneNote}`);
  if (experiment.error) console.log(experiment.error);
  printTable(
    ['DEVICE', 'TYPE', 'IP', 'IMAGE', 'STATE', 'SSH'],
    experiment.devices.map((d) => [d.macAddress, d.deviceType, d.ipAddress, d.image, DEVICE_STAGE[d.state], d.sshCommand ?? '']),
  );
}

const experiment = program.command('experiment').description('Describe once, run in one step: book, flash and follow devices to ready.');

experiment
  .command('submit')
  .description('Submit an experiment described in a YAML or JSON file (or an exported experiment; - reads standard input).')
  .argument('<file>', 'the description')
  .option('--wait', 'follow it until every device is ready, then print the ssh commands')
  .option('--timeout <seconds>', 'give up following after this long', parsePositive, 3600)
  .option('--json', 'print JSON')
  .action(async (file: string, options: { wait?: boolean; timeout: number; json?: boolean }) => {
    const description = await readDescription(file);
    const api = await portal();
    let submitted = await api.call(experimentsEndpoints.submit, { body: description });
    if (!options.json) console.error(`Experiment ${submitted.id} booked: ${submitted.devices.length} device(s), reservation ${submitted.reservationId}.`);
    if (options.wait) submitted = await followExperiment(api, submitted.id, options.timeout, Boolean(options.json));
    if (options.json) return printJson(submitted);
    if (!options.wait) return console.log(submitted.id);
    for (const device of submitted.devices) {
      if (device.sshCommand) console.log(device.sshCommand);
      else console.error(`${device.macAddress}: ${device.error ?? DEVICE_STAGE[device.state]}`);
    }
  });

experiment
  .command('list')
  .description('Your experiments, newest first (administrators: --all for everyone).')
  .addOption(new Option('--when <when>', 'which ones').choices(['running', 'coming', 'past', 'all']).default('all'))
  .option('--all', "every user's (administrators)")
  .option('--json', 'print JSON')
  .action(async (options: { when: 'running' | 'coming' | 'past' | 'all'; all?: boolean; json?: boolean }) => {
    const api = await portal();
    const list = options.all
      ? await api.call(experimentsEndpoints.all, { query: { when: options.when } })
      : await api.call(experimentsEndpoints.mine, { query: { when: options.when } });
    if (options.json) return printJson(list);
    const clock = clockFor(await me(api));
    printTable(
      ['ID', 'NAME', 'USER', 'STATE', 'DEVICES', 'START', 'END'],
      list.map((e) => [String(e.id), e.name, e.username, e.state, String(e.deviceCount), clock.show(e.start), clock.show(e.end)]),
    );
    if (clock.tableNote) console.error(clock.tableNote);
  });

commandOnId(experiment, 'show', 'An experiment with each device, its state and its ssh command.', 'experiment')
  .option('--json', 'print JSON')
  .action(async (id: number, options: { json?: boolean }) => {
    const api = await portal();
    const shown = await api.call(experimentsEndpoints.get, { params: { id } });
    if (options.json) return printJson(shown);
    printExperiment(shown, clockFor(await me(api)));
  });

commandOnId(experiment, 'stop', 'End an experiment now: its devices are released and flashed back.', 'experiment')
  .option('--wait', 'follow it until every device is back')
  .option('--timeout <seconds>', 'give up following after this long', parsePositive, 3600)
  .option('--json', 'print JSON')
  .action(async (id: number, options: { wait?: boolean; timeout: number; json?: boolean }) => {
    const api = await portal();
    let stopped = await api.call(experimentsEndpoints.stop, { params: { id } });
    if (options.wait && !FINISHED_EXPERIMENT_STATES.includes(stopped.state)) {
      try {
        stopped = await followUntil(api, id, options.timeout, Boolean(options.json), (now) => FINISHED_EXPERIMENT_STATES.includes(now.state));
      } catch (error) {
        if (error instanceof TimeoutOf) throw new CliError(`Experiment ${id} is still ${error.experiment.state} after ${options.timeout} s.`);
        throw error;
      }
    }
    if (options.json) return printJson(stopped);
    console.log(`Experiment ${id} ${FINISHED_EXPERIMENT_STATES.includes(stopped.state) ? `ended as ${stopped.state}` : 'is ending'}.`);
  });

commandOnId(experiment, 'export', 'The experiment as one JSON file (description, devices, images, flash logs): testbed experiment submit runs it again.', 'experiment')
  .action(async (id: number) => {
    const api = await portal();
    printJson(await api.call(experimentsEndpoints.export, { params: { id } }));
  });

// Run --------------------------------------------------------------------------------------------------

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version end with code 0; every other commander error is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (error instanceof CliError) {
    console.error(`testbed: ${error.message}`);
    process.exitCode = error.exitCode;
  } else if (error instanceof z.core.$ZodError || error instanceof SyntaxError) {
    console.error(`testbed: the saved config (${configPath()}) is damaged: run testbed login again.`);
    process.exitCode = EXIT.refused;
  } else {
    console.error(`testbed: ${(error as Error).message}`);
    process.exitCode = EXIT.refused;
  }
}
