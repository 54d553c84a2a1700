// Sign-up (/signup): the sections personal information, credentials, employer, intended usage and captcha;
// submit, reset and back to sign-in. Every rule is the contract's schema, so the messages are those the
// server answers. The username is checked against the server 1 s after the last keystroke, the e-mail when
// the field is left; submit stays disabled while the form is invalid. Success leads to registrationPending.
import {
  Alert,
  Avatar,
  Button,
  Fieldset,
  Group,
  Input,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  detectImageType,
  PHOTO_MAX_BYTES,
  registrationMessages as registrationMessagesEn,
  USERNAME_PATTERN,
  type SignupEmployer,
} from '@testbed/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { CaptchaField } from '../../../shared/components/captcha-field';
import { ChooseFileButton } from '../../../shared/components/choose-file-button';
import { PageHeading } from '../../../shared/components/page-heading';
import { SshKeyField } from '../../../shared/components/ssh-key-field';
import { paths } from '../../../shared/paths';
import { checkEmail, useSignup, useSignupChoices, useUsernameAvailability } from '../api/registration';
import { EmployerPicker } from '../components/employer-picker';
import { EMPLOYER_FIELDS, EMPTY_SIGNUP, validateSignup, type SignupField, type SignupValues } from '../components/signup-form-model';
import { catalogue } from '../../../shared/i18n';

const m = catalogue(registrationMessagesEn);

/** The delay between the last keystroke and the username check. */
export const USERNAME_CHECK_DELAY_MS = 1000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

