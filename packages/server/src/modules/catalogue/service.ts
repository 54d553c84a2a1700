// The device catalogue: each device's properties from the testbed file and its state now, filtered by type,
// state and properties, with the whole fleet counted by state. One state per device, the first that holds of:
// in maintenance, quarantined, being flashed, down (its driver says so), booked (a reservation runs), up.
import {
  DEVICE_STATES,
  matchesProperties,
  propertyValues,
  type CatalogueDevice,
  type DeviceCatalogue,
  type DeviceCatalogueQuery,
  type DeviceCatalogueState,
} from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { TestbedDriver } from '../../testbed/driver.js';
import { catalogueRows, type CatalogueRow } from './repo.js';

function stateOf(row: CatalogueRow, up: boolean): { state: DeviceCatalogueState; reason: string | null } {
  if (row.maintenance_reason !== null) return { state: 'maintenance', reason: row.maintenance_reason };
  if (row.quarantine_reason !== null) return { state: 'quarantined', reason: row.quarantine_reason };
  if (row.flashing) return { state: 'flashing', reason: null };
  if (!up) return { state: 'down', reason: null };
  if (row.booked) return { state: 'booked', reason: null };
  return { state: 'up', reason: null };
}

export class CatalogueService {
  constructor(
    private readonly db: Db,
    /** The testbed's own driver: whether a device answers, before the portal's own reasons. */
    private readonly driver: TestbedDriver,
  ) {}

  async catalogue(principal: Principal | null, query: DeviceCatalogueQuery): Promise<DeviceCatalogue> {
    authorize(principal, 'catalogue:read');
    const [rows, states] = await Promise.all([catalogueRows(this.db), this.driver.deviceStates()]);
    const up = new Map(states.map((state) => [state.mac, state.up]));
    const fleet = Object.fromEntries(DEVICE_STATES.map((state) => [state, 0])) as Record<DeviceCatalogueState, number>;
    const facets = new Map<string, Set<string>>();
    const devices: CatalogueDevice[] = [];
    for (const row of rows) {
      const { state, reason } = stateOf(row, up.get(row.mac_address) ?? false);
      fleet[state] += 1;
      for (const [key, value] of Object.entries(row.properties)) {
        const values = facets.get(key) ?? new Set<string>();
        for (const item of propertyValues(value)) values.add(item);
        facets.set(key, values);
      }
      if (query.deviceType && row.device_type !== query.deviceType) continue;
      if (query.state && state !== query.state) continue;
      if (!matchesProperties(row.properties, query.property ?? [])) continue;
      devices.push({ macAddress: row.mac_address, ipAddress: row.ip_address, deviceType: row.device_type, state, stateReason: reason, properties: row.properties });
    }
    return {
      devices,
      facets: [...facets.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, values]) => ({ key, values: [...values].sort() })),
      fleet,
    };
  }
}
