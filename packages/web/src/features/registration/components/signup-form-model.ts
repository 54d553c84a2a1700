// The sign-up form's values as the inputs hold them, turned into the contract's form and checked with the
// contract's schema, so the page shows the same message the server would answer.
import { signupFormSchema, type SignupForm, type SignupFormInput } from '@testbed/contract';

export interface SignupValues {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  reemail: string;
  phoneNumber: string;
  instantMessaging: string;
  personnalURL: string;
  /** A data: URL of the chosen image, or ''. */
  userPhoto: string;
  password: string;
  repassword: string;
  sshKey: string;
  employerId: number | null;
  instituteName: string;
  laboratoryName: string;
  teamName: string;
  location: string;
  countryName: string;
  employerURL: string;
  employerType: string | null;
  professionalStatus: string | null;
  intendedUsage: string;
  appRecaptcha: string;
}

export type SignupField = keyof SignupValues;

export const EMPTY_SIGNUP: SignupValues = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  reemail: '',
  phoneNumber: '',
  instantMessaging: '',
  personnalURL: '',
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
};

/** The employer fields: editing one of them after picking an employer makes it a new employer. */
export const EMPLOYER_FIELDS = ['instituteName', 'laboratoryName', 'teamName', 'location', 'countryName', 'employerURL'] as const;

export function toInput(values: SignupValues): SignupFormInput {
  return {
    ...values,
    employerType: values.employerType ? Number(values.employerType) : null,
    professionalStatus: values.professionalStatus ? Number(values.professionalStatus) : null,
  };
}

export function validateSignup(values: SignupValues): { data: SignupForm | null; errors: Partial<Record<SignupField, string>> } {
  const result = signupFormSchema.safeParse(toInput(values));
  if (result.success) return { data: result.data, errors: {} };
  const errors: Partial<Record<SignupField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SignupField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}
