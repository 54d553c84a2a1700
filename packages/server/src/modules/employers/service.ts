// Rules of the employers area: the employers directory (any signed-in user picks their employer from it;
// administrators create, change and delete employers) and a user's employments (the user or an
// administrator): one current employer at most, at least one employer kept, the current one not deleted,
// and an employer that still has users not deleted.
import {
  employerMessages,
  type createUserEmployerSchema,
  type Employer,
  type employerFormSchema,
  type updateUserEmployerSchema,
} from '@testbed/contract';
import type * as z from 'zod/mini';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { auditedTransaction, ListReads } from '../list-steps.js';
import {
  clearCurrent,
  countEmployments,
  deleteEmployer,
  deleteEmployment,
  employerTypeExists,
  findEmployer,
  findEmployment,
  insertEmployer,
  insertEmployment,
  listEmployers,
  lockEmployer,
  lockUserForEmployments,
  type EmployerRow,
  professionalStatusExists,
  updateEmployer,
  updateEmployment,
  type EmployerValues,
} from './repo.js';

// What other modules read and write of employers and employments (a user's details, the account update's
// prefill, a sign-up's new employer in its transaction): they come through here, not through repo.ts.
export {
  employerTypeExists,
  findCurrentEmployment,
  insertEmployer,
  listEmploymentsOfUser,
  professionalStatusExists,
  type CurrentEmployment,
  type EmploymentRow,
} from './repo.js';

/** The employer as every reply shows it: its id and its own fields. */
export function presentEmployerFields(employerId: number, row: EmployerValues): Omit<Employer, 'userCount'> {
  return {
    employerId,
    instituteName: row.institute_name,
    countryName: row.country_name,
    laboratoryName: row.laboratory_name,
    teamName: row.team_name,
    location: row.location,
    employerURL: row.employer_url,
  };
}

export function presentEmployer(row: EmployerRow): Employer {
  return { ...presentEmployerFields(row.id, row), userCount: Number(row.user_count) };
}

type EmployerData = z.output<typeof employerFormSchema>;
type CreateEmployment = z.output<typeof createUserEmployerSchema>;
type UpdateEmployment = z.output<typeof updateUserEmployerSchema>;

const employerNotFound = () => new AppError('not_found', employerMessages.EMPLOYER_NOT_FOUND);

function employerValues(form: EmployerData): EmployerValues {
  return {
    institute_name: form.instituteName,
    country_name: form.countryName,
    laboratory_name: form.laboratoryName,
    team_name: form.teamName,
    location: form.location,
    employer_url: form.employerURL,
  };
}

async function checkReferences(db: Queryable, form: { employerTypeId: number | null; professionalStatusId: number | null }) {
  if (form.employerTypeId !== null && !(await employerTypeExists(db, form.employerTypeId))) {
    throw new AppError('validation', employerMessages.UNKNOWN_EMPLOYER_TYPE, {
      fieldErrors: { employerTypeId: [employerMessages.UNKNOWN_EMPLOYER_TYPE] },
    });
  }
  if (form.professionalStatusId !== null && !(await professionalStatusExists(db, form.professionalStatusId))) {
    throw new AppError('validation', employerMessages.UNKNOWN_PROFESSIONAL_STATUS, {
      fieldErrors: { professionalStatusId: [employerMessages.UNKNOWN_PROFESSIONAL_STATUS] },
    });
  }
}

export class EmployersService extends ListReads<EmployerRow, Employer> {
  constructor(private readonly db: Db) {
    super({ db, action: 'employers:read', list: listEmployers, find: findEmployer, present: presentEmployer, notFound: employerNotFound });
  }

