// The employer types (administrators): read-only, 50 to a page.
import { referenceListMessages } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { useEmployerTypes } from '../api/reference-lists';
import { ReferenceList } from '../components/reference-list';

export function EmployerTypesPage() {
  const { t } = useTranslation();
  const list = useEmployerTypes();
  return (
    <ReferenceList
      title={t('EMPLOYER_TYPES')}
      empty={referenceListMessages.NO_EMPLOYER_TYPE}
      items={list.data?.map((item) => ({ id: item.employerTypeId, label: item.label }))}
      pending={list.isPending}
      error={list.error}
    />
  );
}

export { EmployerTypesPage as Component };
