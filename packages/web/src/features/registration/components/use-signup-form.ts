// The sign-up form's state: @mantine/form over the contract's signupFormSchema (shared/form.ts), so the page
// shows the message the server would answer. A field's message shows when the field is left, even empty,
// once the press that left it is over (use-pointer-release.ts). The username is checked against the server
// 1 s after the last keystroke, the e-mail when its field is left.
import { useDebouncedValue } from '@mantine/hooks';
import {
  detectImageType,
  PHOTO_MAX_BYTES,
  registrationMessages as m,
  signupFormSchema,
  USERNAME_PATTERN,
  type SignupEmployer,
  type SignupFormInput,
} from '@testbed/contract';
import { useState } from 'react';
import { showRefusals, useContractForm } from '../../../shared/form';
import { checkEmail, useSignup, useUsernameAvailability } from '../api/registration';
import { useAfterPointerRelease } from './use-pointer-release';

/** The delay between the last keystroke and the username check. */
export const USERNAME_CHECK_DELAY_MS = 1000;

export const EMPTY_SIGNUP = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  reemail: '',
  phoneNumber: '',
  instantMessaging: '',
  personnalURL: '',
  /** A data: URL of the chosen image, or ''. */
  userPhoto: '',
  password: '',
  repassword: '',
  sshKey: '',
  employerId: null,
  instituteName: '',
  laboratoryName: '',
  teamName: '',
  location: '',
  countryName: '',
  employerURL: '',
  employerType: null,
  professionalStatus: null,
  intendedUsage: '',
  appRecaptcha: '',
} satisfies SignupFormInput;

/** The employer fields: editing one of them after picking an employer makes it a new employer. */
const EMPLOYER_FIELDS: ReadonlySet<string> = new Set(['instituteName', 'laboratoryName', 'teamName', 'location', 'countryName', 'employerURL']);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

export function useSignupForm(onSent: () => void) {
  const signup = useSignup();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [emailTaken, setEmailTaken] = useState<{ email: string; message: string } | null>(null);
  const afterRelease = useAfterPointerRelease();

  const form = useContractForm(signupFormSchema, EMPTY_SIGNUP as SignupFormInput, {
    enhanceGetInputProps: ({ field }) => ({ onBlur: () => touch(field) }),
    onValuesChange: (values, previous) => {
      // A picked employer stays picked only while its fields are left as they were filled in.
      const edited = [...EMPLOYER_FIELDS].some((field) => values[field as keyof SignupFormInput] !== previous[field as keyof SignupFormInput]);
      if (edited && values.employerId != null && values.employerId === previous.employerId) form.setFieldValue('employerId', null);
      signup.reset();
    },
  });
  const touch = (field: string) => afterRelease(() => form.validateField(field));
  const { values } = form;

  const usernameToCheck = USERNAME_PATTERN.test(values.username ?? '') ? (values.username ?? null) : null;
  const [debouncedUsername] = useDebouncedValue(usernameToCheck, USERNAME_CHECK_DELAY_MS);
  const availability = useUsernameAvailability(debouncedUsername !== null && debouncedUsername === usernameToCheck ? debouncedUsername : null);
  const checked = debouncedUsername === values.username;
  const usernameTaken = availability.data?.available === false && checked ? availability.data.message : undefined;
  const usernameStatus = availability.isFetching
    ? m.CHECKING_USERNAME
    : availability.data?.available && checked
      ? m.USERNAME_AVAILABLE
      : availability.isError
        ? m.USERNAME_CHECK_FAILED
        : undefined;
  const emailTakenMessage = emailTaken && emailTaken.email === (values.email ?? '').trim().toLowerCase() ? emailTaken.message : undefined;

  const checkEmailAvailability = async () => {
    touch('email');
    const email = (values.email ?? '').trim().toLowerCase();
    if (!email || signupFormSchema.shape.email.safeParse(email).success === false) return;
    try {
      const reply = await checkEmail(email);
      setEmailTaken(reply.available ? null : { email, message: reply.message ?? m.EMAIL_TAKEN });
    } catch {
      // The server checks again on submit; a failed check blocks nothing.
      setEmailTaken(null);
    }
  };

  const pickEmployer = (employer: SignupEmployer) => {
    form.setValues({
      instituteName: employer.instituteName,
      laboratoryName: employer.laboratoryName ?? '',
      teamName: employer.teamName ?? '',
      location: employer.location ?? '',
      countryName: employer.countryName,
      employerURL: employer.employerURL ?? '',
      employerId: employer.employerId,
    });
  };

  const choosePhoto = async (file: File | null) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (file.size > PHOTO_MAX_BYTES || !detectImageType(bytes)) {
      form.setFieldValue('userPhoto', '');
      form.setFieldError('userPhoto', m.INVALID_PHOTO);
      return;
    }
    form.setFieldValue('userPhoto', await readAsDataUrl(file));
  };

  const readKeyFile = (key: string | null) => {
    if (key === null) form.setFieldError('sshKey', m.FILE_UNREADABLE);
    else {
      form.setFieldValue('sshKey', key);
      touch('sshKey');
    }
  };

  const answerCaptcha = (answer: string) => {
    form.setFieldValue('appRecaptcha', answer);
    if (answer) touch('appRecaptcha');
  };

  const reset = () => {
    afterRelease.cancel();
    form.reset();
    setEmailTaken(null);
    setCaptchaReset((n) => n + 1);
    signup.reset();
  };

  const submit = form.onSubmit((data) => {
    signup.mutate(data, {
      onSuccess: onSent,
      onError: (failure) => {
        showRefusals(form, failure);
        // A solution is used or refused by then: the visitor solves a new one.
        setCaptchaReset((n) => n + 1);
      },
    });
  });

  /** The message under a field: the server's word on a taken username or address comes first. */
  const errorOf = (field: keyof SignupFormInput): string | undefined => {
    if (field === 'username' && usernameTaken) return usernameTaken;
    if (field === 'email' && emailTakenMessage) return emailTakenMessage;
    const error = form.errors[field];
    return error === undefined || error === null ? undefined : String(error);
  };

  return {
    form,
    signup,
    errorOf,
    usernameStatus,
    canSubmit: form.isValid() && !usernameTaken && !emailTakenMessage && !signup.isPending,
    captchaReset,
    checkEmailAvailability,
    pickEmployer,
    choosePhoto,
    readKeyFile,
    answerCaptcha,
    reset,
    submit,
  };
}

export type SignupFormState = ReturnType<typeof useSignupForm>;
