// Every route of the web app, with its guard (docs/web-app.md). Links are built with `href` so that a renamed
// route is a type error, not a dead link; the router builds its table from `path`, `access` and `ability`.
//   open      reachable by anybody
//   token     open pages reached from a link in a mail
//   signedIn  needs a signed-in user whose abilities (the server's policies, in the sign-in reply) include
//             the route's `ability`: the action the page is for, on what is not theirs
import type { SignedInAction } from '@testbed/contract';

export type RouteAccess = 'open' | 'token' | 'signedIn';

export type RouteDefinition = {
  /** React Router pattern. */
  readonly path: string;
  readonly href: (...args: never[]) => string;
} & (
  | { readonly access: 'open' | 'token'; readonly ability: null }
  /** `ability`: the action a signed-in user must be able to perform, on what is not theirs, to open it. */
  | { readonly access: 'signedIn'; readonly ability: SignedInAction }
);

type Id = number | string;

/** The member's pages, on one's own account (the server checks whose it is). */
const MEMBER = 'portal:use';
/** Any signed-in user. */
const SIGNED_IN = 'session:read';

const seg = (value: Id) => encodeURIComponent(String(value));

function open<H extends (...args: never[]) => string>(path: string, href: H) {
  return { path, access: 'open', ability: null, href } as const;
}
function token(path: string, prefix: string) {
  return { path, access: 'token', ability: null, href: (value: string) => `${prefix}/${seg(value)}` } as const;
}
function guarded<H extends (...args: never[]) => string>(path: string, ability: SignedInAction, href: H) {
  return { path, access: 'signedIn', ability, href } as const;
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

  // an administrator's: the ability is the action the page is for
  users: guarded('/users', 'users:list', () => '/users'),
  userNew: guarded('/user', 'user:create', () => '/user'),
  credentials: guarded('/credentials', 'credentials:list', () => '/credentials'),
  credential: guarded('/credential/:id', 'credentials:read', (id: Id) => `/credential/${seg(id)}`),
  credentialNew: guarded('/credential', 'credentials:add', () => '/credential'),
  apiTokens: guarded('/apiTokens', 'api-tokens:list', () => '/apiTokens'),
  usagePolicies: guarded('/usagePolicies', 'usage-policies:manage', () => '/usagePolicies'),
  employers: guarded('/employers', 'employers:manage', () => '/employers'),
  // This creation screen gets a guard although none was named for it; creating a bare employer is an
  // administrator's task, like the employers list.
  employerNew: guarded('/employer', 'employers:manage', () => '/employer'),
  employerTypes: guarded('/employerTypes', 'employers:manage', () => '/employerTypes'),
  professionalStatusList: guarded('/professionalStatusList', 'employers:manage', () => '/professionalStatusList'),
  intendedUsages: guarded('/intendedUsages', 'intended-usages:list', () => '/intendedUsages'),
  roles: guarded('/roles', 'roles:read', () => '/roles'),
  role: guarded('/role/:id', 'roles:manage', (id: Id) => `/role/${seg(id)}`),
  roleNew: guarded('/role', 'roles:manage', () => '/role'),
  groups: guarded('/groups', 'groups:read', () => '/groups'),
  group: guarded('/group/:id', 'groups:manage', (id: Id) => `/group/${seg(id)}`),
  groupNew: guarded('/group', 'groups:manage', () => '/group'),
  groupTypes: guarded('/groupTypes', 'groups:read', () => '/groupTypes'),
  groupType: guarded('/groupType/:id', 'groups:manage', (id: Id) => `/groupType/${seg(id)}`),
  groupTypeNew: guarded('/groupType', 'groups:manage', () => '/groupType'),
  importAccounts: guarded('/importAccounts', 'accounts:import', () => '/importAccounts'),
  validateAccounts: guarded('/validateAccounts', 'account-validation:request', () => '/validateAccounts'),
  deviceHealth: guarded('/deviceHealth', 'device-health:manage', () => '/deviceHealth'),
  statistics: guarded('/statistics', 'statistics:read', () => '/statistics'),
  auditLog: guarded('/auditLog', 'audit:read', () => '/auditLog'),
  failingMails: guarded('/failingMails', 'mail-outbox:manage', () => '/failingMails'),
  maintenance: guarded('/maintenance', 'maintenance:manage', () => '/maintenance'),
  images: guarded('/images', 'images:list', () => '/images'),
  adminImages: guarded('/adminImages', 'images:administer', () => '/adminImages'),
  devices: guarded('/devices', MEMBER, () => '/devices'),
  // The account-validation link of the mails: a token route like the others, but deciding on
  // an account is an administrator's act, so the link leads through sign-in (the returnURL brings them back).
  confirmUserAccount: guarded('/confirmUserAccount/:token', 'account-request:decide', (value: string) => `/confirmUserAccount/${seg(value)}`),
  displayValidationPendingAccounts: guarded(
    '/displayValidationPendingAccounts',
    'accounts-to-validate:read',
    () => '/displayValidationPendingAccounts',
  ),

  // a member's
  user: guarded('/user/:id', MEMBER, (id: Id) => `/user/${seg(id)}`),
  userCredentialNew: guarded('/credential/user/:id', MEMBER, (userId: Id) => `/credential/user/${seg(userId)}`),
  employer: guarded('/employer/:id', MEMBER, (id: Id) => `/employer/${seg(id)}`),
  userEmployerNew: guarded('/employer/user/:userId', MEMBER, (userId: Id) => `/employer/user/${seg(userId)}`),
  userEmployer: guarded(
    '/employer/user/:userId/userEmployer/:userEmployerId',
    MEMBER,
    (userId: Id, userEmployerId: Id) => `/employer/user/${seg(userId)}/userEmployer/${seg(userEmployerId)}`,
  ),
  /** Creates an intended usage for the user `id`. */
  intendedUsageNew: guarded('/intendedUsage/:id', MEMBER, (userId: Id) => `/intendedUsage/${seg(userId)}`),
  bookDevices: guarded('/bookDevices/:id', MEMBER, (userId: Id) => `/bookDevices/${seg(userId)}`),
  reservations: guarded('/reservations/:id', MEMBER, (userId: Id) => `/reservations/${seg(userId)}`),
  /** The reservation list with a just-created reservation highlighted. */
  reservationCreated: guarded(
    '/reservations/:id/reservationId/:reservationId',
    MEMBER,
    (userId: Id, reservationId: Id) => `/reservations/${seg(userId)}/reservationId/${seg(reservationId)}`,
  ),
  noSshKeyValid: guarded('/noSshkeyValid/:id', MEMBER, (userId: Id) => `/noSshkeyValid/${seg(userId)}`),

  // any signed-in user (the server checks that a user acts on their own account only)
  /** What the signed-in person holds and what waits for them; the portal's logo leads here. */
  home: guarded('/home', MEMBER, () => '/home'),
  changePassword: guarded('/changePassword/:id', SIGNED_IN, (userId: Id) => `/changePassword/${seg(userId)}`),
  changePasswordByAdmin: guarded('/changePasswordByAdmin/:id', SIGNED_IN, (userId: Id) => `/changePasswordByAdmin/${seg(userId)}`),
  infoChangePasswordByAdmin: guarded(
    '/infoChangePasswordByAdmin/:id',
    SIGNED_IN,
    (userId: Id) => `/infoChangePasswordByAdmin/${seg(userId)}`,
  ),
  changeEmail: guarded('/changeEmail/:id', SIGNED_IN, (userId: Id) => `/changeEmail/${seg(userId)}`),
  changeEmailByAdmin: guarded('/changeEmailByAdmin/:id', SIGNED_IN, (userId: Id) => `/changeEmailByAdmin/${seg(userId)}`),
  infoChangeEmail: guarded('/infoChangeEmail/:id', SIGNED_IN, (userId: Id) => `/infoChangeEmail/${seg(userId)}`),
  infoChangeEmailByAdmin: guarded('/infoChangeEmailByAdmin/:id', SIGNED_IN, (userId: Id) => `/infoChangeEmailByAdmin/${seg(userId)}`),
  deleteAccount: guarded('/deleteAccount/:id', SIGNED_IN, (userId: Id) => `/deleteAccount/${seg(userId)}`),
  /** The flash screen; `devices` (MAC addresses, e.g. a reservation's) are chosen in its form already. */
  flashNodes: guarded('/flashNodes/:id', SIGNED_IN, (userId: Id, devices: readonly string[] = []) =>
    devices.length > 0 ? `/flashNodes/${seg(userId)}?devices=${encodeURIComponent(devices.join(','))}` : `/flashNodes/${seg(userId)}`,
  ),
  /** Experiments: the list (the signed-in person's; an administrator may see everyone's), the form, one experiment. */
  experiments: guarded('/experiments', 'experiments:list', () => '/experiments'),
  experimentNew: guarded('/experiment', 'experiment:submit', () => '/experiment'),
  experiment: guarded('/experiments/:id', 'experiments:list', (id: Id) => `/experiments/${seg(id)}`),
  /** A flash job with its kept log (its owner or an administrator; the server answers 404 to anyone else). */
  flashJob: guarded('/flashJob/:handle', SIGNED_IN, (handle: string) => `/flashJob/${seg(handle)}`),
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
