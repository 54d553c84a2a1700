// The menus of a signed-in user (devices document, section 2: top navigation). Loaded only once somebody
// signs in, so that the sign-in page does not download the menu and popover code.
import { Button, Group, Menu, NavLink, Stack } from '@mantine/core';
import type { MessageKey } from '@testbed/contract';
import { useTranslation } from '../shared/i18n-devices';
import { Link } from 'react-router';
import { DOCUMENTATION_URL } from '../shared/config';
import { paths } from '../shared/paths';
import { isAdmin, type SessionUser } from '../shared/session';

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
      ],
    });
  }
  sections.push(
    {
      label: 'RESERVATION',
      items: [
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

// Shade 9: Mantine's default red is too light for small text on white.
const DANGER_COLOR = 'red.9';

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

export function DesktopNavigation({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { t } = useTranslation();
  const sections = navigationFor(user);
  return (
    <Group gap={4} wrap="nowrap">
      <Button component="a" href={DOCUMENTATION_URL} variant="subtle" color="gray" c="dark.9">
        {t('DOCUMENTATION')}
      </Button>
      {sections.map((section) => (
        <Menu
          key={section.label}
          position="bottom-end"
          shadow="md"
          width={240}
          // Kept inside the navigation landmark, and without the focus placeholder Mantine adds by default:
          // a role="presentation" child is not allowed in a role="menu" element.
          withinPortal={false}
          withInitialFocusPlaceholder={false}
        >
          <Menu.Target>
            <Button variant="subtle" color="gray" c="dark.9" rightSection={<Chevron />}>
              {t(section.label)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {section.label === 'MY_ACCOUNT' && (
              <Menu.Label>
                {t('SIGNED_IN_AS')} {user.username}
              </Menu.Label>
            )}
            {section.items.map((item) => (
              <Menu.Item key={item.label} component={Link} to={item.to} color={item.danger ? DANGER_COLOR : undefined}>
                {t(item.label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
      <Button variant="outline" onClick={onSignOut} ml="xs">
        {t('SIGN_OUT')}
      </Button>
    </Group>
  );
}

export function MobileNavigation({
  user,
  onNavigate,
  onSignOut,
}: {
  user: SessionUser;
  onNavigate: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const sections = navigationFor(user);
  return (
    <Stack gap={0}>
      <NavLink component="a" href={DOCUMENTATION_URL} label={t('DOCUMENTATION')} />
      {sections.map((section) => (
        <NavLink key={section.label} label={t(section.label)} defaultOpened component="button" fw={600}>
          {section.items.map((item) => (
            <NavLink
              key={item.label}
              component={Link}
              to={item.to}
              label={t(item.label)}
              c={item.danger ? DANGER_COLOR : undefined}
              fw={400}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      ))}
      <Button variant="outline" onClick={onSignOut} m="md">
        {t('SIGN_OUT')}
      </Button>
    </Stack>
  );
}
