// Experiments: the description is checked, the slot and the devices found with the free-slot sweep
// (reservations/free-windows.ts), and the devices booked through the booking service (atomic with the usage
// policies); the runner (runner.ts) takes it from there. An experiment is its owner's: someone else's answers
// like an unknown one, and administrators see all.
import type { ServerResponse } from 'node:http';
import {
  experimentDescriptionJsonSchema,
  experimentDescriptionSchema,
  imageReferenceOf,
  type Experiment,
  type ExperimentAdminQuery,
  type ExperimentDescription,
  type ExperimentExport,
  type ExperimentPreview,
  type ExperimentSummary,
  type ExperimentTemplate,
  type ExperimentTemplateForm,
} from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize, can } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { FlashingAwareDriver } from '../flashing/flashing-aware-driver.js';
import type { FlashingService } from '../flashing/service.js';
import { earliestFreeWindows, type BusyInterval } from '../reservations/free-windows.js';
import { busyTimes } from '../reservations/repo.js';
import type { ReservationService } from '../reservations/service.js';
import {
  candidateDevices,
  deleteTemplate,
  experimentDevices,
  findTemplateOwner,
  isGroupMember,
  listTemplates,
  saveTemplate,
  findExperiment,
  flashLogOf,
  insertExperiment,
  listExperiments,
  requestStop,
  usersByName,
  type CandidateDeviceRow,
  type ExperimentDeviceRow,
  type ExperimentRow,
  type ExperimentWhen,
  type TemplateRow,
} from './repo.js';
import type { ExperimentRunner } from './runner.js';
import { streamExperiment, type ExperimentEventHub } from './experiment-stream.js';
import type { StreamSlots } from '../../streams/stream-slots.js';
import { issueStreamTicket, takeStreamTicket } from '../../streams/stream-tickets.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far ahead 'earliest' looks for a slot. */
const SEARCH_DAYS = 30;
/** Bookings lost to a concurrent one before 'earliest' gives up. */
const BOOKING_ATTEMPTS = 5;

interface Planned {
  start: Date;
  end: Date;
  devices: { group: number; device: CandidateDeviceRow; image: { name: string; checksum: string | null }; ref: Record<string, string> }[];
}

const fieldError = (field: string, message: string) => new AppError('validation', message, { fieldErrors: { [field]: [message] } });
const unknownExperiment = (id: number) => new AppError('not_found', `Experiment ${id} does not exist.`);

/** Whether a device's catalogue entry has every property asked (a list property contains the value). */
function matches(device: CandidateDeviceRow, wanted: Record<string, string | number | boolean> | undefined): boolean {
  if (!wanted) return true;
  return Object.entries(wanted).every(([key, value]) => {
    const has = device.properties[key];
    return Array.isArray(has) ? has.includes(String(value)) : has === value;
  });
}

export class ExperimentService {
  constructor(
    private readonly db: Db,
    private readonly reservations: ReservationService,
    private readonly flashing: FlashingService,
    private readonly driver: FlashingAwareDriver,
    private readonly runner: ExperimentRunner,
    private readonly events: ExperimentEventHub,
    private readonly streamSlots?: StreamSlots,
  ) {}

  schema(): Record<string, unknown> {
    return experimentDescriptionJsonSchema();
  }

  /** The slot and the devices a submission would get now; nothing is booked. */
  async preview(caller: Principal, description: ExperimentDescription): Promise<ExperimentPreview> {
    authorize(caller, 'experiments:list');
    const plan = await this.plan(caller, description);
    return {
      start: plan.start.toISOString(),
      end: plan.end.toISOString(),
      devices: plan.devices.map(({ group, device, image }) => ({
        group,
        deviceType: device.device_type,
        macAddress: device.mac_address,
        ipAddress: device.ip_address,
        image: image.name,
      })),
    };
  }

