// The form of both change-password pages (a user's own, an administrator's for a user): the new password
// and its verification, the server's refusal, Cancel back to the user's page and Save. The user's own page
// puts the current password field above the new ones and its refusal under them.
import { Button, Group, Stack } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { NewPasswordFields, type NewPasswordField } from './new-password-fields';
import type { GetInputPropsReturnType } from '@mantine/form';
import { ErrorAlert } from '../../../shared/components/error-alert';

export interface ChangePasswordFormProps {
  form: { getInputProps: (name: NewPasswordField) => GetInputPropsReturnType };
  userId: number;
  pending: boolean;
  /** The server's refusal that no field shows. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  currentPasswordField?: ReactNode;
  currentPasswordAlert?: ReactNode;
}

export function ChangePasswordForm({
  form,
  userId,
  pending,
  failure,
  onSubmit,
  currentPasswordField,
  currentPasswordAlert,
}: ChangePasswordFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {currentPasswordField}
        <NewPasswordFields inputProps={form.getInputProps} />
        {currentPasswordAlert}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
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
