// The employer types (administrators): read-only, 50 to a page.
import { referenceListMessages, commonMessages } from '@testbed/contract';
import { useEmployerTypes } from '../api/reference-lists';
import { referenceListPage } from '../components/reference-list';

export const EmployerTypesPage = referenceListPage(useEmployerTypes, {
  title: commonMessages.EMPLOYER_TYPES,
  empty: referenceListMessages.NO_EMPLOYER_TYPE,
  idOf: (type) => type.employerTypeId,
});

export { EmployerTypesPage as Component };
