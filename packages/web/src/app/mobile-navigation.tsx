// The menus of a signed-in user on a narrow screen, all open in a panel under the header (see navigation.tsx
// for the menus themselves). Loaded when that panel first opens.
import { messages } from '@testbed/contract';
import { Button, NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { DOCUMENTATION_URL } from '../shared/config';
import type { SessionUser } from '../shared/session';
import { navigationFor } from './navigation-menus';

// Shade 9: Mantine's default red is too light for small text on white.
const DANGER_COLOR = 'red.9';

export function MobileNavigation({
  user,
  onNavigate,
  onSignOut,
}: {
  user: SessionUser;
  onNavigate: () => void;
  onSignOut: () => void;
}) {
  const sections = navigationFor(user);
  return (
    <Stack gap={0}>
      <NavLink component="a" href={DOCUMENTATION_URL} label={messages.DOCUMENTATION} />
      {sections.map((section) => (
        <NavLink key={section.label} label={messages[section.label]} defaultOpened component="button" fw={600}>
          {section.items.map((item) => (
            <NavLink
              key={item.label}
              component={Link}
              to={item.to}
              label={messages[item.label]}
              c={item.danger ? DANGER_COLOR : undefined}
              fw={400}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      ))}
      <Button variant="outline" onClick={onSignOut} m="md">
        {messages.SIGN_OUT}
      </Button>
    </Stack>
  );
}
