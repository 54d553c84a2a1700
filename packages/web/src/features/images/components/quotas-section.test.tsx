import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, WHOLE_NUMBER_MESSAGE } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuotasSection } from './quotas-section';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes, signInAs } from '../../../test/app';

afterEach(() => vi.unstubAllGlobals());

describe("Setting a user's image quota", () => {
  it('checks the id and the size in GiB, then sends the bytes, or null for the default', async () => {
    signInAs('ADMIN');
    const server = fakeServer({
      'PUT /api/imageQuotas/users/7': ({ body }) => {
        const { quotaBytes } = body as { quotaBytes: number | null };
        return { body: { quotaBytes: quotaBytes ?? 10 * 1024 ** 3, isDefault: quotaBytes === null } };
      },
    });
    renderRoutes('/', { '/': <QuotasSection /> });
    const form = await screen.findByRole('form', { name: messages.IMAGE_QUOTA_USER });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(messages.IMAGE_QUOTA_GIB), '2,5x');
    await user.click(within(form).getByRole('button', { name: messages.IMAGE_QUOTA_SET_USER }));
    expect(await within(form).findByText(new RegExp(WHOLE_NUMBER_MESSAGE.replace(/[()]/g, '.')))).toBeInTheDocument();
    expect(within(form).getByText(messages.IMAGE_QUOTA_INVALID)).toBeInTheDocument();
    expect(server.calls).toEqual([]);

    await user.type(within(form).getByLabelText(/^User id/), '7');
    await user.clear(within(form).getByLabelText(messages.IMAGE_QUOTA_GIB));
    await user.type(within(form).getByLabelText(messages.IMAGE_QUOTA_GIB), '2,5');
    await user.click(within(form).getByRole('button', { name: messages.IMAGE_QUOTA_SET_USER }));
    await waitFor(() => expect(server.called('PUT', '/api/imageQuotas/users/7')).toHaveLength(1));
    expect(server.called('PUT', '/api/imageQuotas/users/7')[0]!.body).toEqual({ quotaBytes: 2.5 * 1024 ** 3 });

    await user.clear(within(form).getByLabelText(messages.IMAGE_QUOTA_GIB));
    await user.click(within(form).getByRole('button', { name: messages.IMAGE_QUOTA_SET_USER }));
    await waitFor(() => expect(server.called('PUT', '/api/imageQuotas/users/7')).toHaveLength(2));
    expect(server.called('PUT', '/api/imageQuotas/users/7')[1]!.body).toEqual({ quotaBytes: null });
  }, 30_000);
});
