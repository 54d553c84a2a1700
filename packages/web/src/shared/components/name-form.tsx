// The form of the things that are only a name (a role, a group type), to create or to rename one: the name
// checked with the contract's rule before sending, the server's refusal (a name taken, a protected role)
// shown under the field when it is about the name, else above the buttons.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '../api-client';
import { useContractForm } from '../form';
import { ErrorAlert } from './error-alert';

export interface NameFormProps<Values extends Record<string, string>> {
  /** The contract's schema of the form, whose one field is `field`. */
  schema: z.ZodMiniType<Values, Values>;
  field: keyof Values & string;
  label: string;
  initialValue?: string;
  description?: string;
  submitLabel: string;
  pending: boolean;
  /** The last request's failure, from the page's mutation. */
  error: Error | null;
  disabled?: boolean;
  onSubmit: (form: Values) => void;
  /** Buttons before the submit button (cancel, delete). */
  extraActions?: ReactNode;
}

export function NameForm<Values extends Record<string, string>>({
  schema,
  field,
  label,
  initialValue = '',
  description,
  submitLabel,
  pending,
  error,
  disabled,
  onSubmit,
  extraActions,
}: NameFormProps<Values>) {
  const form = useContractForm(schema, { [field]: initialValue } as Values);
  const serverField = error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
  const serverError = error && !serverField ? error.message : null;
  const fieldError = form.errors[field];

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={label}
          name={field}
          required
          autoComplete="off"
          description={description}
          disabled={disabled}
          {...form.getInputProps(field)}
          error={fieldError ?? serverField}
        />
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={pending} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
