import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDuration, messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, renderApp, signInAs } from '../../../test/app';
import { formatDateTime } from '../../../shared/time';
import { aReservation, fakeApi, people } from '../testing/fake-api';

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour);

/** Alice (7) is responsible for #5 (future) and takes part in Bob's running Exclusive #6; Carol's #9 is someone else's. */
function lists() {
  const mine = [
    aReservation({ reservationId: 5, startDate: inHours(24).toISOString(), endDate: inHours(26.5).toISOString() }),
    aReservation({
      reservationId: 6,
      responsibleUser: people.bob,
      users: [people.alice, people.carol],
      startDate: inHours(-1).toISOString(),
      endDate: inHours(2).toISOString(),
      description: '',
    }),
  ];
  const others = [
    aReservation({
      reservationId: 9,
      responsibleUser: people.carol,
      startDate: inHours(-1).toISOString(),
      endDate: inHours(1).toISOString(),
      deviceReservations: [{ device: { ipAddress: '10.0.2.11', macAddress: '02:00:00:02:00:01', deviceType: 'openwrt-router' } }],
    }),
  ];
  return { mine, others };
}

function rowOf(id: number): HTMLElement {
  const cell = screen
    .getAllByRole('cell')
    .find((element) => element.textContent === String(id) && (element as HTMLTableCellElement).cellIndex === 0);
  if (!cell) throw new Error(`no row for reservation ${id}`);
  return cell.closest('tr')!;
}

const menuButton = (id: number) => screen.queryByRole('button', { name: messages.RESERVATION_ACTIONS.replace('{{id}}', String(id)) });

