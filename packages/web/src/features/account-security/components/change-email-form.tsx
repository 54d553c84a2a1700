// The new address and its verification, with the account's current address above them. The button stays
// disabled while the form is invalid; the server's refusal (an address of
// another account) shows under the field.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { accountSecurityMessages as text, changeEmailFormSchema, type AccountSummary } from '@testbed/contract';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useChangeEmail } from '../api/account-security';
import { generalFailure, showRefusals, useContractForm } from '../../../shared/form';
import { userLine } from './user-line';
import { ErrorAlert } from '../../../shared/components/error-alert';

export function ChangeEmailForm({
  account,
  byAdmin,
  onDone,
}: {
  account: AccountSummary;
  byAdmin: boolean;
  onDone: () => void;
}) {
  const change = useChangeEmail();
  const form = useContractForm(changeEmailFormSchema, { newEmail: '', reemail: '' }, { onValuesChange: () => change.reset() });

  const onSubmit = form.onSubmit((data) => {
    change.mutate(
      { userId: account.userId, newEmail: data.newEmail, byAdmin },
      { onSuccess: onDone, onError: (error) => showRefusals(form, error) },
    );
  });
  const failure = generalFailure(change.error);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {byAdmin && <Text fw={600}>{userLine(account)}</Text>}
        <TextInput label={text.CURRENT_EMAIL} value={account.email} readOnly variant="filled" />
        <TextInput
          label={text.NEW_EMAIL}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('newEmail')}
        />
        <TextInput label={text.NEW_EMAIL_REPEAT} type="email" autoComplete="email" required {...form.getInputProps('reemail')} />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.user.href(account.userId)}>
            {text.CANCEL}
          </Button>
          <Button type="submit" disabled={!form.isValid()} loading={change.isPending}>
            {text.VALIDATE_NEW_EMAIL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
