// Sign-up and the validation chain that follows it (docs/accounts.md): the one
// form schema that both the sign-up page and POST /auth/signup validate with, the token calls, and the
// words of these screens.
import * as z from 'zod/mini';
import { idFieldSchema, isOneLine } from './input.js';
import { splitSshKeyLine } from './credentials.js';
import { messages } from './messages.js';
import { optionalPhoneSchema } from './phone.js';
import { EMAIL_MAX_LENGTH, emailSchema, PHONE_RULE_MESSAGE, passwordSchema, required, requiredString, usernameSchema } from './rules.js';
import { accountNamesShape } from './user-summary.js';

export const registrationMessages = {
  // validation of the sign-up form's fields
  INVALID_EMAIL: 'Invalid email.',
  EMAIL_MISMATCH: 'The "Email verification" must be the same as "Email".',
  PASSWORD_MISMATCH: 'The "Password verification" must be the same as "Password".',
  INVALID_PHONE: PHONE_RULE_MESSAGE,
  INVALID_DATA: 'Please enter valid data',
  INVALID_URL: 'Invalid URL. It must start with http:// or https://.',
  TOO_LONG: 'This value is too long.',
  COMMON_PASSWORD: 'This password is too common. Please choose a password that is harder to guess.',
  INVALID_PHOTO: 'The photo must be a PNG, JPEG or WebP image of at most 1 MiB.',
  CAPTCHA_FAILED: 'The captcha could not be verified. Please solve it again.',
  USERNAME_TAKEN: 'This username is already used. Please choose another one.',
  EMAIL_TAKEN: 'An account already uses this email.',
  USERNAME_CHECK_FAILED: 'The availability of this username could not be checked.',
  UNKNOWN_EMPLOYER: 'This employer does not exist.',
  UNKNOWN_EMPLOYER_TYPE: 'This employer type does not exist.',
  UNKNOWN_PROFESSIONAL_STATUS: 'This professional status does not exist.',
  // screens
  SIGN_UP_TITLE: 'Request an account',
  SIGN_UP_INTRO:
    'Fill in this form to request an account. You will receive an email to validate your address, then an administrator will validate your account.',
  PERSONAL_INFORMATION: 'Personal information',
  CREDENTIALS: 'Credentials',
  EMPLOYER: 'Employer',
  INTENDED_USAGE: 'Intended usage',
  CAPTCHA: 'Captcha',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  EMAIL: 'Email',
  EMAIL_VERIFICATION: 'Email verification',
  PHONE_NUMBER: 'Phone number',
  INSTANT_MESSAGING: 'Instant messaging',
  PERSONAL_URL: 'Personal URL',
  PHOTO: 'Photo',
  PHOTO_HELP: 'Optional. A PNG, JPEG or WebP image of at most 1 MiB.',
  CHOOSE_PHOTO: 'Choose a photo',
  REMOVE_PHOTO: 'Remove the photo',
  PASSWORD: 'Password',
  PASSWORD_VERIFICATION: 'Password verification',
  SSH_KEY: 'SSH public key',
  SSH_KEY_HELP:
    'Optional. One public key line, for example the content of ~/.ssh/id_ed25519.pub. You can add keys later in your account.',
  READ_FROM_FILE: 'Read from a .pub file',
  FILE_UNREADABLE: 'This file cannot be read as an SSH public key.',
  EXISTING_EMPLOYERS: 'Existing employers',
  EXISTING_EMPLOYERS_HELP: 'Double-click an employer (or press Enter on it) to fill in the employer fields.',
  SEARCH_EMPLOYERS: 'Search employers',
  NO_EMPLOYER: 'No employer found.',
  PICKED_EMPLOYER: 'Existing employer selected:',
  INSTITUTE_NAME: 'Institute name',
  LABORATORY_NAME: 'Laboratory / entity',
  TEAM_NAME: 'Team name',
  LOCATION: 'Location',
  COUNTRY: 'Country',
  EMPLOYER_URL: 'Employer URL',
  EMPLOYER_TYPE: 'Employer type',
  PROFESSIONAL_STATUS: 'Professional status',
  INTENDED_USAGE_HELP: 'Tell the administrators what you intend to do on the testbed.',
  SUBMIT: 'Submit',
  RESET: 'Reset',
  BACK_TO_SIGN_IN: 'Back to sign in',
  CHECKING_USERNAME: 'Checking whether this username is free…',
  USERNAME_AVAILABLE: 'This username is available.',
  REGISTRATION_PENDING_TITLE: 'Your request has been sent',
  REGISTRATION_PENDING:
    'Thank you for your request. An email has been sent to you: open the link it contains to validate your email. Then an administrator will validate your account and you will be told by email.',
  CONFIRM_EMAIL_TITLE: 'Email validation',
  EMAIL_VALIDATED: 'Your email has been validated. An administrator will now validate your account; you will receive an email once it is done.',
  REDIRECT_COUNTDOWN: 'You will be redirected to the sign-in page in {{seconds}} seconds.',
  CONFIRM_ACCOUNT_TITLE: 'Account validation',
  ACCOUNT_VALIDATED: 'This user account has been validated. The user has been told by email and can now sign in.',
  INVALID_TOKEN_TITLE: 'Invalid link',
  VALIDATING: 'Validating…',
  // the administrators' review of an account request
  REVIEW_INTRO: 'Read the request, then approve or refuse it. Nothing changes until you choose.',
  APPLICANT: 'Applicant',
  SIGN_UP_DATE: 'Requested on',
  EMPLOYER_TYPE_AND_STATUS: 'Employer type and status',
  NOT_GIVEN: 'Not given',
  APPROVE: 'Approve',
  REFUSE: 'Refuse',
  REFUSE_TITLE: 'Refuse this account request',
  REFUSAL_REASON: 'Reason',
  REFUSAL_REASON_HELP: 'Mailed to the applicant with the refusal.',
  REFUSAL_REASON_REQUIRED: 'Reason is required',
  CONFIRM_REFUSAL: 'Refuse the request',
  CANCEL: 'Cancel',
  ACCOUNT_REFUSED: 'This account request has been refused. The applicant has been told by email, with your reason.',
  DECIDED_APPROVED: 'This account request was approved by {{name}}.',
  DECIDED_REFUSED: 'This account request was refused by {{name}}.',
  DECIDED_APPROVED_UNKNOWN: 'This account request has already been approved.',
  DECIDED_REFUSED_UNKNOWN: 'This account request has already been refused.',
  ALREADY_REFUSED: 'This account request was refused by another administrator.',
  ALREADY_APPROVED: 'This user account was validated by another administrator.',
} as const;

