// The groups of the API's operations: each endpoint of the table names its group, and the OpenAPI document
// lists every group with what it holds, so that a generated client or a reader finds the calls together.
export const API_TAGS = {
  auth: 'Sign in with a password, and who is signed in.',
  registration: 'Sign-up, its captcha, and the e-mail and administrator validation of a new account.',
  'account security': 'Passwords, e-mail address changes and the deletion of an account.',
  'account validation': 'The periodic re-validation of accounts and the import of accounts.',
  users: 'Accounts: the administrators\' list, details, changes; the colleague search.',
  employers: 'Employers and the employments of users.',
  'intended usages': 'What each user means to do with the testbed.',
  'reference lists': 'The employer types and professional statuses the forms offer.',
  roles: 'Roles given to users.',
  groups: 'Group types, groups, their members and managers.',
  credentials: 'SSH public keys, put on the devices a user flashes.',
  'api tokens': 'Personal API tokens: scripts call the API with them instead of a password.',
  devices: 'The device catalogue: properties and states of every device.',
  reservations: 'Booking devices: the devices to book, free slots, reservations, their end and release.',
  'usage policies': 'Booking limits per device type and group.',
  flashing: 'Flashing booked devices with an image, following the job, and the node\'s readiness.',
  images: 'Images users upload (resumable, checked by content) and share, flash, and administrators approve.',
  experiments: 'Experiments: a description booked, flashed and followed to ready in one call; templates, export, run again.',
  notifications: 'What the portal tells you besides a mail (an experiment ready or failed): list, mark read.',
  'device health': 'Failure streaks and quarantine of devices.',
  maintenance: 'Maintenance windows that block devices.',
  calendar: 'Reservations as iCalendar: a private feed and one event at a time.',
  reminders: 'Mail reminders before a reservation starts.',
  statistics: 'Usage statistics for administrators.',
  audit: 'The audit log and one\'s own sign-ins.',
  home: 'What waits for the administrators.',
  operations: 'Liveness and readiness for load balancers and orchestrators.',
} as const;

export type ApiTag = keyof typeof API_TAGS;
