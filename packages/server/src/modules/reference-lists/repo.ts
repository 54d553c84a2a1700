// Queries on the reference lists: employer types and professional statuses.
import type { EmployerType, ProfessionalStatus } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

interface LabelRow {
  id: number;
  label: string;
}

export const presentEmployerType = (row: LabelRow): EmployerType => ({ employerTypeId: row.id, label: row.label });
export const presentProfessionalStatus = (row: LabelRow): ProfessionalStatus => ({ professionalStatusId: row.id, label: row.label });

// In the order they were seeded, which puts 'Other' last.
export async function listEmployerTypes(db: Queryable): Promise<LabelRow[]> {
  return db.selectFrom('employer_types').select(['id', 'label']).orderBy('id').execute();
}

export async function listProfessionalStatuses(db: Queryable): Promise<LabelRow[]> {
  return db.selectFrom('professional_statuses').select(['id', 'label']).orderBy('id').execute();
}
