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
  | 'reservation:delete'; // subject: the responsible user of the reservation

interface Subject {
  userId?: number;
}

export function can(principal: Principal, action: Action, subject: Subject = {}): boolean {
  if (principal.isAdmin) return true;
  switch (action) {
    case 'admin':
    case 'credentials:list':
      return false;
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
