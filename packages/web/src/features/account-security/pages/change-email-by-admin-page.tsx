export { ChangeEmailByAdminPage as Component } from './change-email-page';