  /** Books the experiment's devices (all or none) and hands it to the runner. */
  async submit(caller: Principal, description: ExperimentDescription, ip?: string, runOf: number | null = null): Promise<Experiment> {
    authorize(caller, 'experiment:submit');
    const colleagues = await usersByName(this.db, description.users);
    description.users.forEach((name, index) => {
      if (!colleagues.some((user) => user.username === name)) throw fieldError(`users.${index}`, `No active account is named ${name}.`);
    });
    for (let attempt = 1; ; attempt++) {
      const plan = await this.plan(caller, description);
      const minutes = Math.round((plan.end.getTime() - plan.start.getTime()) / MINUTE);
      const clock = (instant: Date) => ({
        date: { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() },
        hour: `${instant.getUTCHours()}:${String(instant.getUTCMinutes()).padStart(2, '0')}`,
      });
      let experimentId: number | undefined;
      const outcome = await this.reservations.book(
        caller,
        {
          nodesBookingForm: {
            userId: caller.userId,
            startDate: clock(plan.start).date,
            startHour: clock(plan.start).hour,
            durationHour: Math.floor(minutes / 60),
            durationMinute: minutes % 60,
            endDate: clock(plan.end).date,
            endHour: clock(plan.end).hour,
            reservationType: 'Exclusive',
            reservationDescription: `Experiment: ${description.name}`.slice(0, 100).trim(),
            selectedDevices: plan.devices.map(({ device }) => ({ macAddress: device.mac_address })),
            timeZone: 'UTC',
            ...(description.start === 'now' ? { startNow: true } : {}),
          },
          selectedUsers: colleagues.filter((user) => user.id !== caller.userId).map((user) => ({ userId: user.id })),
        },
        ip,
        // The experiment's row is written in the booking's transaction: a reservation never stays without it.
        async (tx, booked) => {
          experimentId = await insertExperiment(tx, {
            userId: caller.userId,
            name: description.name,
            description,
            allOrNothing: description.allOrNothing,
            reservationId: booked.reservationId,
            start: booked.start,
            end: booked.end,
            runOf,
            devices: plan.devices.map(({ group, device, image, ref }) => ({ deviceId: device.id, group, image: image.name, checksum: image.checksum, ref })),
          });
        },
      );
      // Booked: the experiment's row came with it. Refused: the reasons.
      if (experimentId !== undefined) {
        this.runner.wake();
        return this.get(caller, experimentId);
      }
      const reasons = (outcome.reply.value1 as string[]).join(' ');
      // Another booking took a device between the search and the booking: the next slot is searched again.
      if (outcome.status === 409 && description.start === 'earliest' && attempt < BOOKING_ATTEMPTS) continue;
      throw new AppError(outcome.status === 409 ? 'conflict' : 'validation', reasons);
    }
  }

  /**
   * The first start at which every group has its devices free for the whole duration: `now`, a fixed instant
   * (only then), or the earliest whole minute within SEARCH_DAYS. Devices that are down or quarantined are left
   * out; two groups never share a device.
   */
  private async plan(caller: Principal, description: ExperimentDescription): Promise<Planned> {
    const types = [...new Set(description.groups.map((group) => group.type))];
    const inventory = await candidateDevices(this.db, types);
    const states = await this.driver.deviceStates();
    const quarantined = await this.driver.quarantinedMacs();
    const up = new Set(states.filter((state) => state.up && !quarantined.has(state.mac)).map((state) => state.mac));
    const groups = await Promise.all(
      description.groups.map(async (group, index) => {
        const ofType = inventory.filter((device) => device.device_type === group.type);
        if (ofType.length === 0) throw fieldError(`groups.${index}.type`, `Unknown device type ${group.type}.`);
        const ref = imageReferenceOf(group);
        let image;
        try {
          image = await this.flashing.resolveImage(caller, group.type, ref);
        } catch (error) {
          if (error instanceof AppError) throw fieldError(`groups.${index}.${'imageId' in ref ? 'imageId' : 'image'}`, error.message);
          throw error;
        }
        let candidates: CandidateDeviceRow[];
        let count: number;
        if (group.devices) {
          candidates = group.devices.map((mac, at) => {
            const device = ofType.find((one) => one.mac_address === mac);
            if (!device) throw fieldError(`groups.${index}.devices.${at}`, `${mac} is not a device of type ${group.type}.`);
            if (!up.has(mac)) throw fieldError(`groups.${index}.devices.${at}`, `Device ${mac} is down or quarantined.`);
            return device;
          });
          count = candidates.length;
        } else {
          count = group.count ?? 1;
          candidates = ofType.filter((device) => up.has(device.mac_address) && matches(device, group.properties));
          if (candidates.length < count) {
            throw fieldError(
              `groups.${index}.count`,
              `Only ${candidates.length} device(s) of type ${group.type} are up${group.properties ? ' and match the properties' : ''}; ${count} asked.`,
            );
          }
        }
        return { index, candidates, count, image, ref: ref as Record<string, string> };
      }),
    );

    const durationMs = description.durationMinutes * MINUTE;
    const now = Date.now();
    const fixed = description.start === 'now' ? now : description.start === 'earliest' ? null : Math.ceil(Date.parse(description.start) / MINUTE) * MINUTE;
    const from = fixed ?? Math.ceil(now / MINUTE) * MINUTE;
    const to = fixed ?? from + SEARCH_DAYS * DAY;
    const deviceIds = [...new Set(groups.flatMap((group) => group.candidates.map((device) => device.id)))];
    const busy: BusyInterval[] = await busyTimes(this.db, { deviceIds, from: new Date(from), until: new Date(to + durationMs) });
    // Candidate starts: the first, and each whole minute at which something in the way ends.
    const starts = fixed !== null ? [fixed] : [...new Set([from, ...busy.map((interval) => Math.ceil(interval.end / MINUTE) * MINUTE).filter((end) => end > from && end <= to)])].sort((a, b) => a - b);
    for (const start of starts) {
      const taken = new Set<number>();
      const chosen: Planned['devices'] = [];
      const fits = groups.every((group) => {
        const free = earliestFreeWindows(busy, {
          deviceIds: group.candidates.map((device) => device.id).filter((id) => !taken.has(id)),
          count: group.count,
          durationMs,
          from: start,
          to: start,
          limit: 1,
        })[0];
        if (!free || free.start !== start) return false;
        for (const id of free.deviceIds) {
          taken.add(id);
          chosen.push({ group: group.index, device: group.candidates.find((device) => device.id === id)!, image: group.image, ref: group.ref });
        }
        return true;
      });
      if (fits) return { start: new Date(start), end: new Date(start + durationMs), devices: chosen };
    }
    if (fixed === null) throw new AppError('conflict', `No slot within ${SEARCH_DAYS} days has every group of devices free for the whole duration.`);
    const blockers = busy
      .filter((interval) => interval.start < fixed + durationMs && interval.end > fixed)
      .map((interval) => {
        const device = inventory.find((one) => one.id === interval.deviceId)!;
        return `${device.device_type} ${device.mac_address} is busy from ${new Date(interval.start).toISOString()} to ${new Date(interval.end).toISOString()}.`;
      });
    throw new AppError('conflict', `The devices are not free at that time: ${[...new Set(blockers)].join(' ')}`);
  }

