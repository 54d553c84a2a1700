// The names that screen readers read for the controls of Mantine's calendars (its defaults are empty).
import { useTranslation } from '../i18n-devices';

export function useDatePickerLabels() {
  const { t } = useTranslation();
  return {
    previousMonth: t('PREVIOUS_MONTH'),
    nextMonth: t('NEXT_MONTH'),
    monthLevelControl: t('CHANGE_LEVEL'),
    yearLevelControl: t('CHANGE_LEVEL'),
    previousYear: t('PREVIOUS_YEAR'),
    nextYear: t('NEXT_YEAR'),
    previousDecade: t('PREVIOUS_DECADE'),
    nextDecade: t('NEXT_DECADE'),
  };
}
