// The fields an account is described by, the same on the sign-up form and on the account-update form (the
// link an administrator's re-validation request mails): personal information, the password and its
// verification, the employer and the intended usage. Each form binds them to its own @mantine/form state
// (shared/form.ts), whose schema decides the rules: the update form's schema is built from the sign-up's.
import { Fieldset, PasswordInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { registrationMessages as m } from '@testbed/contract';
import type { ReactNode } from 'react';

export type AccountTextField =
  | 'firstname'
  | 'lastname'
  | 'phoneNumber'
  | 'instantMessaging'
  | 'personnalURL'
  | 'password'
  | 'repassword'
  | 'instituteName'
  | 'laboratoryName'
  | 'teamName'
  | 'location'
  | 'countryName'
  | 'employerURL'
  | 'intendedUsage';

/** The form's getInputProps, for the fields above. */
export type AccountInputProps = (field: AccountTextField) => GetInputPropsReturnType;

/** A titled part of an account form. */
export function AccountSection({ legend, children }: { legend: string; children: ReactNode }) {
  return <Fieldset legend={legend}>{children}</Fieldset>;
}

/** Names, contact and, between them, the username and e-mail fields each form shows its own way. */
export function PersonalFields({ inputProps, identity, after }: { inputProps: AccountInputProps; identity: ReactNode; after?: ReactNode }) {
  return (
    <AccountSection legend={m.PERSONAL_INFORMATION}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={m.FIRST_NAME} required autoComplete="given-name" {...inputProps('firstname')} />
        <TextInput label={m.LAST_NAME} required autoComplete="family-name" {...inputProps('lastname')} />
        {identity}
        <TextInput label={m.PHONE_NUMBER} type="tel" autoComplete="tel" {...inputProps('phoneNumber')} />
        <TextInput label={m.INSTANT_MESSAGING} {...inputProps('instantMessaging')} />
        <TextInput label={m.PERSONAL_URL} type="url" autoComplete="url" {...inputProps('personnalURL')} />
      </SimpleGrid>
      {after}
    </AccountSection>
  );
}

/** The new password and its verification, then the form's SSH key entry. */
export function CredentialFields({ inputProps, sshKey }: { inputProps: AccountInputProps; sshKey: ReactNode }) {
  return (
    <AccountSection legend={m.CREDENTIALS}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput label={m.PASSWORD} required autoComplete="new-password" {...inputProps('password')} />
        <PasswordInput label={m.PASSWORD_VERIFICATION} required autoComplete="new-password" {...inputProps('repassword')} />
      </SimpleGrid>
      {sshKey}
    </AccountSection>
  );
}

/**
 * The employer's fields; `above` holds what the form offers before them (the sign-up's list of existing
 * employers), `kinds` its two lists (the sign-up picks by id, the update by label).
 */
export function EmployerFields({ inputProps, above, kinds }: { inputProps: AccountInputProps; above?: ReactNode; kinds: ReactNode }) {
  return (
    <AccountSection legend={m.EMPLOYER}>
      {above}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt={above ? 'md' : undefined}>
        <TextInput label={m.INSTITUTE_NAME} required autoComplete="organization" {...inputProps('instituteName')} />
        <TextInput label={m.LABORATORY_NAME} {...inputProps('laboratoryName')} />
        <TextInput label={m.TEAM_NAME} {...inputProps('teamName')} />
        <TextInput label={m.LOCATION} {...inputProps('location')} />
        <TextInput label={m.COUNTRY} required autoComplete="country-name" {...inputProps('countryName')} />
        <TextInput label={m.EMPLOYER_URL} type="url" {...inputProps('employerURL')} />
        {kinds}
      </SimpleGrid>
    </AccountSection>
  );
}

/** What the person means to do on the testbed (required on the update form, optional at sign-up). */
export function IntendedUsageField({ inputProps, required }: { inputProps: AccountInputProps; required: boolean }) {
  return (
    <AccountSection legend={m.INTENDED_USAGE}>
      <Textarea
        label={m.INTENDED_USAGE}
        description={m.INTENDED_USAGE_HELP}
        required={required}
        rows={4}
        resize="vertical"
        {...inputProps('intendedUsage')}
      />
    </AccountSection>
  );
}