/** The names of the items in a row's menu (none when the row has no menu); the menu is closed again. */
async function menuItems(id: number): Promise<string[]> {
  const button = menuButton(id);
  if (!button) return [];
  await userEvent.click(button);
  // Generous waits: the menu opens and closes with a transition, slow on a busy machine.
  const items = (await screen.findAllByRole('menuitem', {}, { timeout: 10_000 })).map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument(), { timeout: 10_000 });
  return items;
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, id: number, action: string) {
  await user.click(menuButton(id)!);
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

function tableNamed(name: string): HTMLElement {
  return screen.getByRole('table', { name });
}

describe('reservations page', { timeout: 30_000 }, () => {
  it('shows my reservations then the others, in their formats', async () => {
    signInAs('USER', { userId: 7 });
    const { mine, others } = lists();
    const { sent } = fakeApi({
      'GET /api/userReservations/7': { body: mine },
      'GET /api/otherReservations/7': { body: others },
    });
    renderApp('/reservations/7');

    expect(await screen.findByRole('heading', { level: 1, name: messages.MY_RESERVATIONS })).toBeInTheDocument();
    await screen.findByText('5');
    const myTable = tableNamed(messages.MY_RESERVATIONS);
    const headers = within(myTable).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      messages.RESERVATION_ID,
      messages.RESPONSIBLE_USER,
      messages.USERS_INVOLVED,
      messages.SUBMISSION_DATE,
      messages.START_DATE,
      messages.DURATION,
      messages.END_DATE,
      messages.DESCRIPTION,
      messages.DEVICES,
      messages.TYPE,
      messages.ACTIONS,
    ]);

    const cells = within(rowOf(5)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[1]).toBe('Alice Martin');
    expect(cells[3]).toBe(formatDateTime(mine.find((row) => row.reservationId === 5)!.submissionDate));
    expect(cells[4]).toBe(formatDateTime(mine.find((row) => row.reservationId === 5)!.startDate));
    expect(screen.getAllByText(`Times in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`, { exact: false }).length).toBeGreaterThan(0);
    expect(cells[5]).toBe(formatDuration(2.5 * 3600));
    expect(cells[5]).toBe('2 h 30 min');
    expect(cells[8]).toBe('10.0.1.11 / 10.0.1.12');
    expect(cells[9]).toBe('Exclusive');
    expect(within(rowOf(6)).getAllByRole('cell')[2]?.textContent).toBe('Alice Martin, Carol Petit');

    expect(within(tableNamed(messages.OTHER_RESERVATIONS)).getByText('10.0.2.11')).toBeInTheDocument();
    // Current and future by default.
    expect(sent.filter((request) => request.path.startsWith('/api/')).every((request) => request.search.get('all') === 'false')).toBe(true);
  });

  it('offers Flash devices only on a flashable row, Delete only where this user may delete, and no links to users', async () => {
    signInAs('USER', { userId: 7 });
    const { mine, others } = lists();
    fakeApi({ 'GET /api/userReservations/7': { body: mine }, 'GET /api/otherReservations/7': { body: others } });
    renderApp('/reservations/7');
    await screen.findByText('5');

    // #5 has not started: deletable (Alice is responsible), not flashable.
    expect(await menuItems(5)).toContain(messages.DELETE);
    expect(within(rowOf(5)).queryByRole('link', { name: messages.FLASH_DEVICES })).not.toBeInTheDocument();
    // #6 runs, is Exclusive and Alice takes part: flashable; Bob is responsible, so Alice cannot delete it.
    expect(within(rowOf(6)).getByRole('link', { name: messages.FLASH_DEVICES })).toHaveAttribute('href', `/flashNodes/7?devices=${encodeURIComponent('02:00:00:01:00:01,02:00:00:01:00:02')}`);
    expect(await menuItems(6)).not.toContain(messages.DELETE);
    // Someone else's: neither.
    expect(await menuItems(9)).not.toContain(messages.DELETE);
    expect(within(rowOf(9)).queryByRole('link', { name: messages.FLASH_DEVICES })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Alice Martin' })).not.toBeInTheDocument();
  });

  it('lets an administrator open users and delete the others’ reservations', async () => {
    signInAs('ADMIN', { userId: 7 });
    const { mine, others } = lists();
    fakeApi({ 'GET /api/userReservations/7': { body: mine }, 'GET /api/otherReservations/7': { body: others } });
    renderApp('/reservations/7');
    await screen.findByText('9');
    expect(within(rowOf(9)).getByRole('link', { name: 'Carol Petit' })).toHaveAttribute('href', '/user/9');
    expect(await menuItems(9)).toContain(messages.DELETE);
    expect(await menuItems(6)).toContain(messages.DELETE);
  });

  it('says so when there is no reservation, and asks for all of them when the box is unchecked', async () => {
    signInAs('USER', { userId: 7 });
    const { sent } = fakeApi({ 'GET /api/userReservations/7': { body: [] }, 'GET /api/otherReservations/7': { body: [] } });
    renderApp('/reservations/7');
    expect(await screen.findByText(messages.YOU_HAVE_NO_RESERVATION)).toBeInTheDocument();
    expect(await screen.findByText(messages.THERE_IS_NO_RESERVATION)).toBeInTheDocument();

    const checkbox = screen.getByRole('checkbox', { name: messages.CURRENT_FUTURE_RESERVATIONS });
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    await waitFor(() =>
      expect(sent.filter((request) => request.search.get('all') === 'true').map((request) => request.path).sort()).toEqual([
        '/api/otherReservations/7',
        '/api/userReservations/7',
      ]),
    );
  });

  it('announces a just-created reservation and highlights its row', async () => {
    signInAs('USER', { userId: 7 });
    const { mine, others } = lists();
    fakeApi({ 'GET /api/userReservations/7': { body: mine }, 'GET /api/otherReservations/7': { body: others } });
    renderApp('/reservations/7/reservationId/5');
    expect(await screen.findByText(`${messages.RESERVATION_ID_CREATED} 5`)).toBeInTheDocument();
    await screen.findByText('6');
    expect(rowOf(5)).toHaveAttribute('aria-current', 'true');
    expect(rowOf(6)).not.toHaveAttribute('aria-current');
  });

  it('deletes after confirming, then drops the row and says so', async () => {
    signInAs('USER', { userId: 7 });
    const { mine, others } = lists();
    let deleted = false;
    const { sent } = fakeApi({
      'GET /api/userReservations/7': () => ({ body: deleted ? mine.filter((item) => item.reservationId !== 5) : mine }),
      'GET /api/otherReservations/7': { body: others },
      'DELETE /api/deleteReservation/5': () => {
        deleted = true;
        return { body: { value0: true, value1: ['Reservation 5 deleted.'] } };
      },
    });
    renderApp('/reservations/7');
    const user = userEvent.setup();
    await screen.findByText('5');
    await chooseAction(user, 5, messages.DELETE);

    const dialog = await screen.findByRole('dialog', { name: messages.RESERVATION_DELETION });
    expect(within(dialog).getByText(messages.DELETE_CONFIRMATION)).toBeInTheDocument();
    expect(within(dialog).getByText(`${messages.DELETE_CONFIRMATION_RESERVATION} 5`)).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: messages.DELETE }));

    expect(await screen.findByText(`${messages.RESERVATION_ID_DELETED} 5`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('5', { selector: 'td' })).not.toBeInTheDocument());
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/deleteReservation/5']);
  });

  it('keeps the row and shows the server messages when the deletion fails', async () => {
    signInAs('USER', { userId: 7 });
    const { mine, others } = lists();
    fakeApi({
      'GET /api/userReservations/7': { body: mine },
      'GET /api/otherReservations/7': { body: others },
      'DELETE /api/deleteReservation/5': { status: 400, body: { value0: false, value1: ['Reservation 5 has already ended and cannot be deleted.'] } },
    });
    renderApp('/reservations/7');
    const user = userEvent.setup();
    await screen.findByText('5');
    await chooseAction(user, 5, messages.DELETE);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: messages.DELETE }));

    expect(await screen.findByText(`${messages.RESERVATION_ID_DELETION_FAILED} 5`)).toBeInTheDocument();
    expect(screen.getByText('Reservation 5 has already ended and cannot be deleted.')).toBeInTheDocument();
    expect(rowOf(5)).toBeInTheDocument();
  });

  it('sends a user who opens another user’s list to their own', async () => {
    signInAs('USER', { userId: 7 });
    fakeApi({ 'GET /api/userReservations/7': { body: [] }, 'GET /api/otherReservations/7': { body: [] } });
    const app = renderApp('/reservations/8');
    await waitFor(() => expect(app.location()).toBe('/reservations/7'));
  });
});