/** Longest texts accepted, as the database keeps them. */
export const REGISTRATION_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  instantMessaging: 200,
  url: 500,
  employerText: 200,
  country: 100,
  intendedUsage: 4000,
} as const;

/** Largest photo accepted; the type is checked by content, not by name. */
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The image type of the bytes, judged by their content (magic numbers), or null. */
export function detectImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}


const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, registrationMessages.TOO_LONG),
      z.refine(isOneLine, registrationMessages.INVALID_DATA),
    );

/** An optional text: empty or blank means not given. */
const optionalText = (max: number) =>
  z.pipe(
    z.optional(
      z.string().check(z.trim(), z.maxLength(max, registrationMessages.TOO_LONG), z.refine(isOneLine, registrationMessages.INVALID_DATA)),
    ),
    z.transform((value) => (value ? value : undefined)),
  );

const optionalUrl = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(REGISTRATION_LIMITS.url, registrationMessages.TOO_LONG),
      z.refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), registrationMessages.INVALID_URL),
    ),
  ),
  z.transform((value) => (value ? value : undefined)),
);

const optionalId = z.pipe(
  z.optional(z.union([idFieldSchema, z.null()])),
  z.transform((value) => value ?? undefined),
);

export const signupEmailSchema = z.pipe(
  z.string({ error: required('Email') }).check(z.trim(), z.minLength(1, required('Email'))),
  emailSchema,
);

function bothStrings(value: unknown, a: string, b: string): boolean {
  const record = value as Record<string, unknown> | null;
  return typeof record?.[a] === 'string' && typeof record[b] === 'string' && record[b] !== '';
}

function sameText(a: unknown, b: unknown, ignoreCase: boolean): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return ignoreCase ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;
}

/**
 * The sign-up form (docs/accounts.md). The server parses it with this schema too, so the page shows the
 * message the API would answer. The photo travels as base64 (an optional data: URL prefix is allowed).
 */
