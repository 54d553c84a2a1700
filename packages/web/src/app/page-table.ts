// The code of each written page, by route name: a lazy import each, so that a page is its own chunk. A
// route of `paths` without an entry shows the not-found page behind its guard until its feature lands.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { RouteName } from '../shared/paths';

/**
 * A page's code. `prefetch`, when the page has one, starts the reads the page shows first: on a first load
 * they start as the code arrives rather than after the page and its frame have rendered (router.tsx). The page
 * still makes every read itself; a read in flight or fresh is not asked twice.
 */
export type PageModule = () => Promise<{
  Component: ComponentType;
  prefetch?: (queryClient: QueryClient, params: Params, search: URLSearchParams) => void;
}>;

export const notFound: PageModule = () => import('./not-found-page');

/** One entry per written page; a feature adds its routes here. */
export const pages: Partial<Record<RouteName, PageModule>> = {
  signin: () => import('../features/auth/pages/signin-page'),
  home: () => import('../features/home/pages/home-page'),
  help: () => import('../features/help/pages/help-page'),
  helpTopic: () => import('../features/help/pages/help-page'),
  signout: () => import('../features/auth/pages/signout-page'),
  accessDenied: () => import('../features/auth/pages/access-denied-page'),
  accountInvalid: () => import('../features/auth/pages/account-invalid-page'),
  signup: () => import('../features/registration/pages/signup-page'),
  registrationPending: () => import('../features/registration/pages/registration-pending-page'),
  confirmEmail: () => import('../features/registration/pages/confirm-email-page'),
  confirmUserAccount: () => import('../features/registration/pages/confirm-user-account-page'),
  credentials: () => import('../features/credentials/pages/credentials-page'),
  credential: () => import('../features/credentials/pages/credential-page'),
  userCredentialNew: () => import('../features/credentials/pages/add-credential-page'),
  credentialNew: () => import('../features/credentials/pages/new-credential-page'),
  roles: () => import('../features/roles/pages/roles-page'),
  role: () => import('../features/roles/pages/role-page'),
  roleNew: () => import('../features/roles/pages/new-role-page'),
  groups: () => import('../features/groups/pages/groups-page'),
  group: () => import('../features/groups/pages/group-page'),
  groupNew: () => import('../features/groups/pages/new-group-page'),
  groupTypes: () => import('../features/groups/pages/group-types-page'),
  groupType: () => import('../features/groups/pages/group-type-page'),
  groupTypeNew: () => import('../features/groups/pages/new-group-type-page'),
  employerTypes: () => import('../features/reference-lists/pages/employer-types-page'),
  professionalStatusList: () => import('../features/reference-lists/pages/professional-status-list-page'),
  bookDevices: () => import('../features/reservations/pages/book-devices-page'),
  reservations: () => import('../features/reservations/pages/reservations-page'),
  reservationCreated: () => import('../features/reservations/pages/reservations-page'),
  noSshKeyValid: () => import('../features/reservations/pages/no-ssh-key-page'),
  users: () => import('../features/users/pages/users-page'),
  apiTokens: () => import('../features/users/pages/api-tokens-page'),
  usagePolicies: () => import('../features/usage-policies/pages/usage-policies-page'),
  user: () => import('../features/users/pages/user-page'),
  userNew: () => import('../features/users/pages/user-new-page'),
  employers: () => import('../features/employers/pages/employers-page'),
  employerNew: () => import('../features/employers/pages/employer-page'),
  employer: () => import('../features/employers/pages/employer-page'),
  userEmployerNew: () => import('../features/employers/pages/user-employer-new-page'),
  userEmployer: () => import('../features/employers/pages/user-employer-page'),
  intendedUsages: () => import('../features/intended-usages/pages/intended-usages-page'),
  intendedUsageNew: () => import('../features/intended-usages/pages/intended-usage-new-page'),
  flashNodes: () => import('../features/flashing/pages/flash-nodes-page'),
  flashJob: () => import('../features/flashing/pages/flash-job-page'),
  experiments: () => import('../features/experiments/pages/experiments-page'),
  experimentNew: () => import('../features/experiments/pages/new-experiment-page'),
  experiment: () => import('../features/experiments/pages/experiment-page'),
  deviceHealth: () => import('../features/device-health/pages/device-health-page'),
  statistics: () => import('../features/insight/pages/statistics-page'),
  auditLog: () => import('../features/insight/pages/audit-log-page'),
  failingMails: () => import('../features/home/pages/failing-mails-page'),
  maintenance: () => import('../features/catalogue/pages/maintenance-page'),
  images: () => import('../features/images/pages/images-page'),
  adminImages: () => import('../features/images/pages/admin-images-page'),
  devices: () => import('../features/catalogue/pages/devices-page'),
  passwordForgotten: () => import('../features/account-security/pages/password-forgotten-page'),
  invalidToken: () => import('../features/account-security/pages/invalid-token-page'),
  resetPassword: () => import('../features/account-security/pages/reset-password-page'),
  confirmChangeEmail: () => import('../features/account-security/pages/confirm-change-email-page'),
  accountDeleted: () => import('../features/account-security/pages/account-deleted-page'),
  changePassword: () => import('../features/account-security/pages/change-password-page'),
  changePasswordByAdmin: () => import('../features/account-security/pages/change-password-by-admin-page'),
  infoChangePasswordByAdmin: () => import('../features/account-security/pages/info-change-password-by-admin-page'),
  changeEmail: () => import('../features/account-security/pages/change-email-page'),
  changeEmailByAdmin: () => import('../features/account-security/pages/change-email-by-admin-page'),
  infoChangeEmail: () => import('../features/account-security/pages/info-change-email-page'),
  infoChangeEmailByAdmin: () => import('../features/account-security/pages/info-change-email-by-admin-page'),
  deleteAccount: () => import('../features/account-security/pages/delete-account-page'),
  validateAccounts: () => import('../features/account-validation/pages/validate-accounts-page'),
  displayValidationPendingAccounts: () => import('../features/account-validation/pages/pending-accounts-page'),
  importAccounts: () => import('../features/account-validation/pages/import-accounts-page'),
  updateAccount: () => import('../features/account-validation/pages/update-account-page'),
  updateAccountPending: () => import('../features/account-validation/pages/update-account-pending-page'),
  accountAlreadyUpdatedByUser: () => import('../features/account-validation/pages/account-already-updated-page'),
  confirmUserAccountUpdate: () => import('../features/account-validation/pages/confirm-account-update-page'),
};
