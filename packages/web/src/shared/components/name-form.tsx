// The form of the things that are only a name (a role, a group type), to create or to rename one: the name
// checked with the contract's rule before sending, the server's refusal (a name taken, a protected role)
// shown under the field when it is about the name, else above the buttons.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '../api-client';
import { ErrorAlert } from './error-alert';

export interface NameFormProps<Values extends Record<string, string>> {
  /** The contract's schema of the form, whose one field is `field`. */
  schema: z.ZodMiniType<Values>;
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
  const [name, setName] = useState(initialValue);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const check = (value: string) => {
    const result = schema.safeParse({ [field]: value });
    return result.success ? { data: result.data, error: undefined } : { data: null, error: result.error.issues[0]?.message };
  };
  const serverField = error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
  const serverError = error && !serverField ? error.message : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, error: invalid } = check(name);
    setFieldError(invalid);
    if (data) onSubmit(data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={label}
          name={field}
          required
          autoComplete="off"
          description={description}
          value={name}
          disabled={disabled}
          error={fieldError ?? serverField}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setName(value);
            // Once an error shows, it follows the typing so that it leaves when the name is fixed.
            if (fieldError) setFieldError(check(value).error);
          }}
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
