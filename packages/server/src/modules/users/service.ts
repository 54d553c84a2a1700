// Rules of the users area: the administrators' list, a user's details (the user or an administrator),
// their update (a user changes their own contact fields only; roles, the admin and enabled flags and the
// validation dates are an administrator's) and the creation of an account by an administrator.
import {
  USERS_PAGE_SIZE,
  VALID_USERS_MAX,
  type ValidUsersQuery,
  userMessages,
  type CreateUser,
  type UpdateUser,
  type UserDetails,
  type UserListItem,
  type UserListPage,
  type UserListQuery,
} from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import type { NotifiedReplies } from '../../db/notified-replies.js';
import { AppError, forbidden } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { hashPassword } from '../../security/passwords.js';
import { authorize, can } from '../../security/policies.js';
import type { Caller, Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { listEmploymentsOfUser, presentEmployerFields, type EmploymentRow } from '../employers/service.js';
import {
  countOtherEnabledAdmins,
  findUserRow,
  insertUser,
  isEnabledAdmin,
  listAllRoles,
  listGroupsOfUser,
  listIntendedUsagesOfUser,
  listRolesOfUser,
  listUsers,
  lockUser,
  replaceRoles,
  updateUserRow,
  validUsersJson,
  type NewUserDetails,
  type UserListRow,
  type UserRow,
} from './repo.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

// An imported account is inserted in the import's transaction, through here rather than through repo.ts.
export { insertUser } from './repo.js';

/** Refuses to remove the last enabled administrator: nobody could approve accounts any more. */
export async function keepAnAdministrator(tx: Queryable, userId: number): Promise<void> {
  if ((await isEnabledAdmin(tx, userId)) && (await countOtherEnabledAdmins(tx, userId)) === 0) {
    throw new AppError('conflict', userMessages.LAST_ADMIN);
  }
}

/** Who the account is and when it signed up: the first fields of every list of accounts. */
export function presentAccountIdentity(row: Pick<UserListRow, 'id' | 'firstname' | 'lastname' | 'username' | 'email' | 'sign_up_date'>) {
  return {
    userId: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    email: row.email,
    signUpDate: new Date(row.sign_up_date).toISOString(),
  };
}

export function presentUserListItem(row: UserListRow | UserRow): UserListItem {
  return {
    ...presentAccountIdentity(row),
    approvedDate: iso(row.approved_date),
    lastValidationDate: iso(row.last_validation_date),
    expirationDate: iso(row.expiration_date),
    isEnabled: row.is_enabled,
    isAdmin: row.is_admin,
    validationPending: row.validation_pending,
    hasToken: row.has_token,
  };
}

export function presentEmployment(row: EmploymentRow): UserDetails['userEmployers'][number] {
  return {
    userEmployerId: row.id,
    employer: presentEmployerFields(row.employer_id, row),
    employerType: row.employer_type_id === null ? null : { employerTypeId: row.employer_type_id, label: row.employer_type_label ?? '' },
    professionalStatus:
      row.professional_status_id === null
        ? null
        : { professionalStatusId: row.professional_status_id, label: row.professional_status_label ?? '' },
    startDate: iso(row.start_date)!,
    endDate: iso(row.end_date),
    currentForUser: row.is_current,
  };
}

const sameInstant = (a: Date | string | null | undefined, b: Date | string | null) =>
  (a === null || a === undefined ? null : new Date(a).getTime()) === (b === null ? null : new Date(b).getTime());

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isConstraintError(error, UNIQUE_VIOLATION) && (error.constraint === constraint || String(error.message ?? '').includes(constraint));
}

export class UsersService {
  constructor(
    private readonly db: Db,
    /** The colleague search's replies kept between calls; without it every search reads the database. */
    private readonly searches?: NotifiedReplies,
  ) {}

