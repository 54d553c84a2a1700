// The portal's vocabulary of actions: every endpoint names the one it performs, the server's policies hold one
// rule per action, and a personal API token reaches an action only when its scope covers the one listed here.
// The sign-in session and the API token are judged by this one list.
import type { ApiTokenScope } from './api-tokens.js';

const READ = 'read';
const BOOK = 'read+book+flash';
/** No personal API token may do it: account security, the token calls, the profile's settings, administrators' changes. */
const NO_TOKEN = null;

/** What a signed-in caller may be allowed to do, with the scope a personal API token needs for it. */
export const SIGNED_IN_ACTIONS = {
  'session:read': READ, // the signed-in user as the sign-in reply shows it
  'portal:use': READ, // the member's pages (home, devices, booking, one's reservations and profile): the USER role
  'users:list': READ,
  'user:create': NO_TOKEN, // an administrator creates an account
  'user:admin-fields': NO_TOKEN, // roles, admin and enabled flags, validation dates
  'account-request:decide': NO_TOKEN, // read an account request from its mailed link, approve or refuse it
  'user:read': READ,
  'user:update': NO_TOKEN,
  'user:search': READ, // the colleagues offered when booking
  'credentials:list': READ, // every user's SSH keys
  'credentials:read': READ,
  'credentials:add': NO_TOKEN,
  'credentials:delete': NO_TOKEN,
  'roles:read': READ, // list and read roles; see every role
  'roles:manage': NO_TOKEN, // create, rename, delete roles
  'groups:read': READ, // every group and group type
  'groups:manage': NO_TOKEN, // every change to groups and group types
  'group:read': READ, // one group with its members
  'employers:read': READ, // the directory one picks one's employer from
  'employers:manage': NO_TOKEN,
  'employment:manage': NO_TOKEN,
  'intended-usages:list': READ, // every user's intended usages
  'intended-usage:read': READ,
  'intended-usage:manage': NO_TOKEN,
  'account:read-summary': NO_TOKEN, // the password, e-mail and deletion screens
  'account:change-password': NO_TOKEN,
  'account:change-email': NO_TOKEN,
  'account:delete': NO_TOKEN,
  'account:own-settings': NO_TOKEN, // sign-in history, reminder settings, calendar feed
  'account:change-password-by-admin': NO_TOKEN,
  'account:change-email-by-admin': NO_TOKEN,
  'account:delete-partially': NO_TOKEN, // anonymise an account
  'accounts-to-validate:read': READ, // the accounts due for re-validation or waiting for it
  'account-validation:request': NO_TOKEN, // ask users to update and validate their account
  'accounts:import': NO_TOKEN,
  'admin-summary:read': NO_TOKEN, // what waits for the administrators
  'mail-outbox:manage': NO_TOKEN, // the failing mails and their retry
  'devices:read': READ, // the bookable and flashable devices, the reservation types
  'reservation:search': READ, // free slots
  'reservation:book': BOOK,
  'reservation:list': READ, // the lists and limits of a user
  'reservation:delete': BOOK,
  'reservation:change': BOOK, // move the end or release
  'reservation:read': READ, // its calendar event
  'reservation:exceed-usage-policies': BOOK, // book or extend past the limits of a type
  'usage-policies:manage': NO_TOKEN,
  'flash:device': BOOK, // flash, and put one's account back on a flashed device
  'flash:probe-device': READ, // whether a device one may flash accepts connections
  'flash:quarantined-device': READ, // to try a device out; its holders may not
  'flash:job': READ, // read a job, its log and its stream
  'flash:own-jobs': READ, // one's running jobs and history
  'images:list': READ, // one's images, those one may flash, one's usage against quota
  'image:use': READ, // read and download an image one may flash
  'image:upload': BOOK, // upload an image (the tus calls)
  'image:manage': BOOK, // change or delete one's image
  'images:administer': NO_TOKEN, // every image, approval for public, deprecation, quotas
  'api-tokens:list': NO_TOKEN,
  'api-tokens:read': NO_TOKEN,
  'api-token:create': NO_TOKEN,
  'api-token:revoke': NO_TOKEN,
  'device-health:manage': NO_TOKEN,
  'audit:read': NO_TOKEN,
  'statistics:read': NO_TOKEN,
  'maintenance:read': READ,
  'maintenance:manage': NO_TOKEN,
  'catalogue:read': READ,
  'experiments:list': READ, // one's own experiments, the description's schema, a preview of a submission
  'experiment:submit': BOOK, // book, flash and follow an experiment in one step (run again too)
  'experiment:read': READ, // an experiment, its devices and its export
  'experiment:stop': BOOK, // end it early
  'experiments:list-all': READ, // every user's experiments
  'experiment:template-delete': READ, // a saved description: its owner's
  'notifications:read': READ, // one's own notifications in the portal, and marking them read
} as const satisfies Record<string, ApiTokenScope | null>;

/** What anyone may ask for, signed in or not (no personal API token is taken on these calls). */
export const PUBLIC_ACTIONS = [
  'public:read', // health checks and the reference lists the forms offer
  'account:register', // ask for an account, and what its form needs
  'session:create', // sign in
  'account:request-password-reset',
  'account:use-mail-link', // confirm, validate, reset by a mailed link: the link is the authority
  'calendar:read-feed', // the feed's secret is the key
  'flash:follow-stream', // the stream's ticket is the key
  'experiment:follow-stream', // the stream's ticket is the key
] as const;

export type SignedInAction = keyof typeof SIGNED_IN_ACTIONS;
export const SIGNED_IN_ACTION_NAMES = Object.keys(SIGNED_IN_ACTIONS) as [SignedInAction, ...SignedInAction[]];
export type PublicAction = (typeof PUBLIC_ACTIONS)[number];
export type Action = SignedInAction | PublicAction;

export const isPublicAction = (action: Action): action is PublicAction => (PUBLIC_ACTIONS as readonly string[]).includes(action);

/** The scope a personal API token needs for the action; null when no token may do it. */
export const tokenScopeOf = (action: Action): ApiTokenScope | null => (isPublicAction(action) ? null : SIGNED_IN_ACTIONS[action]);