  async mine(caller: Principal, when: ExperimentWhen): Promise<ExperimentSummary[]> {
    authorize(caller, 'experiments:list');
    return (await listExperiments(this.db, { userId: caller.userId, when })).map(summaryOf);
  }

  async all(caller: Principal, query: ExperimentAdminQuery): Promise<ExperimentSummary[]> {
    authorize(caller, 'experiments:list-all');
    return (await listExperiments(this.db, query)).map(summaryOf);
  }

  async get(caller: Principal, id: number): Promise<Experiment> {
    const row = await this.visible(caller, id);
    const devices = await experimentDevices(this.db, id);
    return this.present(row, devices);
  }

  /** A ticket that opens the experiment's stream once, within a minute (streams/stream-tickets.ts). */
  async streamTicket(caller: Principal, id: number): Promise<{ ticket: string; expiresIn: number }> {
    await this.visible(caller, id);
    return issueStreamTicket(this.db, caller.userId, { experimentId: id });
  }

  /**
   * Checks the ticket (the one authorization of a stream: it was given to someone who may read the experiment)
   * and answers the function that sends the stream on the response.
   */
  async openStream(id: number, ticket: string, onError: (error: unknown) => void): Promise<(out: ServerResponse) => void> {
    const userId = await takeStreamTicket(this.db, ticket, { experimentId: id });
    const first = userId === undefined ? undefined : await this.snapshot(id);
    if (userId === undefined || !first) throw new AppError('unauthenticated', 'Invalid or expired stream ticket: ask for another.');
    const slot = this.streamSlots ? await this.streamSlots.take(userId) : undefined;
    if (slot === null) {
      throw new AppError(
        'too_many_requests',
        `At most ${this.streamSlots?.perUser} streams may be open at once per user: close one, or read the experiment instead.`,
      );
    }
    return (out) => {
      slot?.(out, onError);
      streamExperiment(this.events, first, () => this.snapshot(id), out, onError);
    };
  }

  /** Asks the runner to end it now; any instance's next step does it. */
  async stop(caller: Principal, id: number): Promise<Experiment> {
    const row = await this.visible(caller, id);
    authorize(caller, 'experiment:stop', { userId: row.user_id });
    if (!(await requestStop(this.db, id))) throw new AppError('conflict', `Experiment ${id} is already over.`);
    this.runner.wake();
    return this.get(caller, id);
  }

