// The frame of every page: header with the top navigation and the notification bell, shown
// once a user is signed in, the page in <main>, and a loading banner while the page's code loads.
import { commonMessages } from '@testbed/contract';
import { Box, Burger, Group, Progress, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { preloadable } from '../shared/preloadable';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../shared/paths';
import { clearSession, may, useSession } from '../shared/session';
import { loadQueryClient } from './providers';
import { RouteErrorBoundary } from './route-error';
import classes from './shell.module.css';

const desktopNavigation = preloadable(() => import('./navigation').then((module) => module.DesktopNavigation));
const DesktopNavigation = desktopNavigation.Component;
/** The signed-in user's navigation, fetched with the first page (router.tsx). */
export const preloadNavigation = desktopNavigation.preload;
/**
 * The bell of one's notifications, loaded after the frame. It reads the API, so it waits for the query client as
 * every page that reads does (router.tsx): on a page that does not (sign-in), the bell would find none.
 */
const NotificationBell = lazy(async () => {
  const [module] = await Promise.all([import('../features/notifications/components/notification-bell'), loadQueryClient()]);
  return { default: module.NotificationBell };
});
const MobileNavigation = lazy(() => import('./mobile-navigation').then((module) => ({ default: module.MobileNavigation })));

/** A thin bar at the top of the window and a polite announcement while the next page loads. */
export function LoadingBanner() {
  return (
    <>
      <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }} data-testid="loading-banner">
        <Progress.Root size="sm" radius={0}>
          <Progress.Section value={100} animated striped aria-label={commonMessages.LOADING} />
        </Progress.Root>
      </Box>
      <VisuallyHidden role="status" aria-live="polite">
        {commonMessages.LOADING}
      </VisuallyHidden>
    </>
  );
}

export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = session.status === 'signedIn' ? session.user : null;

  const signOut = () => {
    close();
    clearSession();
    void navigate(paths.signout.href());
  };

  return (
    <>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={commonMessages.TOGGLE_NAVIGATION}
                aria-expanded={opened}
                aria-controls={opened ? 'mobile-navigation' : undefined}
              />
            )}
            <UnstyledButton component={Link} to={user ? paths.home.href() : paths.signin.href()}>
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" c="dark.8">
                  {commonMessages.APP_NAME}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          {user && (
            <Group gap="xs" wrap="nowrap">
              <Box component="nav" aria-label={commonMessages.MAIN_NAVIGATION} visibleFrom="md">
                <Suspense fallback={null}>
                  <DesktopNavigation user={user} onSignOut={signOut} />
                </Suspense>
              </Box>
              {may(user, 'notifications:read') && (
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
              )}
            </Group>
          )}
        </Group>
      </header>
      {/* Rendered only while open, so that no off-screen link takes the keyboard focus. */}
      {user && opened && (
        <nav id="mobile-navigation" aria-label={commonMessages.MAIN_NAVIGATION} className={classes.navbar}>
          <Suspense fallback={null}>
            <MobileNavigation user={user} onNavigate={close} onSignOut={signOut} />
          </Suspense>
        </nav>
      )}
      <main className={classes.main}>
        {/* Errors of a page render inside the shell, so the navigation stays usable; the next navigation
            shows the next page. The page's code loads here while the frame is already shown. */}
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={<LoadingBanner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </>
  );
}
