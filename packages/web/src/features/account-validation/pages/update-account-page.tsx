// Update account (updateAccount/{token}): the link a user was mailed
// when an administrator asked them to validate their account. The link is resolved on entry: an invalid one
// or one of a deleted account leads to invalidToken, a used one to accountAlreadyUpdatedByUser; otherwise
// the form shows the account's current data. On success the user goes to updateAccountPending.
import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  accountValidationMessages as accountValidationMessagesEn,
  shortenSshKey,
  updateAccountFormSchema,
  type UpdateAccountPrefill,
  type UpdateTokenCheckReply,
} from '@testbed/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { LoadingBar } from '../../../shared/components/loading-bar';
import { PageHeading } from '../../../shared/components/page-heading';
import { SshKeyField } from '../../../shared/components/ssh-key-field';
import { paths } from '../../../shared/paths';
import { useUpdateAccount, useUpdateToken } from '../api/account-validation-api';
import { reportFailure } from '../../../shared/report-failure';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { catalogue } from '../../../shared/i18n';

const text = catalogue(accountValidationMessagesEn);

type TextField =
  | 'firstname'
  | 'lastname'
  | 'phoneNumber'
  | 'instantMessaging'
  | 'personnalURL'
  | 'password'
  | 'repassword'
  | 'sshKey'
  | 'instituteName'
  | 'countryName'
  | 'laboratoryName'
  | 'teamName'
  | 'location'
  | 'employerURL'
  | 'employerType'
  | 'professionalStatus'
  | 'intendedUsage';
type Values = Record<TextField, string>;

function initialValues(account: UpdateAccountPrefill): Values {
  return {
    firstname: account.firstname,
    lastname: account.lastname,
    phoneNumber: account.phoneNumber,
    instantMessaging: account.instantMessaging,
    personnalURL: account.personnalURL,
    password: '',
    repassword: '',
    sshKey: '',
    instituteName: account.instituteName,
    countryName: account.countryName,
    laboratoryName: account.laboratoryName,
    teamName: account.teamName,
    location: account.location,
    employerURL: account.employerURL,
    employerType: account.employerType,
    professionalStatus: account.professionalStatus,
    intendedUsage: account.intendedUsage,
  };
}

export function UpdateAccountPage() {
  useDocumentTitle(`${text.UPDATE_ACCOUNT} | Testbed Portal`);
  const token = useParams().token ?? '';
  const check = useUpdateToken(token);

  if (check.isPending) return <LoadingBar mt="xl" />;
  if (check.isError) {
    return (
      <Alert color="red" variant="light" mt="xl" role="alert">
        {check.error.message}
      </Alert>
    );
  }
  const reply = check.data;
  if (reply.status === 'token_already_used') return <Navigate to={paths.accountAlreadyUpdatedByUser.href()} replace />;
  if (reply.status !== 'token_valid' || !reply.account) return <Navigate to={paths.invalidToken.href()} replace />;
  return <UpdateAccountForm token={token} reply={reply} account={reply.account} />;
}

