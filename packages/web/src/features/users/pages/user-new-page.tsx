// An administrator creates an account (user): the contract's rules for each field, the server's answer
// for a taken username or e-mail, then the new user's details page.
import { Alert, Button, Checkbox, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createUserSchema, userMessages, type CreateUserForm } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { paths } from '../../../shared/paths';
import { useCreateUser } from '../api/users-api';

type TextField = 'firstname' | 'lastname' | 'username' | 'email' | 'password' | 'phoneNumber' | 'instantMessaging' | 'personalUrl';
type Form = Record<TextField, string> & { isAdmin: boolean; isEnabled: boolean };

const EMPTY: Form = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  password: '',
  phoneNumber: '',
  instantMessaging: '',
  personalUrl: '',
  isAdmin: false,
  isEnabled: true,
};

export function UserNewPage() {
  useDocumentTitle(`${userMessages.CREATE_USER} | Testbed Portal`);
  const navigate = useNavigate();
  const create = useCreateUser();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});

  const set = (key: TextField, value: string) => {
    setForm({ ...form, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createUserSchema.safeParse(form);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(found);
      return;
    }
    const body: CreateUserForm = parsed.data;
    create.mutate(body, {
      onSuccess: ({ userId }) => {
        notifySuccess(userMessages.CREATED);
        void navigate(paths.user.href(userId));
      },
      onError: (failure) => {
        if (failure instanceof ApiError) {
          const found: typeof errors = {};
          for (const [field, list] of Object.entries(failure.fieldErrors)) found[field as keyof Form] = list[0];
          setErrors(found);
        }
      },
    });
  };

  const field = (key: TextField, label: string, required = false) => (
    <TextInput label={label} required={required} value={form[key]} error={errors[key]} onChange={(e) => set(key, e.currentTarget.value)} autoComplete="off" />
  );
  const serverError = create.error && !(create.error instanceof ApiError && Object.keys(create.error.fieldErrors).length) ? create.error.message : null;

  return (
    <Stack maw={900} mx="auto" gap="lg">
      <Title order={1} size="h2">
        {userMessages.CREATE_USER}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('firstname', userMessages.FIRST_NAME, true)}
              {field('lastname', userMessages.LAST_NAME, true)}
              {field('username', userMessages.USERNAME, true)}
              {field('email', userMessages.EMAIL, true)}
              <PasswordInput
                label={userMessages.PASSWORD}
                required
                value={form.password}
                error={errors.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                autoComplete="new-password"
              />
              {field('phoneNumber', userMessages.PHONE_NUMBER)}
              {field('instantMessaging', userMessages.INSTANT_MESSAGING)}
              {field('personalUrl', userMessages.PERSONAL_URL)}
            </SimpleGrid>
            <Group gap="xl">
              <Checkbox label={userMessages.IS_ADMIN} checked={form.isAdmin} onChange={(e) => setForm({ ...form, isAdmin: e.currentTarget.checked })} />
              <Checkbox label={userMessages.IS_ENABLED} checked={form.isEnabled} onChange={(e) => setForm({ ...form, isEnabled: e.currentTarget.checked })} />
            </Group>
            {serverError && (
              <Alert color="red" variant="light">
                {serverError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.users.href()}>
                {userMessages.BACK_TO_USERS}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {userMessages.SUBMIT}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export { UserNewPage as Component };
