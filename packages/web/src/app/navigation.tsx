// The menus of a signed-in user (the top navigation). Loaded only once somebody
// signs in, so that the sign-in page does not download them. Each menu is a disclosure (a button that shows
// or hides a list of links), the pattern for a site's navigation, drawn by this file's CSS: Mantine's Menu
// would bring its popover and floating-ui (about 35 KB gzip) to the first load of every signed-in page.
import { messages } from '@testbed/contract';
import { Button, Group, Text } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { FocusEvent } from 'react';
import { Link } from 'react-router';
import { DOCUMENTATION_URL } from '../shared/config';
import type { SessionUser } from '../shared/session';
import { useHeaderDisclosure } from '../shared/use-header-disclosure';
import { navigationFor, type NavSection } from './navigation-menus';
import classes from './navigation.module.css';

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
  const menu = useHeaderDisclosure();
  // Closed too by a press anywhere else,
  const root = useClickOutside<HTMLDivElement>(menu.close, ['pointerdown'], undefined, menu.opened);
  // and when the keyboard's focus leaves it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) menu.close();
  };

  return (
    <div ref={root} className={classes.menu} onBlur={onBlur}>
      <Button {...menu.buttonProps} variant="subtle" color="gray" c="dark.9" rightSection={<Chevron />}>
        {messages[section.label]}
      </Button>
      {menu.opened && (
        <div className={classes.dropdown}>
          {section.label === 'MY_ACCOUNT' && (
            <Text size="xs" c="dimmed" className={classes.label}>
              {messages.SIGNED_IN_AS} {user.username}
            </Text>
          )}
          <ul id={menu.panelId} aria-label={messages[section.label]} className={classes.list}>
            {section.items.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={classes.item} data-danger={item.danger || undefined} onClick={menu.close}>
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
