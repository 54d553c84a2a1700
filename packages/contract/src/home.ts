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
