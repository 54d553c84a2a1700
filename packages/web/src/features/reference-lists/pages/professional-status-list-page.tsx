// The professional statuses (administrators): read-only, 50 to a page.
import { referenceListMessages, commonMessages } from '@testbed/contract';
import { useProfessionalStatuses } from '../api/reference-lists';
import { referenceListPage } from '../components/reference-list';

export const ProfessionalStatusListPage = referenceListPage(useProfessionalStatuses, {
  title: commonMessages.PROFESSIONAL_STATUS_LIST,
  empty: referenceListMessages.NO_PROFESSIONAL_STATUS,
  idOf: (status) => status.professionalStatusId,
});

export { ProfessionalStatusListPage as Component };