  /**
   * The colleagues a user can add to a booking, searched on every keystroke: enabled, not anonymised accounts
   * whose last name, first name or username contains `name` (any case), by last name then first name, at most
   * 100, as the reply's JSON text. The caller is not left out: the client removes itself.
   */
  async validUsers(principal: Principal | null, query: ValidUsersQuery): Promise<string | Buffer> {
    authorize(principal, 'user:search');
    const name = (query.name ?? '').toLowerCase();
    const limit = Math.min(query.limit ?? VALID_USERS_MAX, VALID_USERS_MAX);
    const read = () => validUsersJson(this.db, name, limit);
    if (!this.searches) return read();
    // The same keystrokes come from many users: the first letters of a name match most accounts, the costly
    // searches, and are the most asked.
    return this.searches.reply(`${limit}:${name}`, async () => Buffer.from(await read()));
  }

  async list(caller: Caller, query: UserListQuery): Promise<UserListPage> {
    authorize(caller.principal, 'users:list');
    const size = query.size ?? USERS_PAGE_SIZE;
    const page = query.page ?? 1;
    const { rows, total } = await listUsers(this.db, {
      firstname: query.firstname || undefined,
      lastname: query.lastname || undefined,
      name: query.name || undefined,
      validOnly: query.validOnly !== 'false',
      limit: size,
      offset: (page - 1) * size,
    });
    return { items: rows.map(presentUserListItem), total, page, size };
  }

  async details(caller: Caller, id: number): Promise<UserDetails> {
    const actor = authorize(caller.principal, 'user:read', { userId: id });
    const row = await findUserRow(this.db, id);
    if (!row) throw new AppError('not_found', userMessages.USER_NOT_FOUND);
    const [roles, employments, usages, groups, managed, allRoles] = await Promise.all([
      listRolesOfUser(this.db, id),
      listEmploymentsOfUser(this.db, id),
      listIntendedUsagesOfUser(this.db, id),
      listGroupsOfUser(this.db, id, 'member'),
      listGroupsOfUser(this.db, id, 'manager'),
      can(actor, 'roles:read') ? listAllRoles(this.db) : Promise.resolve([]),
    ]);
    const group = (g: { id: number; name: string; group_type: string | null }) => ({ groupId: g.id, name: g.name, groupType: g.group_type });
    return {
      ...presentUserListItem(row),
      phoneNumber: row.phone_number,
      instantMessaging: row.instant_messaging,
      personalUrl: row.personal_url,
      timeZone: row.time_zone,
      charterAcceptanceDate: iso(row.charter_acceptance_date),
      anonymised: row.anonymised_at !== null,
      roles: roles.map((role) => ({ roleId: role.id, roleName: role.name })),
      userEmployers: employments.map(presentEmployment),
      intendedUsages: usages.map((usage) => ({
        intendedUsageId: usage.id,
        description: usage.description,
        createdAt: iso(usage.created_at)!,
      })),
      userGroups: groups.map(group),
      managedGroups: managed.map(group),
      assignableRoles: allRoles.map((role) => ({ roleId: role.id, roleName: role.name })),
    };
  }

