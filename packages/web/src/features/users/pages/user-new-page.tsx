// An administrator creates an account (user): the contract's rules for each field, the server's answer
// for a taken username or e-mail, then the new user's details page.
import { Checkbox, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createUserSchema, userMessages, type CreateUserForm } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure } from '../../../shared/form';
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

  // Each field's setter clears its error, as on the user page's form (whose fields differ).
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

  // Alike in shape with the other form pages by design: FormPage holds the layout, each page gives its texts and fields.
  return (
    <FormPage
      title={userMessages.CREATE_USER}
      maw={900}
      onSubmit={onSubmit}
      serverError={generalFailure(create.error)}
      cancel={{ label: userMessages.BACK_TO_USERS, to: paths.users.href() }}
      submit={{ label: userMessages.SUBMIT, pending: create.isPending }}
    >
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
    </FormPage>
  );
}

export { UserNewPage as Component };
