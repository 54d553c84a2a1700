// An administrator creates an account (user): the contract's rules for each field, the server's answer
// for a taken username or e-mail, then the new user's details page. The form is the request's schema
// (useContractForm).
import { Checkbox, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createUserSchema, userMessages, type CreateUser } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { afterSaving } from '../../../shared/after-saving';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure, useContractForm } from '../../../shared/form';
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
  const form = useContractForm(createUserSchema, EMPTY);

  const toCreatedUser = ({ userId }: { userId: number }) => void navigate(paths.user.href(userId));
  const onSubmit = (body: CreateUser) => create.mutate(body, afterSaving(form, userMessages.CREATED, toCreatedUser));

  const field = (key: TextField, label: string, required = false) => (
    <TextInput label={label} required={required} autoComplete="off" {...form.getInputProps(key)} />
  );

  // Alike in shape with the other form pages by design: FormPage holds the layout, each page gives its texts and fields.
  return (
    <FormPage
      title={userMessages.CREATE_USER}
      maw={900}
      onSubmit={form.onSubmit(onSubmit)}
      serverError={generalFailure(create.error)}
      cancel={{ label: userMessages.BACK_TO_USERS, to: paths.users.href() }}
      submit={{ label: userMessages.SUBMIT, pending: create.isPending }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('firstname', userMessages.FIRST_NAME, true)}
        {field('lastname', userMessages.LAST_NAME, true)}
        {field('username', userMessages.USERNAME, true)}
        {field('email', userMessages.EMAIL, true)}
        <PasswordInput label={userMessages.PASSWORD} required autoComplete="new-password" {...form.getInputProps('password')} />
        {field('phoneNumber', userMessages.PHONE_NUMBER)}
        {field('instantMessaging', userMessages.INSTANT_MESSAGING)}
        {field('personalUrl', userMessages.PERSONAL_URL)}
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox label={userMessages.IS_ADMIN} {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
        <Checkbox label={userMessages.IS_ENABLED} {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
      </Group>
    </FormPage>
  );
}

export { UserNewPage as Component };