  async update(caller: Caller, id: number, form: UpdateUser): Promise<UserDetails> {
    const actor = authorize(caller.principal, 'user:update', { userId: id });
    const admin = can(actor, 'user:admin-fields');
    await this.db.transaction().execute(async (tx) => {
      const current = await lockUser(tx, id);
      if (!current) throw new AppError('not_found', userMessages.USER_NOT_FOUND);
      if (current.anonymised_at) throw new AppError('conflict', userMessages.ACCOUNT_DELETED);
      const roles = (await listRolesOfUser(tx, id)).map((role) => role.name).sort();
      const wasAdmin = roles.includes('ADMIN');

      // The profile form sends the whole user back: an administrator's field sent unchanged is no change.
      const adminChange =
        (form.isAdmin !== undefined && form.isAdmin !== wasAdmin) ||
        (form.isEnabled !== undefined && form.isEnabled !== current.is_enabled) ||
        (form.lastValidationDate !== undefined && !sameInstant(form.lastValidationDate, current.last_validation_date)) ||
        (form.expirationDate !== undefined && !sameInstant(form.expirationDate, current.expiration_date)) ||
        (form.roles !== undefined && !sameRoles([...new Set(form.roles)].sort(), roles));
      if (adminChange && !admin) throw forbidden(userMessages.ADMIN_FIELDS_ONLY);

      const isAdmin = form.isAdmin ?? wasAdmin;
      const isEnabled = form.isEnabled ?? current.is_enabled;
      if (wasAdmin && current.is_enabled && (!isAdmin || !isEnabled) && (await countOtherEnabledAdmins(tx, id)) === 0) {
        throw new AppError('conflict', userMessages.LAST_ADMIN);
      }
      const disabling = current.is_enabled && !isEnabled;
      await updateUserRow(
        tx,
        id,
        {
          firstname: form.firstname,
          lastname: form.lastname,
          phone_number: form.phoneNumber,
          instant_messaging: form.instantMessaging,
          personal_url: form.personalUrl,
          ...(form.timeZone !== undefined ? { time_zone: form.timeZone } : {}),
          ...(admin
            ? {
                ...(form.lastValidationDate !== undefined ? { last_validation_date: form.lastValidationDate ?? null } : {}),
                ...(form.expirationDate !== undefined ? { expiration_date: form.expirationDate ?? null } : {}),
                is_enabled: isEnabled,
                // Enabling an account for the first time approves it.
                ...(isEnabled && !current.approved_date ? { approved_date: new Date() } : {}),
              }
            : {}),
        },
        // A disabled account, or one whose authorities change, must sign in again.
        disabling || (admin && isAdmin !== wasAdmin),
      );
      if (admin && (form.roles !== undefined || isAdmin !== wasAdmin)) {
        const unknown = await replaceRoles(tx, id, withAdminFlag(form.roles ?? roles, isAdmin));
        if (unknown.length) {
          throw new AppError('validation', userMessages.UNKNOWN_ROLE, { fieldErrors: { roles: [userMessages.UNKNOWN_ROLE] } });
        }
      }
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: adminChange ? 'user.update.admin' : 'user.update',
        targetType: 'user',
        targetId: id,
        ip: caller.ip,
        details: adminChange ? { isAdmin, isEnabled, roles: form.roles ?? null } : {},
      });
    });
    // The caller's next search on this instance shows the change even before the database's announcement.
    this.searches?.forget();
    return this.details(caller, id);
  }

  async create(caller: Caller, form: CreateUser): Promise<{ userId: number }> {
    const actor = authorize(caller.principal, 'user:create');
    const user: NewUserDetails = {
      username: form.username,
      email: form.email,
      firstname: form.firstname,
      lastname: form.lastname,
      phone_number: form.phoneNumber,
      instant_messaging: form.instantMessaging,
      personal_url: form.personalUrl,
      password_hash: await hashPassword(form.password),
      is_enabled: form.isEnabled,
      // Created by an administrator: nothing left to verify or approve.
      email_verified_at: new Date(),
      approved_date: form.isEnabled ? new Date() : null,
      last_validation_date: new Date(),
    };
    try {
      const created = await this.db.transaction().execute(async (tx) => {
        const userId = await insertUser(tx, user, form.isAdmin ? ['ADMIN', 'USER'] : ['USER']);
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'user.create',
          targetType: 'user',
          targetId: userId,
          ip: caller.ip,
          details: { username: form.username, isAdmin: form.isAdmin, isEnabled: form.isEnabled },
        });
        return { userId };
      });
      this.searches?.forget();
      return created;
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_key')) {
        throw new AppError('conflict', userMessages.USERNAME_TAKEN, { fieldErrors: { username: [userMessages.USERNAME_TAKEN] } });
      }
      if (isUniqueViolation(error, 'users_email_key')) {
        throw new AppError('conflict', userMessages.EMAIL_TAKEN, { fieldErrors: { email: [userMessages.EMAIL_TAKEN] } });
      }
      throw error;
    }
  }
}

function withAdminFlag(roles: readonly string[], isAdmin: boolean): string[] {
  const rest = roles.filter((role) => role !== 'ADMIN');
  return [...new Set(isAdmin ? [...rest, 'ADMIN'] : rest)].sort();
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}
