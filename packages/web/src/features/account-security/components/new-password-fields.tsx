// The new password and its verification, shared by the reset, change and administrator forms.
import { PasswordInput } from '@mantine/core';
import { accountSecurityMessages as accountSecurityMessagesEn } from '@testbed/contract';
import type { FieldProps } from './use-schema-form';
import { catalogue } from '../../../shared/i18n';

const text = catalogue(accountSecurityMessagesEn);

export type NewPasswordField = 'newPassword' | 'repeatPassword';

export function NewPasswordFields({ field }: { field: (name: NewPasswordField) => FieldProps }) {
  return (
    <>
      <PasswordInput label={text.NEW_PASSWORD} description={text.PASSWORD_RULE_HINT} autoComplete="new-password" required {...field('newPassword')} />
      <PasswordInput label={text.NEW_PASSWORD_REPEAT} autoComplete="new-password" required {...field('repeatPassword')} />
    </>
  );
}
