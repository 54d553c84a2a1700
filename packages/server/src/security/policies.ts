// Authorization: every route calls `authorize` for what it is about to do. The rules of all areas are
// kept here so that one page tells who may do what.
import { AppError, forbidden } from '../errors.js';
import type { Principal } from './principal.js';

export type Action =
  | 'admin' // anything under the administrators' screens
  | 'user:read'
  | 'user:update'
  | 'user:delete'
  | 'credentials:list' // every user's SSH keys: administrators only
  | 'credentials:read'
  | 'credentials:add'
  | 'credentials:delete'
  | 'user:search' // the colleagues offered when booking
  | 'reservation:book' // subject: the responsible user of the booking
  | 'reservation:list' // subject: the user whose lists are read
  | 'reservation:delete' // subject: the responsible user of the reservation
  | 'reservation:change' // move the end or release; subject: the responsible user of the reservation
  | 'usage-policies:manage' // read and set the usage policies (administrators only)
  | 'roles:manage' // roles: list, read, create, rename, delete (administrators only)
  | 'groups:manage' // groups and group types: every call but reading a group (administrators only)
  | 'group:read' // subject: the managers of the group, who may read it
  | 'users:list' // the users list (administrators only)
  | 'user:create' // an administrator creates an account
  | 'user:admin-fields' // roles, admin and enabled flags, validation dates (administrators only)
  | 'employers:read' // the employers directory, to pick one's employer from
  | 'employers:manage' // create, change and delete employers themselves (administrators only)
  | 'employment:manage' // subject: the user whose employments change
  | 'intended-usages:list' // every user's intended usages (administrators only)
  | 'intended-usage:manage' // subject: the user whose intended usage it is
  | 'account:read-summary' // subject: the account whose password, e-mail or deletion screen is shown
  | 'account:change-password' // subject: the account; the current password is required too
  | 'account:change-email' // subject: the account; the new address confirms by its link
  | 'account:delete' // subject: the account; the password is required too
  | 'account:change-password-by-admin' // any account, without its password (administrators only)
  | 'account:change-email-by-admin' // administrators only
  | 'account:delete-partially' // anonymise an account (administrators only)
  | 'flash:device' // subject: whether the device is in a running Exclusive reservation of the caller
  | 'flash:job' // subject: the user who started the flash job
  | 'api-tokens:list' // every user's personal API tokens (administrators only)
  | 'api-tokens:read' // subject: the owner of the tokens
  | 'api-token:create' // subject: the owner; nobody, not even an administrator, creates a token for someone else
  | 'api-token:revoke' // subject: the owner of the token
  | 'device-health:manage' // the device health page, quarantine and release (administrators only)
  | 'reservation:read' // one reservation (its calendar event); subject: its holder and colleagues
  | 'audit:read' // the audit log and its export (administrators only)
  | 'statistics:read' // usage statistics and their export (administrators only)
  | 'account:own-settings' // sign-in history, reminder settings, calendar feed; subject: the account
  | 'maintenance:read' // the maintenance windows, as the timeline and the catalogue show them
  | 'maintenance:manage' // create, preview and delete maintenance windows (administrators only)
  | 'catalogue:read'; // the device catalogue and the fleet's state

interface Subject {
  userId?: number;
  /** The holder and colleagues of the reservation read. */
  memberIds?: readonly number[];
  /** The managers of the group acted on. */
  managerIds?: readonly number[];
  /** The device is in an Exclusive reservation of the caller's that runs now (DESIGN.md decision 4). */
  deviceFlashable?: boolean;
}

export function can(principal: Principal, action: Action, subject: Subject = {}): boolean {
  // A token acts as its owner; an administrator's token may not mint tokens in another's name either.
  if (action === 'api-token:create') return subject.userId === principal.userId;
  if (principal.isAdmin) return true;
  switch (action) {
    case 'admin':
    case 'credentials:list':
    case 'roles:manage':
    case 'groups:manage':
    case 'users:list':
    case 'user:create':
    case 'user:admin-fields':
    case 'employers:manage':
    case 'intended-usages:list':
    case 'account:change-password-by-admin':
    case 'account:change-email-by-admin':
    case 'account:delete-partially':
    case 'usage-policies:manage':
    case 'api-tokens:list':
    case 'device-health:manage':
    case 'audit:read':
    case 'statistics:read':
    case 'maintenance:manage':
      return false;
    case 'maintenance:read':
    case 'catalogue:read':
      return true;
    case 'reservation:read':
      return subject.memberIds?.includes(principal.userId) ?? false;
    case 'api-tokens:read':
    case 'api-token:revoke':
      return subject.userId === principal.userId;
    case 'account:read-summary':
    case 'account:change-password':
    case 'account:change-email':
    case 'account:delete':
    case 'account:own-settings':
      // A user acts on their own account only (DESIGN.md decision 13).
      return subject.userId === principal.userId;
    case 'employers:read':
      return true;
    case 'flash:device':
      // Administrators flash any device; a user only the devices of their running Exclusive reservations.
      return subject.deviceFlashable === true;
    case 'flash:job':
      return subject.userId === principal.userId;
    case 'employment:manage':
    case 'intended-usage:manage':
      return subject.userId === principal.userId;
    case 'group:read':
      // A group's managers may see its members.
      return subject.managerIds?.includes(principal.userId) ?? false;
    case 'user:read':
    case 'user:update':
    case 'user:delete':
    case 'credentials:read':
    case 'credentials:add':
    case 'credentials:delete':
      // A user acts on their own account only (DESIGN.md decision 13).
      return subject.userId === principal.userId;
    case 'user:search':
      return true;
    case 'reservation:book':
    case 'reservation:list':
    case 'reservation:delete':
    case 'reservation:change':
      // A user books for themselves, reads their own lists and deletes what they are responsible for.
      return subject.userId === principal.userId;
  }
}

/** The caller, or a 401 when nobody is signed in. */
export function requireSignedIn(principal: Principal | null): Principal {
  if (!principal) throw new AppError('unauthenticated', 'You must be signed in.');
  return principal;
}

export function authorize(principal: Principal | null, action: Action, subject: Subject = {}): Principal {
  const caller = requireSignedIn(principal);
  if (!can(caller, action, subject)) throw forbidden();
  return caller;
}
