// Every route of both spec route tables, with its guard. Links are built with `href` so that a renamed
// route is a type error, not a dead link; the router builds its table from `path`, `access` and
// `allowedRoles`.
//   open      reachable by anybody
//   token     open pages reached from a link in a mail
//   signedIn  needs a signed-in user holding one of `allowedRoles`; an empty list lets any signed-in user in
import type { AuthorityName } from '@testbed/contract';

export type RouteAccess = 'open' | 'token' | 'signedIn';

export interface RouteDefinition {
  /** React Router pattern. */
  readonly path: string;
  readonly access: RouteAccess;
  readonly allowedRoles: readonly AuthorityName[];
  readonly href: (...args: never[]) => string;
}

type Id = number | string;

const NONE: readonly AuthorityName[] = [];
const ADMIN: readonly AuthorityName[] = ['ADMIN'];
const ADMIN_OR_USER: readonly AuthorityName[] = ['ADMIN', 'USER'];

const seg = (value: Id) => encodeURIComponent(String(value));

function open<H extends (...args: never[]) => string>(path: string, href: H) {
  return { path, access: 'open', allowedRoles: NONE, href } as const;
}
function token(path: string, prefix: string) {
  return { path, access: 'token', allowedRoles: NONE, href: (value: string) => `${prefix}/${seg(value)}` } as const;
}
function guarded<H extends (...args: never[]) => string>(path: string, allowedRoles: readonly AuthorityName[], href: H) {
  return { path, access: 'signedIn', allowedRoles, href } as const;
}

export interface SigninQuery {
  /** Where to go after signing in (a path of this app). */
  returnURL?: string;
  disconnected?: boolean;
  passwordChanged?: boolean;
}

function signinHref(query: SigninQuery = {}) {
  const params = new URLSearchParams();
  if (query.passwordChanged) params.set('passwordChanged', 'true');
  if (query.disconnected) params.set('disconnected', 'true');
  if (query.returnURL) params.set('returnURL', query.returnURL);
  const search = params.toString();
  return search ? `/signin?${search}` : '/signin';
}

