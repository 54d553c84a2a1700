// The new address and its verification, with the account's current address above them. The button stays
// disabled while the form is invalid; the server's refusal (an address of
// another account) shows under the field.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { accountSecurityMessages as accountSecurityMessagesEn, changeEmailFormSchema, type AccountSummary } from '@testbed/contract';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useChangeEmail } from '../api/account-security';
import { fieldRefusal, useSchemaForm } from './use-schema-form';
import { userLine } from './user-line';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { catalogue } from '../../../shared/i18n';

const text = catalogue(accountSecurityMessagesEn);

export function ChangeEmailForm({
  account,
  byAdmin,
  onDone,
}: {
  account: AccountSummary;
  byAdmin: boolean;
  onDone: () => void;
}) {
  const form = useSchemaForm(changeEmailFormSchema, { newEmail: '', reemail: '' });
  const change = useChangeEmail();
  const serverField = fieldRefusal(change.error, 'newEmail');

  const onSubmit = form.handleSubmit((data) => {
    change.mutate({ userId: account.userId, newEmail: data.newEmail, byAdmin }, { onSuccess: onDone });
  });

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
          {...form.field('newEmail', change.reset)}
          error={form.errors.newEmail ?? serverField}
        />
        <TextInput label={text.NEW_EMAIL_REPEAT} type="email" autoComplete="email" required {...form.field('reemail')} />
        {change.error && !serverField && <ErrorAlert>{change.error.message}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.user.href(account.userId)}>
            {text.CANCEL}
          </Button>
          <Button type="submit" disabled={!form.isValid} loading={change.isPending}>
            {text.VALIDATE_NEW_EMAIL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
