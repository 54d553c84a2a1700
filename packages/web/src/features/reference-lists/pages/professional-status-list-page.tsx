// The professional statuses (administrators): read-only, 50 to a page.
import { referenceListMessages, commonMessages } from '@testbed/contract';
import { useProfessionalStatuses } from '../api/reference-lists';
import { ReferenceList } from '../components/reference-list';

// Alike by design: each reference list is its own lazily loaded route; ReferenceList holds what they share.
export function ProfessionalStatusListPage() {
  const list = useProfessionalStatuses();
  return (
    <ReferenceList
      title={commonMessages.PROFESSIONAL_STATUS_LIST}
      empty={referenceListMessages.NO_PROFESSIONAL_STATUS}
      query={list}
      idOf={(status) => status.professionalStatusId}
    />
  );
}

export { ProfessionalStatusListPage as Component };
