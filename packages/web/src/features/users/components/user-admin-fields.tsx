// The administrator's part of the user page's form (user-details-form.tsx): the validation dates, the admin
// and enabled flags with the validation label, the roles, and the buttons to change the account's e-mail or
// password and to delete it partially.
import { Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { userMessages, type UserDetails } from '@testbed/contract';
import { Link } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { paths } from '../../../shared/paths';
import { FORM_DATE_PLACEHOLDER } from '../../../shared/time';
import { useDeleteUserPartially } from '../api/users-api';
import type { UserFormValues } from './user-details-form';
import { ValidationBadge } from './validation-badge';

type UserForm = UseFormReturnType<UserFormValues>;

/** The administrators' validation dates, typed as date and time. */
export function AdminDates({ form }: { form: UserForm }) {
  return (
    <>
      {(
        [
          ['lastValidationDate', userMessages.LAST_VALIDATION_DATE],
          ['expirationDate', userMessages.EXPIRATION_DATE],
        ] as const
      ).map(([key, label]) => (
        <TextInput key={key} placeholder={FORM_DATE_PLACEHOLDER} autoComplete="off" label={label} {...form.getInputProps(key)} />
      ))}
    </>
  );
}

export function AdminFlagsAndRoles({ form, details }: { form: UserForm; details: UserDetails }) {
  const { values } = form;
  // The ADMIN role follows the admin checkbox, both ways.
  const toggleRole = (name: string, checked: boolean) => {
    const roles = checked ? [...new Set([...values.roles, name])] : values.roles.filter((role) => role !== name);
    form.setValues({ roles, ...(name === 'ADMIN' ? { isAdmin: checked } : {}) });
  };
  const setAdminFlag = (checked: boolean) => {
    const roles = checked ? [...new Set([...values.roles, 'ADMIN'])] : values.roles.filter((role) => role !== 'ADMIN');
    form.setValues({ isAdmin: checked, roles });
  };
  return (
    <>
      <Group gap="xl">
        <Checkbox label={userMessages.IS_ADMIN} checked={values.isAdmin} onChange={(e) => setAdminFlag(e.currentTarget.checked)} />
        <Checkbox label={userMessages.IS_ENABLED} {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
        <Group gap="xs">
          <Text size="sm">{userMessages.VALIDATION}:</Text>
          <ValidationBadge pending={details.validationPending} />
        </Group>
      </Group>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={700} size="lg" mb="xs">
          {userMessages.ROLES}
        </Text>
        <Group gap="lg" data-testid="roles-panel">
          {details.assignableRoles.map((role) => (
            <Checkbox
              key={role.roleId}
              label={role.roleName}
              checked={role.roleName === 'ADMIN' ? values.isAdmin : values.roles.includes(role.roleName)}
              onChange={(e) => toggleRole(role.roleName, e.currentTarget.checked)}
            />
          ))}
        </Group>
      </fieldset>
    </>
  );
}

/** The partial deletion of the account, asked for in a dialog first. */
export function usePartialDeletion(details: UserDetails) {
  const partialDeletion = useDeleteUserPartially();
  const { confirm, dialog } = useConfirmModal();
  const run = async () => {
    const ok = await confirm({
      title: userMessages.DELETE_PARTIALLY,
      message: `${userMessages.DELETE_PARTIALLY}: ${details.firstname} ${details.lastname} (${details.username})?`,
      confirmLabel: userMessages.DELETE_PARTIALLY,
      danger: true,
    });
    if (ok) partialDeletion.mutate(details.userId);
  };
  return { run, pending: partialDeletion.isPending, error: partialDeletion.error, dialog };
}

export function AdminActions({ details, deletion }: { details: UserDetails; deletion: ReturnType<typeof usePartialDeletion> }) {
  return (
    <>
      <Button variant="default" component={Link} to={paths.changeEmailByAdmin.href(details.userId)}>
        {userMessages.CHANGE_EMAIL}
      </Button>
      <Button variant="default" component={Link} to={paths.changePasswordByAdmin.href(details.userId)}>
        {userMessages.CHANGE_PASSWORD}
      </Button>
      <Button variant="outline" color="red.9" disabled={details.anonymised} loading={deletion.pending} onClick={() => void deletion.run()}>
        {userMessages.DELETE_PARTIALLY}
      </Button>
    </>
  );
}
