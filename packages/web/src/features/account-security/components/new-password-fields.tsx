// The new password and its verification, shared by the reset, change and administrator forms.
import { PasswordInput } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import type { GetInputPropsReturnType } from '@mantine/form';

export type NewPasswordField = 'newPassword' | 'repeatPassword';

/** `inputProps` is the form's getInputProps. */
export function NewPasswordFields({ inputProps }: { inputProps: (name: NewPasswordField) => GetInputPropsReturnType }) {
  return (
    <>
      <PasswordInput label={text.NEW_PASSWORD} description={text.PASSWORD_RULE_HINT} autoComplete="new-password" required {...inputProps('newPassword')} />
      <PasswordInput label={text.NEW_PASSWORD_REPEAT} autoComplete="new-password" required {...inputProps('repeatPassword')} />
    </>
  );
}
