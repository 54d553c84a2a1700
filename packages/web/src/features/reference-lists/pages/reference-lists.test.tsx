import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, referenceListMessages } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmployerTypesPage } from './employer-types-page';
import { ProfessionalStatusListPage } from './professional-status-list-page';
import { renderRoutes, signInAs } from '../../../test/app';

function signInAdmin() {
  signInAs('ADMIN', { userId: 1, username: 'admin' });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string) {
  renderRoutes(path, { '/employerTypes': <EmployerTypesPage />, '/professionalStatusList': <ProfessionalStatusListPage /> });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Employer types page', () => {
  it('shows 50 labels a page, and its create and delete buttons as coming soon', async () => {
    signInAdmin();
    const items = Array.from({ length: 120 }, (_, i) => ({ employerTypeId: i + 1, label: `Type ${i + 1}` }));
    vi.stubGlobal('fetch', vi.fn(async () => json(200, items)));
    renderAt('/employerTypes');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: messages.EMPLOYER_TYPES })).toBeInTheDocument();
    let rows = await screen.findAllByTestId('reference-row');
    expect(rows).toHaveLength(50);
    expect(rows[0]).toHaveTextContent('Type 1');
    expect(screen.getByText('1–50 / 120')).toBeInTheDocument();

    const create = screen.getByRole('button', { name: `${referenceListMessages.CREATE} (${messages.COMING_SOON})` });
    expect(create).toBeDisabled();
    expect(within(rows[0]!).getByRole('button', { name: `${referenceListMessages.DELETE} Type 1 (${messages.COMING_SOON})` })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('reference-row')).toHaveLength(20));
    rows = screen.getAllByTestId('reference-row');
    expect(rows[0]).toHaveTextContent('Type 101');
    expect(screen.getByText('101–120 / 120')).toBeInTheDocument();
  });
});

describe('Professional status list page', () => {
  it('shows the statuses on one page without page buttons', async () => {
    signInAdmin();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [{ professionalStatusId: 1, label: 'Professor' }, { professionalStatusId: 2, label: 'PhD student' }])),
    );
    renderAt('/professionalStatusList');
    const rows = await screen.findAllByTestId('reference-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Professor', 'PhD student']);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('falls back to an empty list when the list cannot be read', async () => {
    signInAdmin();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { message: 'Not found.' })));
    renderAt('/professionalStatusList');
    expect(await screen.findByText(referenceListMessages.NO_PROFESSIONAL_STATUS)).toBeInTheDocument();
  });
});
