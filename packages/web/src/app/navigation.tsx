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
import { paths } from '../shared/paths';
import { isAdmin, type SessionUser } from '../shared/session';
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

/** The menus of a signed-in user; booking and flashing lead to the no-SSH-key page until they add a key. */
export function navigationFor(user: SessionUser): NavSection[] {
  const id = user.userId;
  const withKey = (to: string) => (user.hasSshKey ? to : paths.noSshKeyValid.href(id));
  const sections: NavSection[] = [];
  if (isAdmin(user)) {
    sections.push({
      label: 'LISTS',
      items: [
        { label: 'USERS', to: paths.users.href() },
        { label: 'VALIDATION_PENDING_ACCOUNTS_MENU', to: paths.displayValidationPendingAccounts.href() },
        { label: 'VALIDATE_ACCOUNTS_MENU', to: paths.validateAccounts.href() },
        { label: 'IMPORT_ACCOUNTS_MENU', to: paths.importAccounts.href() },
        { label: 'GROUPS', to: paths.groups.href() },
        { label: 'GROUP_TYPES', to: paths.groupTypes.href() },
        { label: 'CREDENTIALS', to: paths.credentials.href() },
        { label: 'API_TOKENS', to: paths.apiTokens.href() },
        { label: 'ROLES', to: paths.roles.href() },
        { label: 'EMPLOYERS', to: paths.employers.href() },
        { label: 'EMPLOYER_TYPES', to: paths.employerTypes.href() },
        { label: 'PROFESSIONAL_STATUS_LIST', to: paths.professionalStatusList.href() },
        { label: 'INTENDED_USAGES', to: paths.intendedUsages.href() },
        { label: 'USAGE_POLICIES', to: paths.usagePolicies.href() },
      ],
    });
    sections.push({
      label: 'INSIGHT',
      items: [
        { label: 'STATISTICS', to: paths.statistics.href() },
        { label: 'AUDIT_LOG', to: paths.auditLog.href() },
        { label: 'FAILING_MAILS', to: paths.failingMails.href() },
      ],
    });
  }
  sections.push(
    {
      label: 'RESERVATION',
      items: [
        { label: 'HOME', to: paths.home.href() },
        { label: 'DEVICES', to: paths.devices.href() },
        { label: 'BOOK_DEVICES_MENU', to: withKey(paths.bookDevices.href(id)) },
        { label: 'MY_RESERVATIONS_MENU', to: paths.reservations.href(id) },
      ],
    },
    {
      label: 'FLASH',
      items: [
        { label: 'FLASH_NODES', to: withKey(paths.flashNodes.href(id)) },
        // Beyond the spec's menu: the administrators' page of the fleet's health.
        ...(isAdmin(user)
          ? [
              { label: 'DEVICE_HEALTH' as const, to: paths.deviceHealth.href() },
              { label: 'MAINTENANCE' as const, to: paths.maintenance.href() },
            ]
          : []),
      ],
    },
    {
      label: 'MY_ACCOUNT',
      items: [
        { label: 'SEE_MY_ACCOUNT', to: paths.user.href(id) },
        { label: 'CHANGE_EMAIL', to: paths.changeEmail.href(id) },
        { label: 'CHANGE_PASSWORD', to: paths.changePassword.href(id) },
        { label: 'DELETE_ACCOUNT', to: paths.deleteAccount.href(id), danger: true },
      ],
    },
  );
  return sections;
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
