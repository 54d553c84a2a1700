// The employer types (administrators): read-only, 50 to a page.
import { referenceListMessages, commonMessages } from '@testbed/contract';
import { useEmployerTypes } from '../api/reference-lists';
import { ReferenceList } from '../components/reference-list';

// Alike by design: each reference list is its own lazily loaded route; ReferenceList holds what they share.
export function EmployerTypesPage() {
  const list = useEmployerTypes();
  return (
    <ReferenceList
      title={commonMessages.EMPLOYER_TYPES}
      empty={referenceListMessages.NO_EMPLOYER_TYPE}
      query={list}
      idOf={(type) => type.employerTypeId}
    />
  );
}

export { EmployerTypesPage as Component };