  /**
   * Submits the same description again at the earliest slot: a replay wants the same devices and work, not the
   * first run's moment, which is past, or `now`, when the run just stopped may still hold its devices for the
   * minute it ends in.
   */
  async runAgain(caller: Principal, id: number, ip?: string): Promise<Experiment> {
    const row = await this.visible(caller, id);
    const description = experimentDescriptionSchema.parse(row.description);
    const start = description.start === 'earliest' || description.start === 'now' || Date.parse(description.start) < Date.now() ? 'earliest' : description.start;
    return this.submit(caller, { ...description, start }, ip, id);
  }

  async export(caller: Principal, id: number): Promise<ExperimentExport> {
    const experiment = await this.get(caller, id);
    const rows = await experimentDevices(this.db, id);
    const devices = await Promise.all(
      experiment.devices.map(async (device, index) => {
        const jobIds = [rows[index]!.flash_job_id, rows[index]!.clean_job_id].filter((job): job is number => job !== null);
        const logs = (await Promise.all(jobIds.map((job) => flashLogOf(this.db, job)))).flat();
        return { ...device, flashLog: logs.map((entry) => ({ at: new Date(entry.at).toISOString(), kind: entry.kind, text: entry.text })) };
      }),
    );
    const { description, devices: _devices, readyAt: _readyAt, endedAt: _endedAt, stopRequested: _stop, runOf: _runOf, ...summary } = experiment;
    return { format: 'testbed-experiment/1', description, experiment: summary, devices };
  }

  /** The caller's templates and those shared with their groups. */
  async templates(caller: Principal): Promise<ExperimentTemplate[]> {
    authorize(caller, 'experiments:list');
    return (await listTemplates(this.db, caller.userId)).map(templateOf);
  }

  /** Saves a description under a name, private or shared with a group the caller belongs to. */
  async saveTemplate(caller: Principal, form: ExperimentTemplateForm): Promise<ExperimentTemplate> {
    authorize(caller, 'experiments:list');
    const groupId = form.groupId ?? null;
    if (groupId !== null && !(await isGroupMember(this.db, groupId, caller.userId))) {
      throw fieldError('groupId', 'You may share a template only with a group you belong to.');
    }
    const id = await saveTemplate(this.db, { userId: caller.userId, name: form.name, description: form.description, groupId });
    return templateOf((await listTemplates(this.db, caller.userId)).find((row) => row.id === id)!);
  }

  async deleteTemplate(caller: Principal, id: number): Promise<{ deleted: true }> {
    const owner = await findTemplateOwner(this.db, id);
    // Someone else's, even shared with the caller, answers like an unknown one.
    if (owner === undefined || !can(caller, 'experiment:template-delete', { userId: owner })) throw new AppError('not_found', `Template ${id} does not exist.`);
    await deleteTemplate(this.db, id);
    return { deleted: true };
  }

  /** The caller's experiment (any for an administrator); someone else's answers like an unknown one. */
  private async visible(caller: Principal, id: number): Promise<ExperimentRow> {
    const row = await findExperiment(this.db, id);
    if (!row || !can(caller, 'experiment:read', { userId: row.user_id })) throw unknownExperiment(id);
    return row;
  }

  /** The experiment as its reader sees it, for its stream (whose ticket was the authorization). */
  private async snapshot(id: number): Promise<Experiment | undefined> {
    const row = await findExperiment(this.db, id);
    return row && this.present(row, await experimentDevices(this.db, id));
  }

  private present(row: ExperimentRow, devices: ExperimentDeviceRow[]): Experiment {
    return {
      ...summaryOf(row),
      description: row.description as Record<string, unknown>,
      devices: devices.map((device) => ({
        group: device.group_index,
        deviceType: device.device_type,
        macAddress: device.mac_address,
        ipAddress: device.ip_address,
        state: device.state,
        image: device.image_name,
        imageChecksum: device.image_checksum,
        imageRef: device.image_ref,
        flashJob: device.flash_handle,
        cleanJob: device.clean_handle,
        error: device.error,
        sshCommand: device.state === 'ready' ? this.flashing.sshCommand(row.username, device.ip_address) : null,
      })),
      readyAt: row.ready_at ? new Date(row.ready_at).toISOString() : null,
      endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      stopRequested: row.stop_requested_at !== null,
      runOf: row.run_of,
    };
  }
}

function summaryOf(row: ExperimentRow): ExperimentSummary {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    state: row.state,
    start: new Date(row.start_at).toISOString(),
    end: new Date(row.end_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    deviceCount: row.device_count,
    reservationId: row.reservation_id,
    error: row.error,
  };
}

function templateOf(row: TemplateRow): ExperimentTemplate {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    groupId: row.group_id,
    groupName: row.group_name,
    description: row.description as Record<string, unknown>,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
