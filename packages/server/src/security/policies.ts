// Authorization in one place: every "who may do what" of the portal is a rule below, one short function of
// facts the service loaded (the caller, the account acted on, the device's reservations running now, the
// job's owner). Services load the facts and ask `authorize`, or `can` where a refusal must look like
// something else (someone else's flash job answers like an unknown one); no service or query decides
// access on its own. Administrators may do everything but what `EVEN_FOR_ADMINISTRATORS` lists. The actions
// are the contract's (actions.ts), each endpoint names the one it performs, and a personal API token reaches
// an action only when its scope covers the action's: `gate` answers that for the authentication hook before
// any fact is loaded, and `can` again for every rule asked.
import {
  apiTokenMessages,
  isPublicAction,
  SIGNED_IN_ACTION_NAMES,
  scopeAllows,
  tokenScopeOf,
  type Action,
  type PublicAction,
  type SessionAbilities,
  type SignedInAction,
} from '@testbed/contract';
import { AppError, forbidden } from '../errors.js';
import type { Principal } from './principal.js';

/** The people of a reservation: its holder and the colleagues booked with them. */
export interface ReservationPeople {
  holderId: number;
  colleagueIds: readonly number[];
}

// What a rule may look at, loaded by the service before it asks: each rule names the facts it reads, so that
// asking an action with another action's facts does not compile.
/** The account acted on, or the owner of what is acted on (a booking's holder, a job's or token's owner). */
type OwnerFacts = { userId: number | undefined };
/** The holder and colleagues of the reservation read. */
type MemberFacts = { memberIds: readonly number[] };
/** The managers of the group acted on. */
type ManagerFacts = { managerIds: readonly number[] };
/** The Exclusive reservations of the device acted on that run now: only those are flashable. */
type DeviceFacts = { reservationsNow: readonly ReservationPeople[] };

/**
 * A user image: who owns it, whether the caller is a member of the group it is shared with, whether it is
 * public and approved.
 */
type ImageFacts = { ownerId: number; inGroup: boolean; publicApproved: boolean };

/** Administrators pass before any rule is asked: for everyone else, no. */
const administratorsOnly = (_caller: Principal): boolean => false;
const anyoneSignedIn = (_caller: Principal): boolean => true;
/** A user acts on their own account and what it owns only, whatever guard the client's route has. */
const ownAccount = (caller: Principal, { userId }: OwnerFacts) => userId === caller.userId;
const takesPart = (caller: Principal, reservation: ReservationPeople) =>
  reservation.holderId === caller.userId || reservation.colleagueIds.includes(caller.userId);

/**
 * A user flashes, probes and restores their account on the devices of an Exclusive reservation running now
 * that they hold or were booked into.
 */
const flashesDevice = (caller: Principal, { reservationsNow }: DeviceFacts) =>
  // Facts that were not loaded refuse, whatever a caller that bypasses the types passes.
  (reservationsNow ?? []).some((reservation) => takesPart(caller, reservation));

/**
 * What a signed-in caller may do. What each action is, and its token scope, the contract's actions.ts says; the
 * rules stay here, on the server's facts, out of the contract the web app loads. `satisfies` refuses a missing
 * or unknown action, so that the two lists hold the same actions.
 */
const RULES = {
  'session:read': anyoneSignedIn,
  'portal:use': (caller: Principal) => caller.authorities.includes('USER'),
  'users:list': administratorsOnly,
  'user:create': administratorsOnly,
  'user:admin-fields': administratorsOnly,
  'account-request:decide': administratorsOnly,
  'user:read': ownAccount,
  'user:update': ownAccount,
  'user:search': anyoneSignedIn,
  'credentials:list': administratorsOnly,
  'credentials:read': ownAccount,
  'credentials:add': ownAccount,
  'credentials:delete': ownAccount,
  'roles:read': administratorsOnly,
  'roles:manage': administratorsOnly,
  'groups:read': administratorsOnly,
  'groups:manage': administratorsOnly,
  'group:read': (caller: Principal, { managerIds }: ManagerFacts) => managerIds.includes(caller.userId), // its managers see its members
  'employers:read': anyoneSignedIn,
  'employers:manage': administratorsOnly,
  'employment:manage': ownAccount,
  'intended-usages:list': administratorsOnly,
  'intended-usage:read': ownAccount,
  'intended-usage:manage': ownAccount,
  'account:read-summary': ownAccount,
  'account:change-password': ownAccount, // the current password is required too
  'account:change-email': ownAccount, // the new address confirms by its link
  'account:delete': ownAccount, // the password is required too
  'account:own-settings': ownAccount,
  'account:change-password-by-admin': administratorsOnly, // any account, without its password
  'account:change-email-by-admin': administratorsOnly,
  'account:delete-partially': administratorsOnly,
  'accounts-to-validate:read': administratorsOnly,
  'account-validation:request': administratorsOnly,
  'accounts:import': administratorsOnly,
  'admin-summary:read': administratorsOnly,
  'mail-outbox:manage': administratorsOnly,
  'devices:read': anyoneSignedIn,
  'reservation:search': anyoneSignedIn,
  'reservation:book': ownAccount, // a user books as the holder themselves
  'reservation:list': ownAccount, // the lists of the user read
  'reservation:delete': ownAccount, // facts: the holder
  'reservation:change': ownAccount, // facts: the holder
  'reservation:read': (caller: Principal, { memberIds }: MemberFacts) => memberIds.includes(caller.userId), // its holder and colleagues
  'reservation:exceed-usage-policies': administratorsOnly,
  'usage-policies:manage': administratorsOnly,
  'flash:device': flashesDevice,
  'flash:probe-device': flashesDevice,
  'flash:quarantined-device': administratorsOnly, // its holders may not
  'flash:job': ownAccount, // facts: who started it
  'flash:own-jobs': anyoneSignedIn,
  'images:list': anyoneSignedIn, // each sees the images they may use only
  // The owner's, the group's it is shared with, or public once approved; anyone else's answers like a missing one.
  'image:use': (caller: Principal, { ownerId, inGroup, publicApproved }: ImageFacts) =>
    ownerId === caller.userId || inGroup === true || publicApproved === true,
  'image:upload': anyoneSignedIn, // within their quota
  'image:manage': ownAccount, // facts: the owner
  'images:administer': administratorsOnly,
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
  'experiments:list': anyoneSignedIn, // one's own: the service reads the caller's only
  'experiment:submit': anyoneSignedIn, // as oneself: the booking's own rules (usage policies, SSH key) apply
  'experiment:read': ownAccount, // facts: its owner; someone else's answers like an unknown one
  'experiment:stop': ownAccount, // facts: its owner
  'experiments:list-all': administratorsOnly,
  'experiment:template-delete': ownAccount, // facts: its owner
  'notifications:read': anyoneSignedIn, // each sees and marks their own only
} satisfies Record<SignedInAction, (caller: Principal, facts: never) => boolean>;

