// A user's general characteristics on the user page (user/{id}): names and contact fields for the user and
// for an administrator, whose part (validation dates, flags, roles, and the account's actions) is
// user-admin-fields.tsx. @mantine/form holds the values; the contract's ownUserFieldsSchema, the server's
// rule for them, checks them on submit (shared/form.ts), with the administrator's dates.
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ownUserFieldsSchema, userMessages, type UserDetails } from '@testbed/contract';
import { useEffect } from 'react';
import { afterSaving } from '../../../shared/after-saving';
import { fill } from '../../../shared/fill';
import { generalFailure } from '../../../shared/form';
import { browserTimeZone, formatDay, fromInputDateTime, toInputDateTime } from '../../../shared/time';
import { useUpdateUser } from '../api/users-api';
import { AdminActions, AdminDates, AdminFlagsAndRoles, usePartialDeletion } from './user-admin-fields';

export interface UserFormValues {
  firstname: string;
  lastname: string;
  phoneNumber: string;
  instantMessaging: string;
  personalUrl: string;
  timeZone: string | null;
  lastValidationDate: string;
  expirationDate: string;
  isAdmin: boolean;
  isEnabled: boolean;
  roles: string[];
}

function toForm(user: UserDetails): UserFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    phoneNumber: user.phoneNumber ?? '',
    instantMessaging: user.instantMessaging ?? '',
    personalUrl: user.personalUrl ?? '',
    timeZone: user.timeZone,
    lastValidationDate: toInputDateTime(user.lastValidationDate),
    expirationDate: toInputDateTime(user.expirationDate),
    isAdmin: user.isAdmin,
    isEnabled: user.isEnabled,
    roles: user.roles.map((role) => role.roleName),
  };
}

/** The zones the browser knows by their IANA names, with UTC, and the stored one even if the browser knows it not. */
function timeZoneNames(stored: string | null): string[] {
  return [...new Set([...(stored ? [stored] : []), 'UTC', ...Intl.supportedValuesOf('timeZone')])];
}

const ownFields = schemaResolver(ownUserFieldsSchema, { sync: true });

export function UserDetailsForm({ details, admin }: { details: UserDetails; admin: boolean }) {
  const save = useUpdateUser();
  const deletion = usePartialDeletion(details);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: toForm(details),
    validate: (values) => {
      const errors = ownFields(values);
      if (admin) {
        for (const key of ['lastValidationDate', 'expirationDate'] as const) {
          if (fromInputDateTime(values[key]) === 'invalid') errors[key] = userMessages.INVALID_DATE;
        }
      }
      return errors;
    },
  });
  // The form follows the server's copy whenever it is (re)loaded, e.g. after a save or a partial deletion.
  const { setValues } = form;
  useEffect(() => setValues(toForm(details)), [details, setValues]);

  const onSubmit = form.onSubmit((values) => {
    const own = ownUserFieldsSchema.parse(values);
    const body = admin
      ? {
          ...own,
          lastValidationDate: fromInputDateTime(values.lastValidationDate) as string | null,
          expirationDate: fromInputDateTime(values.expirationDate) as string | null,
          isAdmin: values.isAdmin,
          isEnabled: values.isEnabled,
          roles: values.roles,
        }
      : own;
    save.mutate({ id: details.userId, form: body }, afterSaving(form, userMessages.SAVED));
  });
  const saveError = generalFailure(save.error);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={userMessages.GENERAL_CHARACTERISTICS}>
      <Stack gap="md">
        <Text fw={700} component="h2" size="lg">
          {userMessages.GENERAL_CHARACTERISTICS}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={userMessages.FIRST_NAME} required {...form.getInputProps('firstname')} />
          <TextInput label={userMessages.LAST_NAME} required {...form.getInputProps('lastname')} />
          <TextInput label={userMessages.USERNAME} value={details.username} readOnly variant="filled" />
          <TextInput label={userMessages.EMAIL} value={details.email} readOnly variant="filled" />
          <TextInput label={userMessages.PHONE_NUMBER} inputMode="numeric" {...form.getInputProps('phoneNumber')} />
          <TextInput label={userMessages.INSTANT_MESSAGING} {...form.getInputProps('instantMessaging')} />
          <TextInput label={userMessages.PERSONAL_URL} {...form.getInputProps('personalUrl')} />
          <Select
            label={userMessages.TIME_ZONE}
            description={fill(userMessages.TIME_ZONE_HINT, { zone: browserTimeZone() })}
            data={timeZoneNames(details.timeZone)}
            {...form.getInputProps('timeZone')}
            searchable
            clearable
            limit={50}
            nothingFoundMessage="—"
          />
          <TextInput label={userMessages.SIGN_UP_DATE} value={formatDay(details.signUpDate)} readOnly variant="filled" />
          <TextInput label={userMessages.APPROVED_DATE} value={formatDay(details.approvedDate)} readOnly variant="filled" />
          {admin && <AdminDates form={form} />}
        </SimpleGrid>
        {admin && <AdminFlagsAndRoles form={form} details={details} />}
        {saveError && (
          <Alert color="red" variant="light">
            {saveError}
          </Alert>
        )}
        {deletion.error && (
          <Alert color="red" variant="light">
            {deletion.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={details.anonymised}>
            {userMessages.SUBMIT}
          </Button>
          {admin && <AdminActions details={details} deletion={deletion} />}
        </Group>
      </Stack>
      {deletion.dialog}
    </form>
  );
}
