// The reference lists offered by the sign-up and employer forms:
// employer types and professional statuses. Read-only; shown to administrators in pages of 50.
import * as z from 'zod/mini';

/** The page size of the employer types, professional statuses and group types lists (docs/web-app.md). */
export const REFERENCE_PAGE_SIZE = 50;

export const employerTypeSchema = z.object({ employerTypeId: z.int(), label: z.string() });
export type EmployerType = z.infer<typeof employerTypeSchema>;
export const employerTypeListSchema = z.array(employerTypeSchema);

export const professionalStatusSchema = z.object({ professionalStatusId: z.int(), label: z.string() });
export type ProfessionalStatus = z.infer<typeof professionalStatusSchema>;
export const professionalStatusListSchema = z.array(professionalStatusSchema);

// Each area keeps its own catalogue of words (alike in shape only), so a page loads only its area's.
export const referenceListMessages = {
  LABEL: 'Label',
  NO_EMPLOYER_TYPE: 'There is no employer type.',
  NO_PROFESSIONAL_STATUS: 'There is no professional status.',
  CREATE: 'Create',
  DELETE: 'Delete',
  COMING_SOON: 'coming soon',
  PAGES: 'Pages',
} as const;
