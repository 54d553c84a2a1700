import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountValidationMessages as text, IMPORT_REQUIRED_COLUMNS } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const CSV = 'firstname,lastname,username,email,instituteName,countryName\nAda,Lovelace,ada,ada@example.org,Lab,France\nBad,Mail,bad,nope,Lab,France';

function fakeServer() {
  const sent: unknown[] = [];
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && url === '/api/auth/importAccounts') {
        sent.push(JSON.parse(String(init.body)));
        await answered;
        return new Response(JSON.stringify({ count: 1, errors: [{ line: 3, message: 'email: Invalid email.' }] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent, release };
}

describe('import accounts page', () => {
  it('documents the format, imports the text and shows the count and the error of each rejected line', async () => {
    signInAs('ADMIN');
    const server = fakeServer();
    const user = userEvent.setup();
    renderApp('/importAccounts');

    const data = await screen.findByRole('textbox', { name: text.IMPORT_DATA }, { timeout: 10_000 });
    expect(screen.getByText(IMPORT_REQUIRED_COLUMNS.join(', '))).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: text.IMPORT_ACCOUNTS });
    expect(importButton).toBeDisabled();

    await user.click(data);
    await user.paste(CSV);
    expect(importButton).toBeEnabled();
    await user.click(importButton);

    // While the import runs: the progress bar and a disabled button.
    expect(await screen.findByRole('progressbar', { name: text.IMPORT_RUNNING })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.IMPORT_ACCOUNTS })).toBeDisabled();
    server.release();

    expect(await screen.findByTestId('imported-count')).toHaveTextContent('Accounts imported: 1');
    const errors = screen.getByTestId('import-errors');
    expect(within(errors).getByRole('rowheader', { name: 'Line 3' })).toBeInTheDocument();
    expect(within(errors).getByText('email: Invalid email.')).toBeInTheDocument();
    expect(screen.getByText('Rejected lines: 1')).toBeInTheDocument();
    expect(server.sent).toEqual([{ text: CSV }]);
    // A result is shown: the button stays disabled until the text changes or the form is reset.
    expect(screen.getByRole('button', { name: text.IMPORT_ACCOUNTS })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: text.RESET }));
    expect(screen.getByRole('textbox', { name: text.IMPORT_DATA })).toHaveValue('');
    expect(screen.queryByTestId('imported-count')).not.toBeInTheDocument();
  });

  it('goes back to the users list on Cancel', async () => {
    signInAs('ADMIN');
    fakeServer();
    const user = userEvent.setup();
    const view = renderApp('/importAccounts');
    await user.click(await screen.findByRole('button', { name: text.CANCEL }, { timeout: 10_000 }));
    await waitFor(() => expect(view.location()).toBe('/users'));
  });
});
