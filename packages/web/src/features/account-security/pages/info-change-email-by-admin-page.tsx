export { InfoChangeEmailByAdminPage as Component } from './info-change-email-page';
