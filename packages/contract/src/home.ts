// The home page: what waits for an administrator, as counts each with the page that acts on it.
import * as z from 'zod/mini';

export const adminSummarySchema = z.object({
  /** Accounts whose e-mail is validated and that no administrator approved or refused yet. */
  accountsToApprove: z.int(),
  /** Accounts asked to re-validate that have not done so yet. */
  revalidationsPending: z.int(),
  /** Devices taken out of service, and devices whose last flashes failed. */
  devicesQuarantined: z.int(),
  devicesFailing: z.int(),
  /** Devices that do not answer (the testbed's driver says so) for no other known reason. */
  devicesDown: z.int(),
  /** Maintenance windows running now or starting within seven days. */
  maintenanceComing: z.int(),
  /** Mails not delivered yet whose last attempt failed. */
  mailsFailing: z.int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** A mail not delivered yet whose last attempt failed, as the administrators' failing-mails page shows it. */
export const failingMailSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  /** Attempts made so far, the failed ones included. */
  attempts: z.int(),
  lastError: z.string(),
  createdAt: z.string(),
  /** When the sender tries it again (ISO 8601). */
  nextAttemptAt: z.string(),
});
export type FailingMail = z.infer<typeof failingMailSchema>;

/** The failing mails, newest first, at most `FAILING_MAILS_LIMIT`; `total` counts them all. */
export const failingMailListSchema = z.object({ mails: z.array(failingMailSchema), total: z.int() });
export type FailingMailList = z.infer<typeof failingMailListSchema>;
export const FAILING_MAILS_LIMIT = 200;

export const homeMessages = {
  HOME: 'Home',
  WELCOME: 'Welcome, {{name}}',
  WAITING_FOR_YOU: 'What waits for you',
  NOTHING_WAITS: 'Nothing waits for you.',
  ACCOUNTS_TO_APPROVE: 'Account requests to approve: {{count}}',
  REVALIDATIONS_PENDING: 'Accounts asked to re-validate that have not yet: {{count}}',
  DEVICES_QUARANTINED: 'Devices in quarantine: {{count}}',
  DEVICES_FAILING: 'Devices whose last flashes failed: {{count}}',
  DEVICES_DOWN: 'Devices down (not answering): {{count}}',
  MAINTENANCE_COMING: 'Maintenance windows now or within 7 days: {{count}}',
  MAILS_FAILING: 'Mails that could not be delivered yet: {{count}}',
  OPEN: 'Open',
  FAILING_MAILS: 'Failing mails',
  FAILING_MAILS_INTRO: 'Mails not delivered yet whose last attempt failed, newest first. The sender tries each again later and later (up to an hour apart); "Retry now" makes it try at once.',
  FAILING_MAILS_SHOWN: 'Showing the newest {{shown}} of {{total}}.',
  NO_FAILING_MAIL: 'Every mail was delivered or is on its way.',
  MAIL_RECIPIENT: 'Recipient',
  MAIL_SUBJECT: 'Subject',
  MAIL_ATTEMPTS: 'Attempts',
  MAIL_LAST_ERROR: 'Last error',
  MAIL_NEXT_ATTEMPT: 'Next attempt',
  RETRY_NOW: 'Retry now',
  RETRY_MAIL: 'Retry the mail to {{to}} now',
  RETRY_ASKED: 'The mail to {{to}} will be tried again within seconds.',
  YOUR_DEVICES: 'Your reservations',
  NOW: 'Now',
  NEXT: 'Next',
  NO_RESERVATION_NOW: 'You hold no device now.',
  NO_RESERVATION_NEXT: 'No reservation to come.',
  BOOK_NOW: 'Book devices',
  FREE_NOW: 'Free now',
  NO_FREE_DEVICE: 'No device is free now.',
  DEVICE_TYPE: 'Device type',
  FREE_COUNT: 'Free',
  ACTIONS: 'Actions',
  BOOK: 'Book now',
  BOOK_TYPE_NOW: 'Book a {{type}} now',
  FLASH: 'Flash',
  CONNECT: 'Connect: ssh {{username}}@{{ip}}',
  RUNNING_FLASHES: 'Flash jobs running: {{count}}',
  SEE_FLASH_JOBS: 'See them',
  CHECKLIST_TITLE: 'Getting started',
  CHECKLIST_INTRO: 'Four steps to your first experiment; each is ticked once done, and this list goes away after the last.',
  STEP_SSH_KEY: 'Add an SSH key',
  STEP_BOOK: 'Book a device',
  STEP_FLASH: 'Flash it with an image',
  STEP_CONNECT: 'Connect to it over SSH',
  STEP_DONE: 'done',
  STEP_TODO: 'to do',
} as const;
