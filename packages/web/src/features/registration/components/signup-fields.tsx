// The sign-up's own parts of the account fields (shared/components/account-fields.tsx): the username and
// e-mail typed here (read-only on the account-update form), the photo, the SSH key, the list of existing
// employers with the employer's two lists by id, and the captcha.
import { Alert, Avatar, Button, Group, Input, Select, TextInput } from '@mantine/core';
import { registrationMessages as m, type SignupChoices } from '@testbed/contract';
import { AccountSection } from '../../../shared/components/account-fields';
import { CaptchaField } from '../../../shared/components/captcha-field';
import { ChooseFileButton } from '../../../shared/components/choose-file-button';
import { SshKeyField } from '../../../shared/components/ssh-key-field';
import { EmployerPicker } from './employer-picker';
import type { SignupFormState } from './use-signup-form';

type Props = { state: SignupFormState };

export function IdentityFields({ state }: Props) {
  const { form, errorOf } = state;
  return (
    <>
      <TextInput
        label={m.USERNAME}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        description={state.usernameStatus}
        {...form.getInputProps('username')}
        error={errorOf('username')}
      />
      <div />
      <TextInput
        label={m.EMAIL}
        required
        type="email"
        autoComplete="email"
        {...form.getInputProps('email')}
        error={errorOf('email')}
        onBlur={() => void state.checkEmailAvailability()}
      />
      <TextInput label={m.EMAIL_VERIFICATION} required type="email" autoComplete="email" {...form.getInputProps('reemail')} />
    </>
  );
}

export function PhotoField({ state }: Props) {
  const { form } = state;
  const photo = form.values.userPhoto;
  return (
    <Input.Wrapper mt="md" label={m.PHOTO} description={m.PHOTO_HELP} error={state.errorOf('userPhoto')} labelElement="div" id="photo">
      <Group mt={4}>
        {photo && <Avatar src={photo} alt={m.PHOTO} size="lg" />}
        <ChooseFileButton label={m.CHOOSE_PHOTO} accept="image/png,image/jpeg,image/webp" onChoose={(file) => void state.choosePhoto(file)} />
        {photo && (
          <Button variant="subtle" onClick={() => state.form.setFieldValue('userPhoto', '')}>
            {m.REMOVE_PHOTO}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}

export function SignupSshKeyField({ state }: Props) {
  return (
    <SshKeyField
      top="md"
      label={m.SSH_KEY}
      description={m.SSH_KEY_HELP}
      rows={3}
      {...state.form.getInputProps('sshKey')}
      readFromFile={{ label: m.READ_FROM_FILE, buttonSize: 'xs', onRead: state.readKeyFile }}
    />
  );
}

export function ExistingEmployers({ state, employers }: Props & { employers: SignupChoices['employers'] }) {
  const pickedId = state.form.values.employerId ?? null;
  const picked = employers.find((employer) => employer.employerId === pickedId);
  return (
    <>
      <EmployerPicker employers={employers} pickedId={pickedId} onPick={state.pickEmployer} />
      {picked && (
        <Alert color="blue" variant="light" data-testid="picked-employer" mt="md">
          {m.PICKED_EMPLOYER} {picked.instituteName}
          {picked.laboratoryName ? `, ${picked.laboratoryName}` : ''}
        </Alert>
      )}
    </>
  );
}

/** The employer type and professional status, picked from the server's lists by id. */
export function EmployerKinds({ state, choices }: Props & { choices: SignupChoices | undefined }) {
  const { form } = state;
  const byId = (field: 'employerType' | 'professionalStatus', items: Array<{ id: number; label: string }> | undefined) => {
    const value = form.values[field];
    return {
      data: (items ?? []).map((item) => ({ value: String(item.id), label: item.label })),
      value: value == null ? null : String(value),
      onChange: (picked: string | null) => form.setFieldValue(field, picked ? Number(picked) : null),
      error: state.errorOf(field),
      clearable: true,
    };
  };
  return (
    <>
      <Select label={m.EMPLOYER_TYPE} {...byId('employerType', choices?.employerTypes)} />
      <Select label={m.PROFESSIONAL_STATUS} {...byId('professionalStatus', choices?.professionalStatuses)} />
    </>
  );
}

export function SignupCaptcha({ state }: Props) {
  return (
    <AccountSection legend={m.CAPTCHA}>
      <CaptchaField label={m.CAPTCHA} onChange={state.answerCaptcha} error={state.errorOf('appRecaptcha')} resetKey={state.captchaReset} />
    </AccountSection>
  );
}
