// A user's details (user/{id}), for the user themself and for an administrator:
// first and last name required; username, e-mail, sign-up and approval dates read-only;
// contact fields; for administrators the validation dates, the admin and enabled flags, the validation label,
// the roles panel and the change e-mail / change password / partial deletion / back-to-users buttons.
// Panels below: SSH keys, employers, intended usages, roles, groups and managed groups.
import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ownUserFieldsSchema, userMessages, type UserDetails } from '@testbed/contract';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { formLevelError } from '../../../shared/components/form-page';
import { MessagePage } from '../../../shared/components/message-page';
import { browserTimeZone, FORM_DATE_PLACEHOLDER, formatDay, fromInputDateTime, toInputDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { isAdmin, useSession } from '../../../shared/session';
import { useDeleteUserPartially, useUpdateUser, useUser } from '../api/users-api';
import { CalendarFeedPanel, RemindersPanel, SignInHistoryPanel } from '../components/account-insight-panels';
import { ApiTokensPanel } from '../components/api-tokens-panel';
import { UserEmployersPanel } from '../components/user-employers-panel';
import { CredentialsPanel, GroupsPanel, IntendedUsagesPanel } from '../components/user-panels';
import { ValidationBadge } from '../components/validation-badge';
import { fill } from '../../../shared/fill';


interface FormState {
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

function toForm(user: UserDetails): FormState {
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

type FieldErrors = Partial<Record<keyof FormState, string>>;

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      {children}
    </Paper>
  );
}

export function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const me = useSession().user;
  const admin = isAdmin(me);
  const allowed = validId && me !== null && (admin || me.userId === userId);
  const user = useUser(userId, allowed);
  const save = useUpdateUser();
  const partialDeletion = useDeleteUserPartially();
  const { confirm, dialog } = useConfirmModal();
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useDocumentTitle(`${userMessages.USER} | Testbed Portal`);

  // The form follows the server's copy whenever it is (re)loaded, e.g. after a save or a partial deletion.
  useEffect(() => {
    if (user.data) setForm(toForm(user.data));
  }, [user.data]);

  if (!me) return null;
  if (!validId) return <MessagePage title={userMessages.USER_NOT_FOUND} />;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error) {
    return <MessagePage title={user.error instanceof ApiError && user.error.status === 404 ? userMessages.USER_NOT_FOUND : userMessages.LOAD_FAILED} />;
  }
  if (!user.data || !form) return <Text>{userMessages.USER}…</Text>;
  const details = user.data;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm({ ...form, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const own = ownUserFieldsSchema.safeParse(form);
    if (!own.success) {
      const found: FieldErrors = {};
      for (const issue of own.error.issues) found[issue.path[0] as keyof FormState] ??= issue.message;
      setErrors(found);
      return;
    }
    const lastValidationDate = fromInputDateTime(form.lastValidationDate);
    const expirationDate = fromInputDateTime(form.expirationDate);
    if (admin && (lastValidationDate === 'invalid' || expirationDate === 'invalid')) {
      setErrors({
        lastValidationDate: lastValidationDate === 'invalid' ? userMessages.INVALID_DATE : undefined,
        expirationDate: expirationDate === 'invalid' ? userMessages.INVALID_DATE : undefined,
      });
      return;
    }
    setErrors({});
    const body = admin
      ? {
          ...own.data,
          lastValidationDate,
          expirationDate,
          isAdmin: form.isAdmin,
          isEnabled: form.isEnabled,
          roles: form.roles,
        }
      : own.data;
    save.mutate(
      { id: userId, form: body },
      {
        onSuccess: () => notifySuccess(userMessages.SAVED),
        onError: (failure) => {
          if (failure instanceof ApiError) {
            const found: FieldErrors = {};
            for (const [field, list] of Object.entries(failure.fieldErrors)) found[field as keyof FormState] = list[0];
            setErrors(found);
          }
        },
      },
    );
  };

  const onPartialDeletion = async () => {
    const ok = await confirm({
      title: userMessages.DELETE_PARTIALLY,
      message: `${userMessages.DELETE_PARTIALLY}: ${details.firstname} ${details.lastname} (${details.username})?`,
      confirmLabel: userMessages.DELETE_PARTIALLY,
      danger: true,
    });
    if (ok) partialDeletion.mutate(userId);
  };

  // The ADMIN role follows the admin checkbox, both ways.
  const toggleRole = (name: string, checked: boolean) => {
    const roles = checked ? [...new Set([...form.roles, name])] : form.roles.filter((role) => role !== name);
    setForm({ ...form, roles, ...(name === 'ADMIN' ? { isAdmin: checked } : {}) });
  };
  const setAdminFlag = (checked: boolean) => {
    const roles = checked ? [...new Set([...form.roles, 'ADMIN'])] : form.roles.filter((role) => role !== 'ADMIN');
    setForm({ ...form, isAdmin: checked, roles });
  };

  const saveError = formLevelError(save.error);
  // The administrators' validation dates, typed as date and time.
  const dateInput = (key: 'lastValidationDate' | 'expirationDate', label: string) => (
    <TextInput
      placeholder={FORM_DATE_PLACEHOLDER}
      autoComplete="off"
      label={label}
      value={form[key]}
      error={errors[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
    />
  );

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {details.firstname} {details.lastname}
        </Title>
        {admin && (
          <Button variant="default" component={Link} to={paths.users.href()}>
            {userMessages.BACK_TO_USERS}
          </Button>
        )}
      </Group>
      {details.anonymised && (
        <Alert color="orange" variant="light" title={userMessages.ANONYMISED}>
          {admin && (
            <Button mt="xs" size="xs" variant="default" component={Link} to={paths.users.href()}>
              {userMessages.BACK_TO_USERS}
            </Button>
          )}
        </Alert>
      )}
      <Section>
        <form onSubmit={onSubmit} noValidate aria-label={userMessages.GENERAL_CHARACTERISTICS}>
          <Stack gap="md">
            <Text fw={700} component="h2" size="lg">
              {userMessages.GENERAL_CHARACTERISTICS}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={userMessages.FIRST_NAME} required value={form.firstname} error={errors.firstname} onChange={(e) => set('firstname', e.currentTarget.value)} />
              <TextInput label={userMessages.LAST_NAME} required value={form.lastname} error={errors.lastname} onChange={(e) => set('lastname', e.currentTarget.value)} />
              <TextInput label={userMessages.USERNAME} value={details.username} readOnly variant="filled" />
              <TextInput label={userMessages.EMAIL} value={details.email} readOnly variant="filled" />
              <TextInput
                label={userMessages.PHONE_NUMBER}
                value={form.phoneNumber}
                error={errors.phoneNumber}
                inputMode="numeric"
                onChange={(e) => set('phoneNumber', e.currentTarget.value)}
              />
              <TextInput label={userMessages.INSTANT_MESSAGING} value={form.instantMessaging} error={errors.instantMessaging} onChange={(e) => set('instantMessaging', e.currentTarget.value)} />
              <TextInput label={userMessages.PERSONAL_URL} value={form.personalUrl} error={errors.personalUrl} onChange={(e) => set('personalUrl', e.currentTarget.value)} />
              <Select
                label={userMessages.TIME_ZONE}
                description={fill(userMessages.TIME_ZONE_HINT, { zone: browserTimeZone() })}
                data={timeZoneNames(details.timeZone)}
                value={form.timeZone}
                error={errors.timeZone}
                onChange={(value) => set('timeZone', value)}
                searchable
                clearable
                limit={50}
                nothingFoundMessage="—"
              />
              <TextInput label={userMessages.SIGN_UP_DATE} value={formatDay(details.signUpDate)} readOnly variant="filled" />
              <TextInput label={userMessages.APPROVED_DATE} value={formatDay(details.approvedDate)} readOnly variant="filled" />
              {admin && (
                <>
                  {dateInput('lastValidationDate', userMessages.LAST_VALIDATION_DATE)}
                  {dateInput('expirationDate', userMessages.EXPIRATION_DATE)}
                </>
              )}
            </SimpleGrid>
            {admin && (
              <Group gap="xl">
                <Checkbox label={userMessages.IS_ADMIN} checked={form.isAdmin} onChange={(e) => setAdminFlag(e.currentTarget.checked)} />
                <Checkbox label={userMessages.IS_ENABLED} checked={form.isEnabled} onChange={(e) => set('isEnabled', e.currentTarget.checked)} />
                <Group gap="xs">
                  <Text size="sm">{userMessages.VALIDATION}:</Text>
                  <ValidationBadge pending={details.validationPending} />
                </Group>
              </Group>
            )}
            {admin && (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={700} size="lg" mb="xs">
                  {userMessages.ROLES}
                </Text>
                <Group gap="lg" data-testid="roles-panel">
                  {details.assignableRoles.map((role) => (
                    <Checkbox
                      key={role.roleId}
                      label={role.roleName}
                      checked={role.roleName === 'ADMIN' ? form.isAdmin : form.roles.includes(role.roleName)}
                      onChange={(e) => toggleRole(role.roleName, e.currentTarget.checked)}
                    />
                  ))}
                </Group>
              </fieldset>
            )}
            {saveError && (
              <Alert color="red" variant="light">
                {saveError}
              </Alert>
            )}
            {partialDeletion.error && (
              <Alert color="red" variant="light">
                {partialDeletion.error.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={details.anonymised}>
                {userMessages.SUBMIT}
              </Button>
              {admin && (
                <>
                  <Button variant="default" component={Link} to={paths.changeEmailByAdmin.href(userId)}>
                    {userMessages.CHANGE_EMAIL}
                  </Button>
                  <Button variant="default" component={Link} to={paths.changePasswordByAdmin.href(userId)}>
                    {userMessages.CHANGE_PASSWORD}
                  </Button>
                  <Button
                    variant="outline"
                    color="red.9"
                    disabled={details.anonymised}
                    loading={partialDeletion.isPending}
                    onClick={() => void onPartialDeletion()}
                  >
                    {userMessages.DELETE_PARTIALLY}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </form>
      </Section>
      <Section>
        <CredentialsPanel userId={userId} />
      </Section>
      {!details.anonymised && (
        <Section>
          <ApiTokensPanel userId={userId} isOwner={me?.userId === userId} />
        </Section>
      )}
      {me?.userId === userId && !details.anonymised && (
        <>
          <Section>
            <RemindersPanel />
          </Section>
          <Section>
            <CalendarFeedPanel />
          </Section>
          <Section>
            <SignInHistoryPanel />
          </Section>
        </>
      )}
      <Section>
        <UserEmployersPanel userId={userId} rows={details.userEmployers} />
      </Section>
      <Section>
        <IntendedUsagesPanel userId={userId} rows={details.intendedUsages} />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section>
          <GroupsPanel title={userMessages.GROUPS} rows={details.userGroups} />
        </Section>
        <Section>
          <GroupsPanel title={userMessages.MANAGED_GROUPS} rows={details.managedGroups} />
        </Section>
      </SimpleGrid>
      {dialog}
    </Stack>
  );
}

export { UserPage as Component };
