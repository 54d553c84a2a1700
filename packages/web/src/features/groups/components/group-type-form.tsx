// The group type form (create and edit): one label, checked with the contract's schema before sending.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { groupMessages, groupTypeFormSchema, type GroupTypeForm as GroupTypeFormValues } from '@testbed/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api-client';

export interface GroupTypeFormProps {
  initialLabel?: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (form: GroupTypeFormValues) => void;
  extraActions?: ReactNode;
}

export function GroupTypeForm({ initialLabel = '', submitLabel, pending, error, onSubmit, extraActions }: GroupTypeFormProps) {
  const [label, setLabel] = useState(initialLabel);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const check = (value: string) => {
    const result = groupTypeFormSchema.safeParse({ label: value });
    return result.success ? { data: result.data, error: undefined } : { data: null, error: result.error.issues[0]?.message };
  };
  const serverField = error instanceof ApiError ? error.fieldErrors.label?.[0] : undefined;
  const serverError = error && !serverField ? error.message : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, error: invalid } = check(label);
    setFieldError(invalid);
    if (data) onSubmit(data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={groupMessages.LABEL}
          name="label"
          required
          autoComplete="off"
          value={label}
          error={fieldError ?? serverField}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setLabel(value);
            if (fieldError) setFieldError(check(value).error);
          }}
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
