// The new password and its verification, shared by the reset, change and administrator forms.
import { PasswordInput } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import type { FieldErrors } from './use-schema-form';

interface Values {
  newPassword: string;
  repeatPassword: string;
}

export function NewPasswordFields<T extends Values>({
  values,
  errors,
  set,
  touch,
}: {
  values: T;
  errors: FieldErrors<T>;
  set: (field: keyof Values, value: string) => void;
  touch: (field: keyof Values) => void;
}) {
  return (
    <>
      <PasswordInput
        label={text.NEW_PASSWORD}
        description={text.PASSWORD_RULE_HINT}
        name="newPassword"
        autoComplete="new-password"
        required
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(event) => set('newPassword', event.currentTarget.value)}
        onBlur={() => touch('newPassword')}
      />
      <PasswordInput
        label={text.NEW_PASSWORD_REPEAT}
        name="repeatPassword"
        autoComplete="new-password"
        required
        value={values.repeatPassword}
        error={errors.repeatPassword}
        onChange={(event) => set('repeatPassword', event.currentTarget.value)}
        onBlur={() => touch('repeatPassword')}
      />
    </>
  );
}