export function SignupPage() {
  useDocumentTitle(`${m.SIGN_UP_TITLE} | Testbed Portal`);
  const navigate = useNavigate();
  const choices = useSignupChoices();
  const signup = useSignup();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [emailTaken, setEmailTaken] = useState<{ email: string; message: string } | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [formKey, setFormKey] = useState(0);

  const { data, errors } = validateSignup(values);
  const usernameToCheck = USERNAME_PATTERN.test(values.username) ? values.username : null;
  const [debouncedUsername] = useDebouncedValue(usernameToCheck, USERNAME_CHECK_DELAY_MS);
  const availability = useUsernameAvailability(debouncedUsername !== null && debouncedUsername === usernameToCheck ? debouncedUsername : null);
  const usernameTaken = availability.data?.available === false && debouncedUsername === values.username ? availability.data.message : undefined;
  const emailTakenMessage = emailTaken && emailTaken.email === values.email.trim().toLowerCase() ? emailTaken.message : undefined;

  const errorOf = (field: SignupField): string | undefined => {
    if (field === 'username' && usernameTaken) return usernameTaken;
    if (field === 'email' && emailTakenMessage) return emailTakenMessage;
    if (serverErrors[field]) return serverErrors[field];
    return touched[field] ? errors[field] : undefined;
  };

  const canSubmit = data !== null && !usernameTaken && !emailTakenMessage && !signup.isPending;

  const update = <F extends SignupField>(field: F, value: SignupValues[F]) => {
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      // A picked employer stays picked only while its fields are left as they were filled in.
      if ((EMPLOYER_FIELDS as readonly string[]).includes(field)) next.employerId = null;
      return next;
    });
    if (serverErrors[field]) setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    signup.reset();
  };
  // A field's error shows when the field is left; left by pressing on something else, it waits until the
  // press ends: an error appearing between mouse-down and mouse-up pushes the page down, and the click
  // would land on whatever moved under the pointer.
  const pressed = useRef(false);
  const touchedWhilePressed = useRef<SignupField[]>([]);
  useEffect(() => {
    const down = () => {
      pressed.current = true;
    };
    const flush = () => {
      const fields = touchedWhilePressed.current;
      touchedWhilePressed.current = [];
      if (fields.length > 0) setTouched((previous) => ({ ...previous, ...Object.fromEntries(fields.map((field) => [field, true])) }));
    };
    const up = () => {
      pressed.current = false;
      // After the click that follows this mouse-up has been dispatched (a Reset clears what waits).
      setTimeout(flush, 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);
  const touch = (field: SignupField) => {
    if (pressed.current) touchedWhilePressed.current.push(field);
    else setTouched((previous) => ({ ...previous, [field]: true }));
  };

  const text = (field: SignupField) => ({
    name: field,
    value: String(values[field] ?? ''),
    error: errorOf(field),
    onChange: (event: { currentTarget: { value: string } }) => update(field, event.currentTarget.value as never),
    onBlur: () => touch(field),
  });

  const choice = (field: 'employerType' | 'professionalStatus') => ({
    value: values[field],
    error: errorOf(field),
    onChange: (value: string | null) => update(field, value),
    clearable: true,
  });

  const pickEmployer = (employer: SignupEmployer) => {
    setValues((previous) => ({
      ...previous,
      employerId: employer.employerId,
      instituteName: employer.instituteName,
      laboratoryName: employer.laboratoryName ?? '',
      teamName: employer.teamName ?? '',
      location: employer.location ?? '',
      countryName: employer.countryName,
      employerURL: employer.employerURL ?? '',
    }));
    setTouched((previous) => ({ ...previous, instituteName: true, countryName: true }));
  };

  const checkEmailAvailability = async () => {
    touch('email');
    const email = values.email.trim().toLowerCase();
    if (errors.email || !email) return;
    try {
      const reply = await checkEmail(email);
      setEmailTaken(reply.available ? null : { email, message: reply.message ?? m.EMAIL_TAKEN });
    } catch {
      // The server checks again on submit; a failed check blocks nothing.
      setEmailTaken(null);
    }
  };

  const choosePhoto = async (file: File | null) => {
    touch('userPhoto');
    if (!file) return;
    const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (file.size > PHOTO_MAX_BYTES || !detectImageType(bytes)) {
      update('userPhoto', '');
      setServerErrors((previous) => ({ ...previous, userPhoto: m.INVALID_PHOTO }));
      return;
    }
    update('userPhoto', await readAsDataUrl(file));
  };

  const readKeyFile = (key: string | null) => {
    touch('sshKey');
    if (key === null) setServerErrors((previous) => ({ ...previous, sshKey: m.FILE_UNREADABLE }));
    else update('sshKey', key);
  };

  const reset = () => {
    setValues(EMPTY_SIGNUP);
    setTouched({});
    touchedWhilePressed.current = [];
    setServerErrors({});
    setEmailTaken(null);
    setCaptchaReset((n) => n + 1);
    setFormKey((n) => n + 1);
    signup.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!data || !canSubmit) return;
    signup.mutate(data, {
      onSuccess: () => void navigate(paths.registrationPending.href()),
      onError: (failure) => {
        if (failure instanceof ApiError) {
          const fieldErrors: Partial<Record<SignupField, string>> = {};
          for (const [field, list] of Object.entries(failure.fieldErrors)) fieldErrors[field as SignupField] = list[0];
          setServerErrors(fieldErrors);
        }
        // A solution is used or refused by then: the visitor solves a new one.
        setCaptchaReset((n) => n + 1);
      },
    });
  };

  const generalError =
    signup.error && !(signup.error instanceof ApiError && Object.keys(signup.error.fieldErrors).length > 0) ? signup.error.message : null;
  const labelled = (items: Array<{ id: number; label: string }> | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.label }));
  const pickedEmployer = choices.data?.employers.find((employer) => employer.employerId === values.employerId);

  return (
    <Stack maw={900} mx="auto" mt="lg" mb="xl" gap="lg">
      <PageHeading title={m.SIGN_UP_TITLE} intro={m.SIGN_UP_INTRO} />
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={onSubmit} noValidate aria-label={m.SIGN_UP_TITLE} key={formKey}>
          <Stack gap="lg">
            {/* The account-update form asks for these fields too, with other rules: each form lists its own. */}
            <Fieldset legend={m.PERSONAL_INFORMATION}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={m.FIRST_NAME} required autoComplete="given-name" {...text('firstname')} />
                <TextInput label={m.LAST_NAME} required autoComplete="family-name" {...text('lastname')} />
                <TextInput
                  label={m.USERNAME}
                  required
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  description={
                    availability.isFetching
                      ? m.CHECKING_USERNAME
                      : availability.data?.available && debouncedUsername === values.username
                        ? m.USERNAME_AVAILABLE
                        : availability.isError
                          ? m.USERNAME_CHECK_FAILED
                          : undefined
                  }
                  {...text('username')}
                />
                <div />
                <TextInput
                  label={m.EMAIL}
                  required
                  type="email"
                  autoComplete="email"
                  {...text('email')}
                  onBlur={() => void checkEmailAvailability()}
                />
                <TextInput label={m.EMAIL_VERIFICATION} required type="email" autoComplete="email" {...text('reemail')} />
                <TextInput label={m.PHONE_NUMBER} type="tel" autoComplete="tel" {...text('phoneNumber')} />
                <TextInput label={m.INSTANT_MESSAGING} {...text('instantMessaging')} />
                <TextInput label={m.PERSONAL_URL} type="url" autoComplete="url" {...text('personnalURL')} />
              </SimpleGrid>
              <Input.Wrapper mt="md" label={m.PHOTO} description={m.PHOTO_HELP} error={errorOf('userPhoto')} labelElement="div" id="photo">
                <Group mt={4}>
                  {values.userPhoto && <Avatar src={values.userPhoto} alt={m.PHOTO} size="lg" />}
                  <ChooseFileButton label={m.CHOOSE_PHOTO} accept="image/png,image/jpeg,image/webp" onChoose={(file) => void choosePhoto(file)} />
                  {values.userPhoto && (
                    <Button variant="subtle" onClick={() => update('userPhoto', '')}>
                      {m.REMOVE_PHOTO}
                    </Button>
                  )}
                </Group>
              </Input.Wrapper>
            </Fieldset>

            {/* The passwords as on the account-update form, each form with its own labels and rules. */}
            <Fieldset legend={m.CREDENTIALS}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput label={m.PASSWORD} required autoComplete="new-password" {...text('password')} />
                <PasswordInput label={m.PASSWORD_VERIFICATION} required autoComplete="new-password" {...text('repassword')} />
              </SimpleGrid>
              <SshKeyField
                top="md"
                label={m.SSH_KEY}
                description={m.SSH_KEY_HELP}
                rows={3}
                {...text('sshKey')}
                readFromFile={{ label: m.READ_FROM_FILE, buttonSize: 'xs', onRead: readKeyFile }}
              />
            </Fieldset>

            {/* Alike the account-update form's employer fields, which have no list of employers to pick from. */}
            <Fieldset legend={m.EMPLOYER}>
              <Stack gap="md">
                <EmployerPicker employers={choices.data?.employers ?? []} pickedId={values.employerId} onPick={pickEmployer} />
                {pickedEmployer && (
                  <Alert color="blue" variant="light" data-testid="picked-employer">
                    {m.PICKED_EMPLOYER} {pickedEmployer.instituteName}
                    {pickedEmployer.laboratoryName ? `, ${pickedEmployer.laboratoryName}` : ''}
                  </Alert>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={m.INSTITUTE_NAME} required {...text('instituteName')} />
                  <TextInput label={m.LABORATORY_NAME} {...text('laboratoryName')} />
                  <TextInput label={m.TEAM_NAME} {...text('teamName')} />
                  <TextInput label={m.LOCATION} {...text('location')} />
                  <TextInput label={m.COUNTRY} required autoComplete="country-name" {...text('countryName')} />
                  <TextInput label={m.EMPLOYER_URL} type="url" {...text('employerURL')} />
                  <Select label={m.EMPLOYER_TYPE} data={labelled(choices.data?.employerTypes)} {...choice('employerType')} />
                  <Select label={m.PROFESSIONAL_STATUS} data={labelled(choices.data?.professionalStatuses)} {...choice('professionalStatus')} />
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset legend={m.INTENDED_USAGE}>
              <Textarea label={m.INTENDED_USAGE} description={m.INTENDED_USAGE_HELP} rows={4} {...text('intendedUsage')} />
            </Fieldset>

            <Fieldset legend={m.CAPTCHA}>
              <CaptchaField
                label={m.CAPTCHA}
                onChange={(answer) => {
                  update('appRecaptcha', answer);
                  if (answer) touch('appRecaptcha');
                }}
                error={errorOf('appRecaptcha')}
                resetKey={captchaReset}
              />
            </Fieldset>

            {generalError && (
              <Alert color="red" variant="light" data-testid="signup-error">
                {generalError}
              </Alert>
            )}
            <Group justify="space-between">
              <Button component={Link} to={paths.signin.href()} variant="subtle">
                {m.BACK_TO_SIGN_IN}
              </Button>
              <Group>
                <Button variant="default" onClick={reset}>
                  {m.RESET}
                </Button>
                <Button type="submit" disabled={!canSubmit} loading={signup.isPending}>
                  {m.SUBMIT}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export { SignupPage as Component };
