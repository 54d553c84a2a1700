// The reference lists are read by the sign-up and account-update forms, which anonymous visitors fill in,
// so reading them needs no signed-in caller; nothing changes them through the API (their
// create and delete buttons show as coming soon: docs/web-app.md).
import type { EmployerType, ProfessionalStatus } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { listEmployerTypes, listProfessionalStatuses, presentEmployerType, presentProfessionalStatus } from './repo.js';

export class ReferenceListsService {
  constructor(private readonly db: Db) {}

  async employerTypes(): Promise<EmployerType[]> {
    return (await listEmployerTypes(this.db)).map(presentEmployerType);
  }

  async professionalStatuses(): Promise<ProfessionalStatus[]> {
    return (await listProfessionalStatuses(this.db)).map(presentProfessionalStatus);
  }
}
