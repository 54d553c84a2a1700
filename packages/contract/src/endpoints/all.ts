// Every area's endpoint table together: for the server's tests and tools that walk the whole API. A page
// imports its own area's table only.
import type { Endpoint } from '../endpoint.js';
import { accountSecurityEndpoints } from './account-security.js';
import { accountValidationEndpoints } from './account-validation.js';
import { apiTokensEndpoints } from './api-tokens.js';
import { auditEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { calendarEndpoints } from './calendar.js';
import { catalogueEndpoints } from './catalogue.js';
import { credentialsEndpoints } from './credentials.js';
import { deviceHealthEndpoints } from './device-health.js';
import { employersEndpoints } from './employers.js';
import { experimentsEndpoints } from './experiments.js';
import { flashingEndpoints } from './flashing.js';
import { groupsEndpoints } from './groups.js';
import { healthEndpoints } from './health.js';
import { imagesEndpoints } from './images.js';
import { homeEndpoints } from './home.js';
import { intendedUsagesEndpoints } from './intended-usages.js';
import { maintenanceEndpoints } from './maintenance.js';
import { notificationsEndpoints } from './notifications.js';
import { referenceListsEndpoints } from './reference-lists.js';
import { registrationEndpoints } from './registration.js';
import { remindersEndpoints } from './reminders.js';
import { reservationsEndpoints } from './reservations.js';
import { rolesEndpoints } from './roles.js';
import { statisticsEndpoints } from './statistics.js';
import { usagePoliciesEndpoints } from './usage-policies.js';
import { userDirectoryEndpoints } from './user-directory.js';
import { usersEndpoints } from './users.js';

export const endpointTables = {
  accountSecurityEndpoints,
  accountValidationEndpoints,
  apiTokensEndpoints,
  auditEndpoints,
  authEndpoints,
  calendarEndpoints,
  catalogueEndpoints,
  credentialsEndpoints,
  deviceHealthEndpoints,
  employersEndpoints,
  experimentsEndpoints,
  flashingEndpoints,
  groupsEndpoints,
  healthEndpoints,
  imagesEndpoints,
  homeEndpoints,
  intendedUsagesEndpoints,
  maintenanceEndpoints,
  notificationsEndpoints,
  referenceListsEndpoints,
  registrationEndpoints,
  remindersEndpoints,
  reservationsEndpoints,
  rolesEndpoints,
  statisticsEndpoints,
  usagePoliciesEndpoints,
  userDirectoryEndpoints,
  usersEndpoints,
};

type Tables = typeof endpointTables;
/** The id of every endpoint, `<area>.<name>`. */
export type EndpointId = { [T in keyof Tables]: Tables[T][keyof Tables[T]] extends { id: infer Id } ? Id : never }[keyof Tables];

export const allEndpoints: readonly Endpoint[] = Object.values(endpointTables).flatMap((table) => Object.values(table) as Endpoint[]);
