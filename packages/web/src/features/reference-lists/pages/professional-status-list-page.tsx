// The professional statuses (administrators): read-only, 50 to a page.
import { referenceListMessages } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { useProfessionalStatuses } from '../api/reference-lists';
import { ReferenceList } from '../components/reference-list';

export function ProfessionalStatusListPage() {
  const { t } = useTranslation();
  const list = useProfessionalStatuses();
  return (
    <ReferenceList
      title={t('PROFESSIONAL_STATUS_LIST')}
      empty={referenceListMessages.NO_PROFESSIONAL_STATUS}
      items={list.data?.map((item) => ({ id: item.professionalStatusId, label: item.label }))}
      pending={list.isPending}
      error={list.error}
    />
  );
}

export { ProfessionalStatusListPage as Component };
