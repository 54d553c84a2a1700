import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdminListPage } from './admin-list-page';
import { useConfirmedDelete } from './use-confirmed-delete';

interface Fruit {
  fruitId: number;
  name: string;
  boxes: number;
}

const apple: Fruit = { fruitId: 1, name: 'Apple', boxes: 0 };
const pear: Fruit = { fruitId: 2, name: 'Pear', boxes: 3 };

function FruitsPage({ data, isPending = false, onDelete }: { data?: Fruit[]; isPending?: boolean; onDelete: (id: number) => Promise<void> }) {
  const remove = useConfirmedDelete({
    mutation: useMutation({ mutationFn: onDelete }),
    idOf: (fruit: Fruit) => fruit.fruitId,
    confirmation: (fruit) => ({ title: 'Delete fruit', message: `Delete the fruit ${fruit.name}`, confirmLabel: 'Delete' }),
    deletedNotice: 'Fruit deleted',
  });
  return (
    <AdminListPage
      title="Fruits"
      actions={<a href="/fruit">New fruit</a>}
      query={{ data, isPending, error: null }}
      loadingLabel="Loading"
      emptyText="No fruit yet."
      tableMinWidth={480}
      rowId={(fruit: Fruit) => fruit.fruitId}
      rowTestId="fruit-row"
      columns={[
        { header: 'Name', cell: (fruit) => fruit.name },
        { header: 'Boxes', cell: (fruit) => fruit.boxes },
      ]}
      remove={{
        header: 'Actions',
        hideHeader: true,
        buttonText: 'Delete',
        accessibleName: (fruit) => `Delete ${fruit.name}`,
        blockedReason: (fruit) => (fruit.boxes > 0 ? 'A fruit in boxes cannot be deleted.' : undefined),
        flow: remove,
      }}
    />
  );
}

function renderPage(page: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{page}</QueryClientProvider>
    </MantineProvider>,
  );
}

const noDelete = () => Promise.resolve();

describe('AdminListPage', () => {
  it('shows the title, its buttons and a progress bar while loading, and no table', () => {
    renderPage(<FruitsPage isPending onDelete={noDelete} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fruits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New fruit' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No fruit yet.')).not.toBeInTheDocument();
  });

  it('says so when the list is empty', () => {
    renderPage(<FruitsPage data={[]} onDelete={noDelete} />);
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a row per item under the given columns, with a named delete button each', () => {
    renderPage(<FruitsPage data={[apple, pear]} onDelete={noDelete} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Boxes', 'Actions']);
    const rows = screen.getAllByTestId('fruit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Apple', '0', 'Delete']);
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Apple' })).not.toHaveAttribute('aria-disabled');
    // A row that cannot be deleted keeps a focusable button that gives the reason.
    const blocked = within(rows[1]!).getByRole('button', { name: 'Delete Pear' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    expect(blocked).toHaveAccessibleDescription('A fruit in boxes cannot be deleted.');
  });

  it('deletes a row only after confirmation', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn<(fruitId: number) => Promise<void>>(noDelete);
    renderPage(<FruitsPage data={[apple, pear]} onDelete={onDelete} />);

    await user.click(screen.getByRole('button', { name: 'Delete Apple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete fruit' });
    expect(within(dialog).getByText('Delete the fruit Apple')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Apple' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete fruit' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(onDelete.mock.calls[0]?.[0]).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The blocked row's button does nothing.
    await user.click(screen.getByRole('button', { name: 'Delete Pear' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
