// Authorization in one place: every "who may do what" of the portal is a rule below, one short function of
// facts the service loaded (the caller, the account acted on, the device's reservations running now, the
// job's owner). Services load the facts and ask `authorize`, or `can` where a refusal must look like
// something else (someone else's flash job answers like an unknown one); no service or query decides
// access on its own. Administrators may do everything but what `EVEN_FOR_ADMINISTRATORS` lists.
import { AppError, forbidden } from '../errors.js';
import type { Principal } from './principal.js';

/** The people of a reservation: its holder and the colleagues booked with them. */
export interface ReservationPeople {
  holderId: number;
  colleagueIds: readonly number[];
}

/** What a rule may look at, loaded by the service before it asks. */
export interface Facts {
  /** The account acted on, or the owner of what is acted on (a booking's holder, a job's or token's owner). */
  userId?: number;
  /** The holder and colleagues of the reservation read. */
  memberIds?: readonly number[];
  /** The managers of the group acted on. */
  managerIds?: readonly number[];
  /** The Exclusive reservations of the device acted on that run now: only those are flashable. */
  reservationsNow?: readonly ReservationPeople[];
  /** The account that asks to sign in. */
  account?: { enabled: boolean };
  /** The mailed link used was found valid, unused and unexpired (its token is the authority). */
  linkValid?: boolean;
}

type Rule = (caller: Principal, facts: Facts) => boolean;
type PublicRule = (caller: Principal | null, facts: Facts) => boolean;

/** Administrators pass before any rule is asked: for everyone else, no. */
const administratorsOnly: Rule = () => false;
const anyoneSignedIn: Rule = () => true;
/** A user acts on their own account and what it owns only, whatever guard the client's route has. */
const ownAccount: Rule = (caller, { userId }) => userId === caller.userId;
const takesPart = (caller: Principal, reservation: ReservationPeople) =>
  reservation.holderId === caller.userId || reservation.colleagueIds.includes(caller.userId);

/** What a signed-in caller may do. */
const RULES = {
  admin: administratorsOnly, // anything under the administrators' screens
  'users:list': administratorsOnly,
  'user:create': administratorsOnly, // an administrator creates an account
  'user:admin-fields': administratorsOnly, // roles, admin and enabled flags, validation dates
  'account-request:decide': administratorsOnly, // read an account request from its mailed link, approve or refuse it
  'user:read': ownAccount,
  'user:update': ownAccount,
  'user:delete': ownAccount,
  'user:search': anyoneSignedIn, // the colleagues offered when booking
  'credentials:list': administratorsOnly, // every user's SSH keys
  'credentials:read': ownAccount,
  'credentials:add': ownAccount,
  'credentials:delete': ownAccount,
  'roles:manage': administratorsOnly, // list, read, create, rename, delete roles; see every role
  'groups:manage': administratorsOnly, // every call on groups and group types but reading a group
  'group:read': (caller, { managerIds }) => managerIds?.includes(caller.userId) ?? false, // its managers see its members
  'employers:read': anyoneSignedIn, // the directory one picks one's employer from
  'employers:manage': administratorsOnly,
  'employment:manage': ownAccount,
  'intended-usages:list': administratorsOnly, // every user's intended usages
  'intended-usage:manage': ownAccount,
  'account:read-summary': ownAccount, // the password, e-mail and deletion screens
  'account:change-password': ownAccount, // the current password is required too
  'account:change-email': ownAccount, // the new address confirms by its link
  'account:delete': ownAccount, // the password is required too
  'account:own-settings': ownAccount, // sign-in history, reminder settings, calendar feed
  'account:change-password-by-admin': administratorsOnly, // any account, without its password
  'account:change-email-by-admin': administratorsOnly,
  'account:delete-partially': administratorsOnly, // anonymise an account
  'reservation:book': ownAccount, // a user books as the holder themselves
  'reservation:list': ownAccount, // the lists of the user read
  'reservation:delete': ownAccount, // facts: the holder
  'reservation:change': ownAccount, // move the end or release; facts: the holder
  'reservation:read': (caller, { memberIds }) => memberIds?.includes(caller.userId) ?? false, // its calendar event
  'reservation:exceed-usage-policies': administratorsOnly, // book or extend past the limits of a type
  'usage-policies:manage': administratorsOnly,
  // A user flashes, probes and restores their account on the devices of an Exclusive reservation running
  // now that they hold or were booked into.
  'flash:device': (caller, { reservationsNow }) => reservationsNow?.some((reservation) => takesPart(caller, reservation)) ?? false,
  'flash:quarantined-device': administratorsOnly, // to try a device out; its holders may not
  'flash:job': ownAccount, // read a job, its log and its stream; facts: who started it
  'api-tokens:list': administratorsOnly, // every user's personal API tokens
  'api-tokens:read': ownAccount,
  'api-token:create': ownAccount, // nobody, not even an administrator, creates a token for someone else
  'api-token:revoke': ownAccount,
  'device-health:manage': administratorsOnly, // the health page, quarantine and release
  'audit:read': administratorsOnly, // the audit log and its export
  'statistics:read': administratorsOnly, // usage statistics and their export
  'maintenance:read': anyoneSignedIn, // as the timeline and the catalogue show them
  'maintenance:manage': administratorsOnly, // create, preview and delete maintenance windows
  'catalogue:read': anyoneSignedIn, // the device catalogue and the fleet's state
} satisfies Record<string, Rule>;

/** What anyone may do, signed in or not. */
const PUBLIC_RULES = {
  'account:register': () => true, // ask for an account (the captcha and the e-mail link do the rest)
  'session:create': (_caller, { account }) => account?.enabled === true, // sign in: a disabled account may not
  'account:use-mail-link': (_caller, { linkValid }) => linkValid === true, // confirm, validate, reset by a link
} satisfies Record<string, PublicRule>;

/** A token acts as its owner: an administrator's token may not mint tokens in another's name either. */
const EVEN_FOR_ADMINISTRATORS: ReadonlySet<Action> = new Set<Action>(['api-token:create']);

export type SignedInAction = keyof typeof RULES;
export type PublicAction = keyof typeof PUBLIC_RULES;
export type Action = SignedInAction | PublicAction;

const isPublic = (action: Action): action is PublicAction => Object.hasOwn(PUBLIC_RULES, action);

export function can(principal: Principal | null, action: Action, facts: Facts = {}): boolean {
  if (isPublic(action)) return PUBLIC_RULES[action](principal, facts);
  if (!principal) return false;
  if (principal.isAdmin && !EVEN_FOR_ADMINISTRATORS.has(action)) return true;
  return RULES[action](principal, facts);
}

/** The caller, or a 401 when nobody is signed in. */
export function requireSignedIn(principal: Principal | null): Principal {
  if (!principal) throw new AppError('unauthenticated', 'You must be signed in.');
  return principal;
}

/**
 * The caller when the rule lets them do it; otherwise a 401 for nobody signed in on a signed-in action, or
 * a 403 with `refusal` (a sentence saying what would allow it) or the general one.
 */
export function authorize(principal: Principal | null, action: SignedInAction, facts?: Facts, refusal?: string): Principal;
export function authorize(principal: Principal | null, action: PublicAction, facts?: Facts, refusal?: string): Principal | null;
export function authorize(principal: Principal | null, action: Action, facts: Facts = {}, refusal?: string): Principal | null {
  if (!isPublic(action)) requireSignedIn(principal);
  if (!can(principal, action, facts)) throw forbidden(refusal);
  return principal;
}
