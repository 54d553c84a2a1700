import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationMessages, type Notification } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signInAs } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';
import { NotificationBell } from './notification-bell';

function notifications(): Notification[] {
  return [
    {
      id: 12,
      kind: 'experiment-ready',
      title: 'Experiment Mesh run 3 is ready',
      text: '3 device(s) ready. It ends at 2026-12-01T10:30:00.000Z.',
      link: '/experiments/41',
      createdAt: '2026-12-01T09:00:00.000Z',
      read: false,
    },
    {
      id: 11,
      kind: 'experiment-failed',
      title: 'Experiment Mesh run 2 failed',
      text: 'Every device failed.',
      link: '/experiments/40',
      createdAt: '2026-11-30T09:00:00.000Z',
      read: true,
    },
  ];
}

/** A server holding the user's notifications: marking read changes what the next list answers. */
function server() {
  const held = notifications();
  const list = () => ({ body: { notifications: held, unread: held.filter((one) => !one.read).length } });
  return fakeServer({
    'GET /api/notifications': list,
    'POST /api/notifications/12/read': () => {
      held[0]!.read = true;
      return { body: held[0] };
    },
    'POST /api/notifications/read': () => {
      const marked = held.filter((one) => !one.read).length;
      for (const one of held) one.read = true;
      return { body: { marked } };
    },
  });
}

function renderBell() {
  signInAs('USER');
  return renderRoutes('/home', {
    '/home': <NotificationBell />,
    '/experiments/:id': (
      <>
        <NotificationBell />
        <h1>Experiment page</h1>
      </>
    ),
  });
}

describe('notification bell', () => {
  it('shows the unread count, lists the newest first linking to the experiment, and marks one read as it is opened', async () => {
    const fake = server();
    const view = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: notificationMessages.NOTIFICATIONS });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Experiment Mesh run 3 is ready', '/experiments/41'],
      ['Experiment Mesh run 2 failed', '/experiments/40'],
    ]);
    expect(within(panel).getByText('3 device(s) ready. It ends at 2026-12-01T10:30:00.000Z.')).toBeInTheDocument();
    // Only the unread one offers to be marked.
    expect(within(panel).getAllByRole('button', { name: notificationMessages.MARK_READ })).toHaveLength(1);

    await userEvent.click(links[0]!);
    expect(await screen.findByRole('heading', { name: 'Experiment page' })).toBeInTheDocument();
    expect(view.pathname()).toBe('/experiments/41');
    expect(fake.called('POST', '/api/notifications/12/read')).toHaveLength(1);
    // The list is read again: nothing unread, the count is gone.
    expect(await screen.findByRole('button', { name: notificationMessages.NOTIFICATIONS })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('marks every notification read at once, and closes its list with Escape', async () => {
    const fake = server();
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    await userEvent.click(screen.getByRole('button', { name: notificationMessages.MARK_ALL_READ }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(fake.called('POST', '/api/notifications/read')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: notificationMessages.MARK_READ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: notificationMessages.NOTIFICATIONS })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: notificationMessages.NOTIFICATIONS })).toHaveFocus();
  });

  it('says so when there is none', async () => {
    fakeServer({ 'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: notificationMessages.NOTIFICATIONS }));
    expect(screen.getByText(notificationMessages.NONE)).toBeInTheDocument();
  });
});
