// The menus of a signed-in user as data: each menu's links, a link shown when the user may open its route.
import type { MessageKey } from '@testbed/contract';
import { paths, type RouteDefinition, type RouteName } from '../shared/paths';
import { may, type SessionUser } from '../shared/session';

export interface NavItem {
  label: MessageKey;
  to: string;
  /** A destructive destination is shown in red. */
  danger?: boolean;
}

export interface NavSection {
  label: MessageKey;
  items: NavItem[];
}

/** A link to the route, or nothing when the user may not open it. */
function linkTo(user: SessionUser, label: MessageKey, route: RouteDefinition, to: string, danger?: boolean): NavItem[] {
  return route.ability === null || may(user, route.ability) ? [{ label, to, ...(danger ? { danger } : {}) }] : [];
}

/** The routes whose address takes no value. */
type PlainRoute = { [Name in RouteName]: Parameters<(typeof paths)[Name]['href']> extends [] ? Name : never }[RouteName];

/** Links to routes whose address takes no value. */
function plain(user: SessionUser, entries: [MessageKey, PlainRoute][]): NavItem[] {
  return entries.flatMap(([label, name]) => linkTo(user, label, paths[name], (paths[name].href as () => string)()));
}

/**
 * The menus of a signed-in user: each link shown when the user may open its route; booking and flashing lead to
 * the no-SSH-key page until they add a key. A menu with no link left is not shown.
 */
export function navigationFor(user: SessionUser): NavSection[] {
  const id = user.userId;
  const withKey = (to: string) => (user.hasSshKey ? to : paths.noSshKeyValid.href(id));
  const sections: NavSection[] = [
    {
      label: 'LISTS',
      items: [
        ...plain(user, [
          ['USERS', 'users'],
          ['VALIDATION_PENDING_ACCOUNTS_MENU', 'displayValidationPendingAccounts'],
          ['VALIDATE_ACCOUNTS_MENU', 'validateAccounts'],
          ['IMPORT_ACCOUNTS_MENU', 'importAccounts'],
          ['GROUPS', 'groups'],
          ['GROUP_TYPES', 'groupTypes'],
          ['CREDENTIALS', 'credentials'],
          ['API_TOKENS', 'apiTokens'],
          ['ROLES', 'roles'],
          ['EMPLOYERS', 'employers'],
          ['EMPLOYER_TYPES', 'employerTypes'],
          ['PROFESSIONAL_STATUS_LIST', 'professionalStatusList'],
          ['INTENDED_USAGES', 'intendedUsages'],
          ['USAGE_POLICIES', 'usagePolicies'],
        ]),
      ],
    },
    {
      label: 'INSIGHT',
      items: [
        ...plain(user, [
          ['STATISTICS', 'statistics'],
          ['AUDIT_LOG', 'auditLog'],
          ['FAILING_MAILS', 'failingMails'],
        ]),
      ],
    },
    {
      label: 'RESERVATION',
      items: [
        ...plain(user, [
          ['HOME', 'home'],
          ['DEVICES', 'devices'],
        ]),
        ...linkTo(user, 'BOOK_DEVICES_MENU', paths.bookDevices, withKey(paths.bookDevices.href(id))),
        ...linkTo(user, 'MY_RESERVATIONS_MENU', paths.reservations, paths.reservations.href(id)),
      ],
    },
    {
      label: 'FLASH',
      items: [
        ...linkTo(user, 'FLASH_NODES', paths.flashNodes, withKey(paths.flashNodes.href(id))),
        ...linkTo(user, 'EXPERIMENTS_MENU', paths.experiments, withKey(paths.experiments.href())),
        ...plain(user, [
          ['MY_IMAGES', 'images'],
        ]),
        // Beyond the menu existing users know: experiments, one's own images, and the administrators' pages of the fleet's health,
        // its maintenance and every image.
        ...plain(user, [
          ['DEVICE_HEALTH', 'deviceHealth'],
          ['MAINTENANCE', 'maintenance'],
          ['ALL_IMAGES', 'adminImages'],
        ]),
      ],
    },
    {
      label: 'MY_ACCOUNT',
      items: [
        ...linkTo(user, 'SEE_MY_ACCOUNT', paths.user, paths.user.href(id)),
        ...linkTo(user, 'CHANGE_EMAIL', paths.changeEmail, paths.changeEmail.href(id)),
        ...linkTo(user, 'CHANGE_PASSWORD', paths.changePassword, paths.changePassword.href(id)),
        ...linkTo(user, 'DELETE_ACCOUNT', paths.deleteAccount, paths.deleteAccount.href(id), true),
      ],
    },
  ];
  return sections.filter((section) => section.items.length > 0);
}
