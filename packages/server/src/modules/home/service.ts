// The home page's figures for administrators: what waits for them, each answered by one of their pages.
import type { AdminSummary } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { TestbedDriver } from '../../testbed/driver.js';
import { loadAdminSummary } from './repo.js';

export class HomeService {
  constructor(
    private readonly db: Db,
    /** Whether each device answers is the testbed's to say, not the database's. */
    private readonly driver: TestbedDriver,
  ) {}

  async adminSummary(principal: Principal | null): Promise<AdminSummary> {
    authorize(principal, 'admin-summary:read');
    const states = await this.driver.deviceStates();
    return loadAdminSummary(
      this.db,
      states.filter((state) => !state.up).map((state) => state.mac),
    );
  }
}
