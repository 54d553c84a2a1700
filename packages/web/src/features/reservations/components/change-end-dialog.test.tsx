import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Reservation } from '@testbed/contract';
import { describe, expect, it, vi } from 'vitest';
import { ChangeEndDialog } from './change-end-dialog';
import { renderRoutes, signInAs } from '../../../test/app';

const END = '2030-06-15T16:00:00.000Z';
const RESERVATION: Reservation = {
  reservationId: 12,
  responsibleUser: { userId: 7, firstname: 'Alice', lastName: 'Martin' },
  users: [],
  submissionDate: '2030-06-01T08:00:00.000Z',
  startDate: '2030-06-15T14:00:00.000Z',
  endDate: END,
  description: 'radio tests',
  reservationType: 'exclusive',
  deviceReservations: [],
};

describe('The change-end dialog', () => {
  it('shows an empty end under its field and saves nothing, then saves the end one hour later', async () => {
    signInAs('USER');
    const onSave = vi.fn();
    renderRoutes('/', { '/': <ChangeEndDialog reservation={RESERVATION} opened pending={false} error={null} onCancel={() => {}} onSave={onSave} /> });
    const user = userEvent.setup();
    const end = await screen.findByLabelText(messages.NEW_END);
    fireEvent.change(end, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: messages.SAVE_END }));
    expect(end).toHaveAccessibleDescription(new RegExp(messages.INVALID_DATE.replace('.', '\\.')));
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: messages.ONE_HOUR_MORE }));
    expect(screen.queryByText(messages.INVALID_DATE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.SAVE_END }));
    expect(onSave).toHaveBeenCalledWith(new Date(Date.parse(END) + 3_600_000));
  }, 30_000);
});
