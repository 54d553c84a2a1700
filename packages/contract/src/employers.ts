// Employers and a user's employments.
import * as z from 'zod/mini';
import { optionalText, required } from './rules.js';
import { idParamsSchema, idValueSchema, instantSchema, userIdParamsSchema } from './input.js';
import { wallClockTextSchema } from './wall-clock-text.js';

export const employerIdParamsSchema = idParamsSchema;
export const employerUserParamsSchema = userIdParamsSchema;

/** The employer form: institute and country are required. */
export const employerFormSchema = z.object({
  instituteName: z
    .string({ error: required('Institute name') })
    .check(z.trim(), z.minLength(1, required('Institute name')), z.maxLength(200)),
  countryName: z.string({ error: required('Country') }).check(z.trim(), z.minLength(1, required('Country')), z.maxLength(100)),
  laboratoryName: optionalText(200, 'Laboratory/entity'),
  teamName: optionalText(200, 'Team name'),
  location: optionalText(200, 'Location'),
  employerURL: optionalText(500, 'URL'),
});
export type EmployerForm = z.input<typeof employerFormSchema>;

// A reply's own fields: alike in shape only to other replies' field lists.
/** An employer as the replies show it: its id and its fields. */
export const employerSummarySchema = z.object({
  employerId: z.int(),
  instituteName: z.string(),
  countryName: z.string(),
  laboratoryName: z.nullable(z.string()),
  teamName: z.nullable(z.string()),
  location: z.nullable(z.string()),
  employerURL: z.nullable(z.string()),
});

export const employerSchema = z.extend(employerSummarySchema, {
  /** The number of users employed there. */
  userCount: z.int(),
});
export type Employer = z.infer<typeof employerSchema>;
export const employerListSchema = z.array(employerSchema);

const instant = instantSchema('Invalid date');

/** The employment part of the forms: type, status, dates and whether it is the user's current employer. */
export const employmentFieldsSchema = z.object({
  employerTypeId: z.pipe(z.nullish(idValueSchema), z.transform((value) => value ?? null)),
  professionalStatusId: z.pipe(z.nullish(idValueSchema), z.transform((value) => value ?? null)),
  startDate: z.pipe(z.string({ error: required('Start date') }).check(z.minLength(1, required('Start date'))), instant),
  endDate: z.pipe(z.nullish(instant), z.transform((value) => value ?? null)),
  current: z._default(z.boolean(), false),
});

const endAfterStart = <T extends { startDate: string; endDate: string | null }>(value: T) =>
  value.endDate === null || new Date(value.endDate) >= new Date(value.startDate);
export const END_BEFORE_START = 'The end date must not be before the start date.';

/** POST /api/employer/createToUser/{userId}: an existing employer by id, or a new one from its fields. */
export const createUserEmployerSchema = z
  .extend(employmentFieldsSchema, {
    employerId: z.optional(idValueSchema),
    employer: z.optional(employerFormSchema),
  })
  .check(
    z.refine((value) => value.employerId !== undefined || value.employer !== undefined, {
      message: required('Institute name'),
      path: ['employer', 'instituteName'],
    }),
    z.refine(endAfterStart, { message: END_BEFORE_START, path: ['endDate'] }),
  );
export type CreateUserEmployerForm = z.input<typeof createUserEmployerSchema>;

/** PUT /api/employer/updateToUser: a user's employment. */
export const updateUserEmployerSchema = z
  .extend(employmentFieldsSchema, { userEmployerId: idValueSchema })
  .check(z.refine(endAfterStart, { message: END_BEFORE_START, path: ['endDate'] }));
export type UpdateUserEmployerForm = z.input<typeof updateUserEmployerSchema>;

/**
 * The employment fields as the user-employer forms hold them: the ids picked as text, the dates typed in the
 * reader's zone. It checks how a date is written; the page makes instants of them and the request's schema
 * says the rest (a start given, a real date, the end not before the start).
 */
export const employmentFormSchema = z.object({
  employerTypeId: z.string(),
  professionalStatusId: z.string(),
  startDate: wallClockTextSchema(true),
  endDate: wallClockTextSchema(true),
  current: z.boolean(),
});
export type EmploymentFormValues = z.infer<typeof employmentFormSchema>;

/** An employer's fields as a form holds them: text, empty when not given (the update-account form's prefill too). */
export const employerTextShape = {
  instituteName: z.string(),
  countryName: z.string(),
  laboratoryName: z.string(),
  teamName: z.string(),
  location: z.string(),
  employerURL: z.string(),
};

/** The new user-employer form: the employment and a typed employer, sent only when none is chosen. */
export const userEmployerFormSchema = z.extend(employmentFormSchema, { employer: z.object(employerTextShape) });
export type UserEmployerFormValues = z.infer<typeof userEmployerFormSchema>;

export const userEmployerReplySchema = z.object({ userEmployerId: z.int(), userId: z.int() });
export const deletedReplySchema = z.object({ deleted: z.literal(true) });

export const employerMessages = {
  EMPLOYER_NOT_FOUND: 'Employer not found.',
  USER_EMPLOYER_NOT_FOUND: 'Employment not found.',
  USER_NOT_FOUND: 'User not found.',
  UNKNOWN_EMPLOYER_TYPE: 'Unknown employer type.',
  UNKNOWN_PROFESSIONAL_STATUS: 'Unknown professional status.',
  HAS_USERS: "You can't delete an employer who has users",
  KEEP_ONE: 'You must have at least one employer...',
  NOT_CURRENT: "You can't delete your current employer...",
  // screens
  EMPLOYERS: 'Employers',
  EMPLOYER: 'Employer',
  INSTITUTE_NAME: 'Institute name',
  LABORATORY_NAME: 'Laboratory/entity',
  ENTITY: 'Entity',
  INSTITUTE: 'Institute',
  TEAM: 'Team',
  TEAM_NAME: 'Team name',
  LOCATION: 'Location',
  COUNTRY: 'Country',
  URL: 'URL',
  USER_COUNT: 'Number of users',
  EMPLOYER_TYPE: 'Employer type',
  PROFESSIONAL_STATUS: 'Professional status',
  START_DATE: 'Start date',
  END_DATE: 'End date',
  CURRENT: 'Current employer',
  DETAILS: 'Details',
  DELETE: 'Delete',
  CANCEL: 'Cancel',
  SAVE: 'Save',
  CREATE_EMPLOYER: 'Create an employer',
  ADD_EMPLOYER_FOR: 'Add an employer for',
  EDIT_EMPLOYMENT: 'Edit the employment',
  EXISTING_EMPLOYERS: 'Existing employers',
  EXISTING_HINT: 'Double-click an employer to fill the employer fields with it.',
  SEARCH_EMPLOYER: 'Search an employer',
  SELECTED_EXISTING: 'Existing employer selected:',
  CLEAR_SELECTION: 'Enter a new employer instead',
  USE: 'Use',
  NO_EMPLOYER: 'There is no employer.',
  DELETE_TITLE: 'Employer deletion',
  DELETE_TEXT: 'Do you really want to delete this employer?',
  DELETE_EMPLOYMENT_TITLE: 'Employer deletion',
  DELETE_EMPLOYMENT_TEXT: 'Do you really want to remove this employer from the account?',
  DELETED: 'The employer has been deleted.',
  SAVED: 'The employer has been saved.',
  BACK: 'Back',
  READ_ONLY_EMPLOYER: 'Only an administrator can change an employer.',
} as const;