describe('booking entry points', { timeout: 30_000 }, () => {
  it('sends a user without a valid SSH key from booking to the no-key page', async () => {
    signInAs('USER', { userId: 7, hasSshKey: true });
    fakeApi({
      'GET /api/auth/me': { body: { userId: 7, username: 'alice', authorities: [{ authority: 'USER' }], hasSshKey: false, redirectURL: '/reservations/7', abilities: abilitiesOf('USER') } },
      'GET /api/getNodesToReserve': { body: {} },
      'GET /api/reservationTypes': { body: [] },
    });
    const app = renderApp('/bookDevices/7');
    expect(await screen.findByText(messages.NO_SSH_KEY_VALID)).toBeInTheDocument();
    expect(app.location()).toBe('/noSshkeyValid/7');
    expect(screen.getByText(messages.ADD_OR_CHANGE_SSH_KEY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.GO_BACK_RESERVATION_LIST })).toHaveAttribute('href', '/reservations/7');
  });

  it('shows a spinner, then the form, to a user with a key', async () => {
    signInAs('USER', { userId: 7 });
    fakeApi({
      'GET /api/auth/me': { body: { userId: 7, username: 'alice', authorities: [{ authority: 'USER' }], hasSshKey: true, redirectURL: '/reservations/7', abilities: abilitiesOf('USER') } },
      'GET /api/getNodesToReserve': { body: { 'raspberry-pi-4': { '02:00:00:01:00:01': { ip: '10.0.1.11', up: true } } } },
      'GET /api/reservationTypes': { body: [{ reservationTypeId: 1, label: 'Exclusive', exclusive: true }] },
      'GET /api/userReservations/7': { body: [] },
      'GET /api/otherReservations/7': { body: [] },
    });
    renderApp('/bookDevices/7');
    expect(await screen.findByRole('heading', { level: 1, name: messages.BOOK_DEVICES })).toBeInTheDocument();
    expect(screen.getByLabelText(messages.LOADING, { selector: '.mantine-Loader-root' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.11` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.BOOK_DEVICES })).toBeDisabled();
  });
});