// One line per route, read as a table: its lines are alike on purpose.
export const paths = {
  // open
  signin: open('/signin', signinHref),
  signup: open('/signup', () => '/signup'),
  signout: open('/signout', () => '/signout'),
  registrationPending: open('/registrationPending', () => '/registrationPending'),
  accessDenied: open('/accessdenied', () => '/accessdenied'),
  accountInvalid: open('/accountInvalid', () => '/accountInvalid'),
  invalidToken: open('/invalidToken', () => '/invalidToken'),
  passwordForgotten: open('/passwordForgotten', () => '/passwordForgotten'),
  accountDeleted: open('/accountDeleted', () => '/accountDeleted'),
  updateAccountPending: open('/updateAccountPending', () => '/updateAccountPending'),
  accountAlreadyUpdatedByUser: open('/accountAlreadyUpdatedByUser', () => '/accountAlreadyUpdatedByUser'),
  /** The user guide, open to everybody like the sign-in page that links to it. */
  help: open('/help', () => '/help'),
  helpTopic: open('/help/:topic', (topic: string) => `/help/${seg(topic)}`),

  // open token routes
  confirmEmail: token('/confirm-email/:token', '/confirm-email'),
  confirmUserAccountUpdate: token('/confirmUserAccountUpdate/:token', '/confirmUserAccountUpdate'),
  confirmChangeEmail: token('/confirmChangeEmail/:token', '/confirmChangeEmail'),
  resetPassword: token('/resetPassword/:token', '/resetPassword'),
  updateAccount: token('/updateAccount/:token', '/updateAccount'),

  // ADMIN only
  users: guarded('/users', ADMIN, () => '/users'),
  userNew: guarded('/user', ADMIN, () => '/user'),
  credentials: guarded('/credentials', ADMIN, () => '/credentials'),
  credential: guarded('/credential/:id', ADMIN, (id: Id) => `/credential/${seg(id)}`),
  credentialNew: guarded('/credential', ADMIN, () => '/credential'),
  apiTokens: guarded('/apiTokens', ADMIN, () => '/apiTokens'),
  usagePolicies: guarded('/usagePolicies', ADMIN, () => '/usagePolicies'),
  employers: guarded('/employers', ADMIN, () => '/employers'),
  // This creation screen gets a guard although none was named for it; creating a bare employer is an
  // administrator's task, like the employers list.
  employerNew: guarded('/employer', ADMIN, () => '/employer'),
  employerTypes: guarded('/employerTypes', ADMIN, () => '/employerTypes'),
  professionalStatusList: guarded('/professionalStatusList', ADMIN, () => '/professionalStatusList'),
  intendedUsages: guarded('/intendedUsages', ADMIN, () => '/intendedUsages'),
  roles: guarded('/roles', ADMIN, () => '/roles'),
  role: guarded('/role/:id', ADMIN, (id: Id) => `/role/${seg(id)}`),
  roleNew: guarded('/role', ADMIN, () => '/role'),
  groups: guarded('/groups', ADMIN, () => '/groups'),
  group: guarded('/group/:id', ADMIN, (id: Id) => `/group/${seg(id)}`),
  groupNew: guarded('/group', ADMIN, () => '/group'),
  groupTypes: guarded('/groupTypes', ADMIN, () => '/groupTypes'),
  groupType: guarded('/groupType/:id', ADMIN, (id: Id) => `/groupType/${seg(id)}`),
  groupTypeNew: guarded('/groupType', ADMIN, () => '/groupType'),
  importAccounts: guarded('/importAccounts', ADMIN, () => '/importAccounts'),
  validateAccounts: guarded('/validateAccounts', ADMIN, () => '/validateAccounts'),
  deviceHealth: guarded('/deviceHealth', ADMIN, () => '/deviceHealth'),
  statistics: guarded('/statistics', ADMIN, () => '/statistics'),
  auditLog: guarded('/auditLog', ADMIN, () => '/auditLog'),
  failingMails: guarded('/failingMails', ADMIN, () => '/failingMails'),
  maintenance: guarded('/maintenance', ADMIN, () => '/maintenance'),
  devices: guarded('/devices', ADMIN_OR_USER, () => '/devices'),
  // The account-validation link of the mails: the spec lists it among the open token routes, but deciding on
  // an account is an administrator's act, so the link leads through sign-in (the returnURL brings them back).
  confirmUserAccount: guarded('/confirmUserAccount/:token', ADMIN, (value: string) => `/confirmUserAccount/${seg(value)}`),
  displayValidationPendingAccounts: guarded(
    '/displayValidationPendingAccounts',
    ADMIN,
    () => '/displayValidationPendingAccounts',
  ),

  // ADMIN or USER
  user: guarded('/user/:id', ADMIN_OR_USER, (id: Id) => `/user/${seg(id)}`),
  userCredentialNew: guarded('/credential/user/:id', ADMIN_OR_USER, (userId: Id) => `/credential/user/${seg(userId)}`),
  employer: guarded('/employer/:id', ADMIN_OR_USER, (id: Id) => `/employer/${seg(id)}`),
  userEmployerNew: guarded('/employer/user/:userId', ADMIN_OR_USER, (userId: Id) => `/employer/user/${seg(userId)}`),
  userEmployer: guarded(
    '/employer/user/:userId/userEmployer/:userEmployerId',
    ADMIN_OR_USER,
    (userId: Id, userEmployerId: Id) => `/employer/user/${seg(userId)}/userEmployer/${seg(userEmployerId)}`,
  ),
  /** Creates an intended usage for the user `id`. */
  intendedUsageNew: guarded('/intendedUsage/:id', ADMIN_OR_USER, (userId: Id) => `/intendedUsage/${seg(userId)}`),
  bookDevices: guarded('/bookDevices/:id', ADMIN_OR_USER, (userId: Id) => `/bookDevices/${seg(userId)}`),
  reservations: guarded('/reservations/:id', ADMIN_OR_USER, (userId: Id) => `/reservations/${seg(userId)}`),
  /** The reservation list with a just-created reservation highlighted. */
  reservationCreated: guarded(
    '/reservations/:id/reservationId/:reservationId',
    ADMIN_OR_USER,
    (userId: Id, reservationId: Id) => `/reservations/${seg(userId)}/reservationId/${seg(reservationId)}`,
  ),
  noSshKeyValid: guarded('/noSshkeyValid/:id', ADMIN_OR_USER, (userId: Id) => `/noSshkeyValid/${seg(userId)}`),

  // any signed-in user (the server checks that a user acts on their own account only)
  /** What the signed-in person holds and what waits for them; the portal's logo leads here. */
  home: guarded('/home', ADMIN_OR_USER, () => '/home'),
  changePassword: guarded('/changePassword/:id', NONE, (userId: Id) => `/changePassword/${seg(userId)}`),
  changePasswordByAdmin: guarded('/changePasswordByAdmin/:id', NONE, (userId: Id) => `/changePasswordByAdmin/${seg(userId)}`),
  infoChangePasswordByAdmin: guarded(
    '/infoChangePasswordByAdmin/:id',
    NONE,
    (userId: Id) => `/infoChangePasswordByAdmin/${seg(userId)}`,
  ),
  changeEmail: guarded('/changeEmail/:id', NONE, (userId: Id) => `/changeEmail/${seg(userId)}`),
  changeEmailByAdmin: guarded('/changeEmailByAdmin/:id', NONE, (userId: Id) => `/changeEmailByAdmin/${seg(userId)}`),
  infoChangeEmail: guarded('/infoChangeEmail/:id', NONE, (userId: Id) => `/infoChangeEmail/${seg(userId)}`),
  infoChangeEmailByAdmin: guarded('/infoChangeEmailByAdmin/:id', NONE, (userId: Id) => `/infoChangeEmailByAdmin/${seg(userId)}`),
  deleteAccount: guarded('/deleteAccount/:id', NONE, (userId: Id) => `/deleteAccount/${seg(userId)}`),
  /** The flash screen; `devices` (MAC addresses, e.g. a reservation's) are chosen in its form already. */
  flashNodes: guarded('/flashNodes/:id', NONE, (userId: Id, devices: readonly string[] = []) =>
    devices.length > 0 ? `/flashNodes/${seg(userId)}?devices=${encodeURIComponent(devices.join(','))}` : `/flashNodes/${seg(userId)}`,
  ),
  /** Experiments: the list (the signed-in person's; an administrator may see everyone's), the form, one experiment. */
  experiments: guarded('/experiments', ADMIN_OR_USER, () => '/experiments'),
  experimentNew: guarded('/experiment', ADMIN_OR_USER, () => '/experiment'),
  experiment: guarded('/experiments/:id', ADMIN_OR_USER, (id: Id) => `/experiments/${seg(id)}`),
  /** A flash job with its kept log (its owner or an administrator; the server answers 404 to anyone else). */
  flashJob: guarded('/flashJob/:handle', NONE, (handle: string) => `/flashJob/${seg(handle)}`),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof paths;

/**
 * A path of this app to go to after signing in, or null. Only same-origin paths are accepted so that a
 * crafted link cannot send a person elsewhere after they typed their password.
 */
export function safeReturnURL(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Where a user who has just signed in, or who opens /signin while signed in, belongs. */
export function afterSigninURL(returnURL: string | null, redirectURL: string): string {
  return safeReturnURL(returnURL) ?? redirectURL;
}
