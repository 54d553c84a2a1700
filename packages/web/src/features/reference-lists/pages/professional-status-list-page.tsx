// The professional statuses (administrators): read-only, 50 to a page.
import { referenceListMessages as referenceListMessagesEn } from '@testbed/contract';
import { useProfessionalStatuses } from '../api/reference-lists';
import { ReferenceList } from '../components/reference-list';
import { catalogue, useTranslation } from '../../../shared/i18n';

const referenceListMessages = catalogue(referenceListMessagesEn);

// Alike by design: each reference list is its own lazily loaded route; ReferenceList holds what they share.
export function ProfessionalStatusListPage() {
  const { t } = useTranslation();
  const list = useProfessionalStatuses();
  return (
    <ReferenceList
      title={t('PROFESSIONAL_STATUS_LIST')}
      empty={referenceListMessages.NO_PROFESSIONAL_STATUS}
      query={list}
      idOf={(status) => status.professionalStatusId}
    />
  );
}

export { ProfessionalStatusListPage as Component };