  async create(caller: Caller, form: EmployerData): Promise<Employer> {
    const actor = authorize(caller.principal, 'employers:manage');
    const id = await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      const created = await insertEmployer(tx, employerValues(form));
      await audit({ action: 'employer.create', targetType: 'employer', targetId: created });
      return created;
    });
    return presentEmployer((await findEmployer(this.db, id))!);
  }

  async update(caller: Caller, id: number, form: EmployerData): Promise<Employer> {
    const actor = authorize(caller.principal, 'employers:manage');
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      if (!(await updateEmployer(tx, id, employerValues(form)))) throw employerNotFound();
      await audit({ action: 'employer.update', targetType: 'employer', targetId: id });
    });
    return presentEmployer((await findEmployer(this.db, id))!);
  }

  async delete(caller: Caller, id: number): Promise<{ deleted: true }> {
    const actor = authorize(caller.principal, 'employers:manage');
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      if (!(await lockEmployer(tx, id))) throw employerNotFound();
      if ((await countEmployments(tx, 'employer_id', id)) > 0) throw new AppError('conflict', employerMessages.HAS_USERS);
      await deleteEmployer(tx, id);
      await audit({ action: 'employer.delete', targetType: 'employer', targetId: id });
    });
    return { deleted: true };
  }

  async createToUser(caller: Caller, userId: number, form: CreateEmployment): Promise<{ userEmployerId: number; userId: number }> {
    const actor = authorize(caller.principal, 'employment:manage', { userId });
    const userEmployerId = await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      const user = await lockUserForEmployments(tx, userId);
      if (!user) throw new AppError('not_found', employerMessages.USER_NOT_FOUND);
      await checkReferences(tx, form);
      let employerId = form.employerId;
      if (employerId !== undefined) {
        if (!(await lockEmployer(tx, employerId))) throw employerNotFound();
      } else {
        employerId = await insertEmployer(tx, employerValues(form.employer!));
      }
      // A user's first employer is their current one.
      const current = form.current || (await countEmployments(tx, 'user_id', userId)) === 0;
      if (current) await clearCurrent(tx, userId);
      const id = await insertEmployment(tx, {
        user_id: userId,
        employer_id: employerId,
        employer_type_id: form.employerTypeId,
        professional_status_id: form.professionalStatusId,
        start_date: form.startDate,
        end_date: form.endDate,
        is_current: current,
      });
      await audit({ action: 'user-employer.create', targetType: 'user_employer', targetId: id, details: { userId, employerId } });
      return id;
    });
    return { userEmployerId, userId };
  }

  async updateToUser(caller: Caller, form: UpdateEmployment): Promise<{ userEmployerId: number; userId: number }> {
    const existing = await findEmployment(this.db, form.userEmployerId);
    if (!existing) throw new AppError('not_found', employerMessages.USER_EMPLOYER_NOT_FOUND);
    const actor = authorize(caller.principal, 'employment:manage', { userId: existing.user_id });
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      await lockUserForEmployments(tx, existing.user_id);
      if (!(await findEmployment(tx, form.userEmployerId))) throw new AppError('not_found', employerMessages.USER_EMPLOYER_NOT_FOUND);
      await checkReferences(tx, form);
      if (form.current) await clearCurrent(tx, existing.user_id, form.userEmployerId);
      await updateEmployment(tx, form.userEmployerId, {
        employer_type_id: form.employerTypeId,
        professional_status_id: form.professionalStatusId,
        start_date: form.startDate,
        end_date: form.endDate,
        is_current: form.current,
      });
      await audit({ action: 'user-employer.update', targetType: 'user_employer', targetId: form.userEmployerId, details: { userId: existing.user_id } });
    });
    return { userEmployerId: form.userEmployerId, userId: existing.user_id };
  }

  async deleteUserEmployer(caller: Caller, id: number): Promise<{ deleted: true }> {
    const existing = await findEmployment(this.db, id);
    if (!existing) throw new AppError('not_found', employerMessages.USER_EMPLOYER_NOT_FOUND);
    const actor = authorize(caller.principal, 'employment:manage', { userId: existing.user_id });
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      await lockUserForEmployments(tx, existing.user_id);
      const row = await findEmployment(tx, id);
      if (!row) throw new AppError('not_found', employerMessages.USER_EMPLOYER_NOT_FOUND);
      if ((await countEmployments(tx, 'user_id', row.user_id)) <= 1) throw new AppError('conflict', employerMessages.KEEP_ONE);
      if (row.is_current) throw new AppError('conflict', employerMessages.NOT_CURRENT);
      await deleteEmployment(tx, id);
      await audit({ action: 'user-employer.delete', targetType: 'user_employer', targetId: id, details: { userId: row.user_id, employerId: row.employer_id } });
    });
    return { deleted: true };
  }
}
