// The role form (create and rename): one role name checked with the contract's rule before sending, the
// server's refusal (a name taken, a protected role) shown under the field or above the buttons.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { roleFormSchema, roleMessages, type RoleForm } from '@testbed/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api-client';

export interface RoleNameFormProps {
  initialName?: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  disabled?: boolean;
  description?: string;
  onSubmit: (form: RoleForm) => void;
  extraActions?: ReactNode;
}

export function RoleNameForm({ initialName = '', submitLabel, pending, error, disabled, description, onSubmit, extraActions }: RoleNameFormProps) {
  const [roleName, setRoleName] = useState(initialName);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const check = (value: string) => {
    const result = roleFormSchema.safeParse({ roleName: value });
    return result.success ? { data: result.data, error: undefined } : { data: null, error: result.error.issues[0]?.message };
  };
  const serverField = error instanceof ApiError ? error.fieldErrors.roleName?.[0] : undefined;
  const serverError = error && !serverField ? error.message : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, error: invalid } = check(roleName);
    setFieldError(invalid);
    if (data) onSubmit(data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={roleMessages.ROLE_NAME}
          name="roleName"
          required
          autoComplete="off"
          description={description}
          value={roleName}
          disabled={disabled}
          error={fieldError ?? serverField}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setRoleName(value);
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
          <Button type="submit" loading={pending} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
