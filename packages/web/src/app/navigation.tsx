// The menus of a signed-in user (the top navigation). Loaded only once somebody
// signs in, so that the sign-in page does not download them. Each menu is a disclosure (a button that shows
// or hides a list of links), the pattern for a site's navigation, drawn by this file's CSS: Mantine's Menu
// would bring its popover and floating-ui (about 35 KB gzip) to the first load of every signed-in page.
import { messages } from '@testbed/contract';
import { Button, Group, Text } from '@mantine/core';
import type { MessageKey } from '@testbed/contract';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { DOCUMENTATION_URL } from '../shared/config';
import { paths, type RouteDefinition } from '../shared/paths';
import { may, type SessionUser } from '../shared/session';
import classes from './navigation.module.css';

interface NavItem {
  label: MessageKey;
  to: string;
  /** A destructive destination is shown in red. */
  danger?: boolean;
}

interface NavSection {
  label: MessageKey;
  items: NavItem[];
}

/** A link to the route, or nothing when the user may not open it. */
function linkTo(user: SessionUser, label: MessageKey, route: RouteDefinition, to: string, danger?: boolean): NavItem[] {
  return route.ability === null || may(user, route.ability) ? [{ label, to, ...(danger ? { danger } : {}) }] : [];
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
        ...linkTo(user, 'USERS', paths.users, paths.users.href()),
        ...linkTo(user, 'VALIDATION_PENDING_ACCOUNTS_MENU', paths.displayValidationPendingAccounts, paths.displayValidationPendingAccounts.href()),
        ...linkTo(user, 'VALIDATE_ACCOUNTS_MENU', paths.validateAccounts, paths.validateAccounts.href()),
        ...linkTo(user, 'IMPORT_ACCOUNTS_MENU', paths.importAccounts, paths.importAccounts.href()),
        ...linkTo(user, 'GROUPS', paths.groups, paths.groups.href()),
        ...linkTo(user, 'GROUP_TYPES', paths.groupTypes, paths.groupTypes.href()),
        ...linkTo(user, 'CREDENTIALS', paths.credentials, paths.credentials.href()),
        ...linkTo(user, 'API_TOKENS', paths.apiTokens, paths.apiTokens.href()),
        ...linkTo(user, 'ROLES', paths.roles, paths.roles.href()),
        ...linkTo(user, 'EMPLOYERS', paths.employers, paths.employers.href()),
        ...linkTo(user, 'EMPLOYER_TYPES', paths.employerTypes, paths.employerTypes.href()),
        ...linkTo(user, 'PROFESSIONAL_STATUS_LIST', paths.professionalStatusList, paths.professionalStatusList.href()),
        ...linkTo(user, 'INTENDED_USAGES', paths.intendedUsages, paths.intendedUsages.href()),
        ...linkTo(user, 'USAGE_POLICIES', paths.usagePolicies, paths.usagePolicies.href()),
      ],
    },
    {
      label: 'INSIGHT',
      items: [
        ...linkTo(user, 'STATISTICS', paths.statistics, paths.statistics.href()),
        ...linkTo(user, 'AUDIT_LOG', paths.auditLog, paths.auditLog.href()),
        ...linkTo(user, 'FAILING_MAILS', paths.failingMails, paths.failingMails.href()),
      ],
    },
    {
      label: 'RESERVATION',
      items: [
        ...linkTo(user, 'HOME', paths.home, paths.home.href()),
        ...linkTo(user, 'DEVICES', paths.devices, paths.devices.href()),
        ...linkTo(user, 'BOOK_DEVICES_MENU', paths.bookDevices, withKey(paths.bookDevices.href(id))),
        ...linkTo(user, 'MY_RESERVATIONS_MENU', paths.reservations, paths.reservations.href(id)),
      ],
    },
    {
      label: 'FLASH',
      items: [
        ...linkTo(user, 'FLASH_NODES', paths.flashNodes, withKey(paths.flashNodes.href(id))),
        ...linkTo(user, 'EXPERIMENTS_MENU', paths.experiments, withKey(paths.experiments.href())),
        ...linkTo(user, 'MY_IMAGES', paths.images, paths.images.href()),
        // Beyond the menu existing users know: experiments, one's own images, and the administrators' pages of the fleet's health,
        // its maintenance and every image.
        ...linkTo(user, 'DEVICE_HEALTH', paths.deviceHealth, paths.deviceHealth.href()),
        ...linkTo(user, 'MAINTENANCE', paths.maintenance, paths.maintenance.href()),
        ...linkTo(user, 'ALL_IMAGES', paths.adminImages, paths.adminImages.href()),
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

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
      <path
        d="M4 6l3.5 3.5L11 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One menu of the header: its button, and under it while open the list of its links. */
function NavigationMenu({ section, user }: { section: NavSection; user: SessionUser }) {
  const [opened, setOpened] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Closed by Escape (the focus goes back to the button) and by a press anywhere else.
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpened(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [opened]);

  // And when the keyboard's focus leaves it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpened(false);
  };

  return (
    <div ref={root} className={classes.menu} onBlur={onBlur}>
      <Button
        ref={button}
        variant="subtle"
        color="gray"
        c="dark.9"
        rightSection={<Chevron />}
        aria-expanded={opened}
        aria-controls={opened ? listId : undefined}
        onClick={() => setOpened((open) => !open)}
      >
        {messages[section.label]}
      </Button>
      {opened && (
        <div className={classes.dropdown}>
          {section.label === 'MY_ACCOUNT' && (
            <Text size="xs" c="dimmed" className={classes.label}>
              {messages.SIGNED_IN_AS} {user.username}
            </Text>
          )}
          <ul id={listId} aria-label={messages[section.label]} className={classes.list}>
            {section.items.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={classes.item} data-danger={item.danger || undefined} onClick={() => setOpened(false)}>
                  {messages[item.label]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function DesktopNavigation({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button component="a" href={DOCUMENTATION_URL} variant="subtle" color="gray" c="dark.9">
        {messages.DOCUMENTATION}
      </Button>
      {navigationFor(user).map((section) => (
        <NavigationMenu key={section.label} section={section} user={user} />
      ))}
      <Button variant="outline" onClick={onSignOut} ml="xs">
        {messages.SIGN_OUT}
      </Button>
    </Group>
  );
}