export const signupFormSchema = z
  .object({
    firstname: requiredText('First name', REGISTRATION_LIMITS.name),
    lastname: requiredText('Last name', REGISTRATION_LIMITS.name),
    username: z.pipe(requiredString('Username'), usernameSchema),
    email: signupEmailSchema,
    reemail: z.string({ error: 'Email verification is required' }).check(z.trim(), z.minLength(1, 'Email verification is required')),
    phoneNumber: optionalPhoneSchema(registrationMessages.INVALID_PHONE),
    instantMessaging: optionalText(REGISTRATION_LIMITS.instantMessaging),
    personnalURL: optionalUrl,
    userPhoto: z.pipe(
      z.optional(z.string().check(z.maxLength(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64, registrationMessages.INVALID_PHOTO))),
      z.transform((value) => (value ? value : undefined)),
    ),
    password: z.pipe(requiredString('Password'), passwordSchema),
    repassword: z.string({ error: 'Password verification is required' }).check(z.minLength(1, 'Password verification is required')),
    sshKey: z.pipe(
      z.optional(
        z.string().check(
          z.trim(),
          z.refine((line) => line === '' || splitSshKeyLine(line) !== null, messages.INVALID_SSH_KEY),
        ),
      ),
      z.transform((value) => (value ? value : undefined)),
    ),
    /** An existing employer picked from the list; its fields are then the ones below. */
    employerId: optionalId,
    instituteName: requiredText('Institute name', REGISTRATION_LIMITS.employerText),
    laboratoryName: optionalText(REGISTRATION_LIMITS.employerText),
    teamName: optionalText(REGISTRATION_LIMITS.employerText),
    location: optionalText(REGISTRATION_LIMITS.employerText),
    countryName: requiredText('Country', REGISTRATION_LIMITS.country),
    employerURL: optionalUrl,
    employerType: optionalId,
    professionalStatus: optionalId,
    intendedUsage: z.pipe(
      z.optional(
        z.string().check(
          z.maxLength(REGISTRATION_LIMITS.intendedUsage, registrationMessages.TOO_LONG),
          z.refine((value) => value === '' || value.trim() !== '', registrationMessages.INVALID_DATA),
        ),
      ),
      z.transform((value) => (value?.trim() ? value.trim() : undefined)),
    ),
    /** The captcha's answer: the ALTCHA payload, or the provider's response token. */
    appRecaptcha: z.string({ error: 'Captcha is required' }).check(z.minLength(1, 'Captcha is required'), z.maxLength(20_000)),
  })
  // The two "same as" rules are checked as soon as both of their fields hold text, whatever the other fields,
  // so the form shows them while it is being filled in.
  .check(
    z.refine((form) => sameText(form.email, form.reemail, true), {
      path: ['reemail'],
      message: registrationMessages.EMAIL_MISMATCH,
      when: (payload) => bothStrings(payload.value, 'email', 'reemail'),
    }),
    z.refine((form) => sameText(form.password, form.repassword, false), {
      path: ['repassword'],
      message: registrationMessages.PASSWORD_MISMATCH,
      when: (payload) => bothStrings(payload.value, 'password', 'repassword'),
    }),
  );
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupForm = z.output<typeof signupFormSchema>;

export const signupReplySchema = z.object({ message: z.string() });
export type SignupReply = z.infer<typeof signupReplySchema>;

export const signupUsernameQuerySchema = z.object({
  username: z.pipe(z.string().check(z.maxLength(64)), usernameSchema),
});
export const signupEmailQuerySchema = z.object({ email: signupEmailSchema });

/** The availability checks answer whether the value is free and, when it is not, the sentence to show. */
export const availabilityReplySchema = z.object({ available: z.boolean(), message: z.optional(z.string()) });
export type AvailabilityReply = z.infer<typeof availabilityReplySchema>;

export const registrationTokenBodySchema = z.object({
  token: z.string({ error: messages.TOKEN_INVALID }).check(z.minLength(1), z.maxLength(200)),
});
export type RegistrationTokenBody = z.infer<typeof registrationTokenBodySchema>;

/** A refusal of an account request: the link's token and the reason mailed to the applicant. */
export const refuseAccountBodySchema = z.object({
  token: registrationTokenBodySchema.shape.token,
  reason: z
    .string({ error: registrationMessages.REFUSAL_REASON_REQUIRED })
    .check(z.trim(), z.minLength(1, registrationMessages.REFUSAL_REASON_REQUIRED), z.maxLength(2000, registrationMessages.TOO_LONG)),
});
export type RefuseAccountBody = z.infer<typeof refuseAccountBodySchema>;

export const refuseAccountReplySchema = z.object({ alreadyRefused: z.boolean() });
export type RefuseAccountReply = z.infer<typeof refuseAccountReplySchema>;

/**
 * What an administrator reads before deciding on an account request, from the link mailed to them; `status`
 * and `decidedBy` say whether someone decided already, and who.
 */
export const accountRequestSchema = z.object({
  ...accountNamesShape,
  email: z.string(),
  signUpDate: z.string(),
  employer: z.nullable(z.string()),
  employerType: z.nullable(z.string()),
  professionalStatus: z.nullable(z.string()),
  intendedUsage: z.nullable(z.string()),
  status: z.enum(['pending', 'approved', 'refused']),
  decidedBy: z.nullable(z.string()),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/** The e-mail and account validation calls answer one boolean: was it already done? */
export const tokenConfirmationReplySchema = z.object({ alreadyValidated: z.boolean() });
export type TokenConfirmationReply = z.infer<typeof tokenConfirmationReplySchema>;

export const signupEmployerSchema = z.object({
  employerId: z.int(),
  instituteName: z.string(),
  laboratoryName: z.nullable(z.string()),
  teamName: z.nullable(z.string()),
  location: z.nullable(z.string()),
  countryName: z.string(),
  employerURL: z.nullable(z.string()),
});
export type SignupEmployer = z.infer<typeof signupEmployerSchema>;

const labelSchema = z.object({ id: z.int(), label: z.string() });

/** What the sign-up form offers to choose from: existing employers, employer types, professional statuses. */
export const signupChoicesSchema = z.object({
  employers: z.array(signupEmployerSchema),
  employerTypes: z.array(labelSchema),
  professionalStatuses: z.array(labelSchema),
});
export type SignupChoices = z.infer<typeof signupChoicesSchema>;

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Which captcha the forms show: ALTCHA with its challenge URL, or a provider with its site key. */
export const captchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  challengeUrl: z.optional(z.string()),
  siteKey: z.optional(z.string()),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
