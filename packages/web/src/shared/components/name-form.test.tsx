import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../api-client';
import { NameForm } from './name-form';

const fruitFormSchema = z.object({
  fruitName: z.string().check(z.trim(), z.minLength(1, 'Please enter a name.'), z.maxLength(10, 'At most 10 characters.')),
});
type FruitForm = z.infer<typeof fruitFormSchema>;

function renderForm({ error = null, onSubmit = () => {}, initialValue }: { error?: Error | null; onSubmit?: (form: FruitForm) => void; initialValue?: string }) {
  return render(
    <MantineProvider>
      <NameForm
        schema={fruitFormSchema}
        field="fruitName"
        label="Fruit name"
        initialValue={initialValue}
        submitLabel="Create"
        pending={false}
        error={error}
        onSubmit={onSubmit}
        extraActions={<button type="button">Cancel</button>}
      />
    </MantineProvider>,
  );
}

describe('NameForm', () => {
  it('checks the rule before sending, and the message follows the typing until the name is fixed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm({ onSubmit });
    const field = screen.getByRole('textbox', { name: 'Fruit name' });
    expect(field).toHaveAttribute('name', 'fruitName');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Please enter a name\./);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field, 'Watermelons');
    expect(screen.queryByText('Please enter a name.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('At most 10 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field, '{Backspace}');
    expect(screen.queryByText('At most 10 characters.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({ fruitName: 'Watermelon' });
  });

  it('starts from the given name and sends it parsed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm({ onSubmit, initialValue: '  Pear ' });
    expect(screen.getByRole('textbox', { name: 'Fruit name' })).toHaveValue('  Pear ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({ fruitName: 'Pear' });
  });

  it("shows the server's refusal of the name under the field", () => {
    renderForm({ error: new ApiError(409, 'Name taken.', { fruitName: ['This name is taken.'] }) });
    expect(screen.getByRole('textbox', { name: 'Fruit name' })).toHaveAccessibleDescription(/This name is taken\./);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows any other refusal above the buttons", () => {
    renderForm({ error: new ApiError(403, 'You may not do this.') });
    expect(screen.getByRole('alert')).toHaveTextContent('You may not do this.');
  });
});
