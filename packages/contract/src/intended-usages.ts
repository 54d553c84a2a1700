// Intended usages: what a user states they will use the testbed for.
import * as z from 'zod/mini';
import { idParamsSchema, userIdParamsSchema } from './input.js';
import { userSummarySchema } from './user-summary.js';

export const INTENDED_USAGE_INVALID = 'Please enter valid data';
export const INTENDED_USAGE_MAX_LENGTH = 4000;

/** Required; whitespace-only text is refused with the catalogue's message. */
export const intendedUsageFormSchema = z.object({
  description: z
    .string({ error: INTENDED_USAGE_INVALID })
    .check(
      z.trim(),
      z.minLength(1, INTENDED_USAGE_INVALID),
      z.maxLength(INTENDED_USAGE_MAX_LENGTH, `At most ${INTENDED_USAGE_MAX_LENGTH} characters`),
    ),
});
export type IntendedUsageForm = z.input<typeof intendedUsageFormSchema>;

export const intendedUsageIdParamsSchema = idParamsSchema;
export const intendedUsageUserParamsSchema = userIdParamsSchema;

export const intendedUsageSchema = z.object({
  intendedUsageId: z.int(),
  description: z.string(),
  createdAt: z.string(),
  user: userSummarySchema,
});
export type IntendedUsage = z.infer<typeof intendedUsageSchema>;
export const intendedUsageListSchema = z.array(intendedUsageSchema);

// Each area keeps its own catalogue of words (alike in shape only), so a page loads only its area's.
export const intendedUsageMessages = {
  NOT_FOUND: 'Intended usage not found.',
  USER_NOT_FOUND: 'User not found.',
  INTENDED_USAGES: 'Intended usages',
  INTENDED_USAGE: 'Intended usage',
  DESCRIPTION: 'Description',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  DETAILS: 'Details',
  DELETE: 'Delete',
  CREATE: 'Create',
  COMING_SOON: 'coming soon',
  NO_INTENDED_USAGE: 'There is no intended usage.',
  ADD_TITLE: 'Add an intended usage',
  FOR: 'For the account of',
  SUBMIT: 'Add the intended usage',
  CANCEL: 'Cancel',
  ADDED: 'The intended usage has been added.',
  DELETED: 'The intended usage has been deleted.',
  DELETE_TITLE: 'Intended usage deletion',
  DELETE_TEXT: 'Do you really want to delete this intended usage?',
} as const;
