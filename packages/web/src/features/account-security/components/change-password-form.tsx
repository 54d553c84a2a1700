// The form of both change-password pages (a user's own, an administrator's for a user): the new password
// and its verification, the server's refusal, Cancel back to the user's page and Save. The user's own page
// puts the current password field above the new ones and its refusal under them.
import { Alert, Button, Group, Stack } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { NewPasswordFields } from './new-password-fields';
import type { FieldErrors } from './use-schema-form';

interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

export interface ChangePasswordFormProps<T extends NewPasswordValues> {
  form: {
    values: T;
    errors: FieldErrors<T>;
    set: (field: keyof NewPasswordValues, value: string) => void;
    touch: (field: keyof NewPasswordValues) => void;
  };
  userId: number;
  pending: boolean;
  /** The server's refusal that no field shows. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  currentPasswordField?: ReactNode;
  currentPasswordAlert?: ReactNode;
}

export function ChangePasswordForm<T extends NewPasswordValues>({
  form,
  userId,
  pending,
  failure,
  onSubmit,
  currentPasswordField,
  currentPasswordAlert,
}: ChangePasswordFormProps<T>) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {currentPasswordField}
        <NewPasswordFields values={form.values} errors={form.errors} set={form.set} touch={form.touch} />
        {currentPasswordAlert}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.user.href(userId)}>
            {text.CANCEL}
          </Button>
          <Button type="submit" loading={pending}>
            {text.SAVE_NEW_PASSWORD}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