function UpdateAccountForm({ token, reply, account }: { token: string; reply: UpdateTokenCheckReply; account: UpdateAccountPrefill }) {
  const navigate = useNavigate();
  const update = useUpdateAccount(token);
  const [values, setValues] = useState<Values>(() => initialValues(account));
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [fileError, setFileError] = useState<string | null>(null);

  const form = { ...values, removedCredentialIds: [...removed] };
  const parsed = updateAccountFormSchema.safeParse(form);
  const clientErrors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) clientErrors[String(issue.path[0])] ??= issue.message;

  const errorOf = (field: string) =>
    (touched.has(field) ? clientErrors[field] : undefined) ?? serverErrors[field]?.[0] ?? (field === 'sshKey' ? fileError ?? undefined : undefined);
  const set = (field: TextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: [] }));
    update.reset();
  };
  const touch = (field: string) => () => setTouched((current) => new Set(current).add(field));
  const input = (field: TextField) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
    onBlur: touch(field),
  });

  const readKeyFile = (key: string | null) => {
    if (key === null) {
      setFileError(text.FILE_UNREADABLE);
      return;
    }
    set('sshKey')(key);
    setFileError(null);
    touch('sshKey')();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(new Set(Object.keys(values)));
    if (!parsed.success) return;
    update.mutate(form, {
      onSuccess: () => void navigate(paths.updateAccountPending.href(), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void navigate(paths.accountAlreadyUpdatedByUser.href(), { replace: true });
        else if (error instanceof ApiError && error.status === 404) void navigate(paths.invalidToken.href(), { replace: true });
        else if (error instanceof ApiError) setServerErrors(error.fieldErrors);
        else reportFailure('Updating the account failed', error);
      },
    });
  };

  const serverMessage =
    update.error && !(update.error instanceof ApiError && Object.keys(update.error.fieldErrors).length > 0) ? update.error.message : null;

  return (
    <Stack maw={900} mx="auto" mt="lg" gap="lg">
      <PageHeading title={text.UPDATE_ACCOUNT} intro={text.UPDATE_ACCOUNT_HELP} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {/* The sign-up form asks for these fields too, with other rules (username and e-mail read-only here). */}
          <Section title={text.PERSONAL_INFORMATION}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={text.FIRST_NAME} required autoComplete="given-name" {...input('firstname')} />
              <TextInput label={text.LAST_NAME} required autoComplete="family-name" {...input('lastname')} />
              <TextInput label={text.USERNAME} value={account.username} readOnly />
              <TextInput label={text.EMAIL} value={account.email} readOnly />
              <TextInput label={text.PHONE_NUMBER} inputMode="numeric" autoComplete="tel" {...input('phoneNumber')} />
              <TextInput label={text.INSTANT_MESSAGING} {...input('instantMessaging')} />
              <TextInput label={text.PERSONAL_URL} type="url" autoComplete="url" {...input('personnalURL')} />
            </SimpleGrid>
          </Section>

          {/* The passwords as on the sign-up form, each form with its own labels and rules. */}
          <Section title={text.CREDENTIALS}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label={text.PASSWORD} required autoComplete="new-password" {...input('password')} />
              <PasswordInput label={text.REPEAT_PASSWORD} required autoComplete="new-password" {...input('repassword')} />
            </SimpleGrid>
            <Text fw={500} size="sm" mt="sm">
              {text.EXISTING_SSH_KEYS}
            </Text>
            {account.credentials.length === 0 && <Text size="sm">{text.NO_SSH_KEY}</Text>}
            {account.credentials.map((credential) => {
              const gone = removed.has(credential.credentialId);
              return (
                <Group key={credential.credentialId} justify="space-between" wrap="nowrap" data-testid="existing-key">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Code style={{ wordBreak: 'break-all', textDecoration: gone ? 'line-through' : undefined }}>
                      {shortenSshKey(credential.sshKey)}
                    </Code>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {credential.fingerprint}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {gone && (
                      <Text size="sm" fw={700} c="red.9">
                        {text.KEY_REMOVED}
                      </Text>
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      color={gone ? 'gray' : 'red.9'}
                      aria-label={`${gone ? text.UNDO : text.REMOVE} ${credential.fingerprint}`}
                      onClick={() =>
                        setRemoved((current) => {
                          const next = new Set(current);
                          if (gone) next.delete(credential.credentialId);
                          else next.add(credential.credentialId);
                          return next;
                        })
                      }
                    >
                      {gone ? text.UNDO : text.REMOVE}
                    </Button>
                  </Group>
                </Group>
              );
            })}
            <SshKeyField
              label={text.ADD_SSH_KEY}
              rows={3}
              {...input('sshKey')}
              readFromFile={{ label: text.READ_FROM_FILE, onRead: readKeyFile }}
            />
          </Section>

          {/* As on the sign-up form, without its list of existing employers to pick from. */}
          <Section title={text.EMPLOYER}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={text.INSTITUTE_NAME} required autoComplete="organization" {...input('instituteName')} />
              <TextInput label={text.COUNTRY_NAME} required autoComplete="country-name" {...input('countryName')} />
              <TextInput label={text.LABORATORY_NAME} {...input('laboratoryName')} />
              <TextInput label={text.TEAM_NAME} {...input('teamName')} />
              <TextInput label={text.LOCATION} {...input('location')} />
              <TextInput label={text.EMPLOYER_URL} type="url" {...input('employerURL')} />
              <NativeSelect label={text.EMPLOYER_TYPE} data={['', ...reply.employerTypes]} {...input('employerType')} />
              <NativeSelect
                label={text.PROFESSIONAL_STATUS}
                data={['', ...reply.professionalStatuses]}
                {...input('professionalStatus')}
              />
            </SimpleGrid>
          </Section>

          <Section title={text.INTENDED_USAGE}>
            <Textarea label={text.INTENDED_USAGE} required rows={4} resize="vertical" {...input('intendedUsage')} />
          </Section>

          {serverMessage && <ErrorAlert>{serverMessage}</ErrorAlert>}
          <Group justify="space-between">
            <Button component={Link} to={paths.signin.href()} variant="default">
              {text.GO_BACK_TO_SIGN_IN}
            </Button>
            <Button type="submit" disabled={!parsed.success} loading={update.isPending}>
              {text.UPDATE_MY_ACCOUNT}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

export { UpdateAccountPage as Component };
