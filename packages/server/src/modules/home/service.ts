// The home page's figures for administrators: what waits for them, each answered by one of their pages.
import type { AdminSummary } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { loadAdminSummary } from './repo.js';

export class HomeService {
  constructor(private readonly db: Db) {}

  async adminSummary(principal: Principal | null): Promise<AdminSummary> {
    authorize(principal, 'admin-summary:read');
    return loadAdminSummary(this.db);
  }
}