/** What anyone may do, signed in or not. */
const PUBLIC_RULES = {
  'account:register': () => true, // ask for an account (the captcha and the e-mail link do the rest)
  // sign in: a disabled account may not
  'session:create': (_caller: Principal | null, { account }: { account: { enabled: boolean } }) => account.enabled,
  // confirm, validate, reset by a link: the link, found valid, unused and unexpired, is the authority
  'account:use-mail-link': (_caller: Principal | null, { linkValid }: { linkValid: boolean }) => linkValid,
  'public:read': () => true,
  'account:request-password-reset': () => true, // the reply is the same whether the account exists
  'calendar:read-feed': () => true, // the service finds the feed by its secret
  'flash:follow-stream': () => true, // the service takes the ticket
  'experiment:follow-stream': () => true, // the service takes the ticket
} satisfies Record<PublicAction, (caller: Principal | null, facts: never) => boolean>;

type Rules = typeof RULES & typeof PUBLIC_RULES;
/** The facts the action's rule reads; undefined when it reads none. */
export type FactsOf<A extends Action> = Parameters<Rules[A]>[1];
/** The facts argument of an action: required when its rule reads some, absent otherwise. */
type FactsArg<A extends Action> = undefined extends FactsOf<A> ? [facts?: undefined] : [facts: FactsOf<A>];

/** A token acts as its owner: an administrator's token may not mint tokens in another's name either. */
const EVEN_FOR_ADMINISTRATORS: ReadonlySet<Action> = new Set<Action>(['api-token:create']);

/** Whether the caller's personal API token, if they came with one, reaches the action. */
function tokenReaches(principal: Principal | null, action: Action): boolean {
  const token = principal?.apiToken;
  if (!token) return true;
  const needed = tokenScopeOf(action);
  return needed !== null && scopeAllows(token.scope, needed);
}

/**
 * Whether the caller may come to an endpoint performing `action` at all, before its facts are loaded: a
 * signed-in action needs a caller, and a personal API token the action's scope. The rule itself is asked by
 * the service, with the facts.
 */
export function gate(principal: Principal | null, action: Action): void {
  if (!principal && !isPublicAction(action)) throw new AppError('unauthenticated', 'You must be signed in.');
  const token = principal?.apiToken;
  if (token && !tokenReaches(principal, action)) {
    throw new AppError('forbidden', tokenScopeOf(action) === null ? apiTokenMessages.NOT_ACCEPTED : apiTokenMessages.SCOPE_TOO_NARROW);
  }
}

export function can<A extends Action>(principal: Principal | null, action: A, ...[facts]: FactsArg<A>): boolean {
  if (!tokenReaches(principal, action)) return false;
  // Each rule gets the facts its own type names: FactsArg ties them to the action.
  const rule = (isPublicAction(action) ? PUBLIC_RULES[action] : RULES[action as SignedInAction]) as (caller: Principal | null, facts: unknown) => boolean;
  if (isPublicAction(action)) return rule(principal, facts ?? {});
  if (!principal) return false;
  if (principal.isAdmin && !EVEN_FOR_ADMINISTRATORS.has(action)) return true;
  return rule(principal, facts ?? {});
}

/** Facts in which the caller has no part: no account, reservation, group or device of theirs. */
const NO_PART_OF_THEIRS = { userId: undefined, memberIds: [], managerIds: [], reservationsNow: [] } as const;

/**
 * Every signed-in action with whether the caller may perform it on what is not theirs (anyone's account, any
 * reservation, group or device): what the web shows pages, menus and buttons by. What a user does on their
 * own account the web decides by the user id and the server by `authorize` again.
 */
export function abilitiesOf(principal: Principal): SessionAbilities {
  return Object.fromEntries(
    SIGNED_IN_ACTION_NAMES.map((action) => [action, can(principal, action, ...([NO_PART_OF_THEIRS] as unknown as FactsArg<typeof action>))]),
  ) as SessionAbilities;
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
export function authorize<A extends Action>(
  principal: Principal | null,
  action: A,
  ...[facts, refusal]: [...FactsArg<A>, refusal?: string]
): A extends PublicAction ? Principal | null : Principal {
  if (!isPublicAction(action)) requireSignedIn(principal);
  if (!can(principal, action, ...([facts] as FactsArg<A>))) throw forbidden(refusal as string | undefined);
  return principal as Principal;
}
