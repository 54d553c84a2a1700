// The spec's progress bar while a page loads: maximum 100, shown at 80, named for screen readers.
import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingBar() {
  const { t } = useTranslation();
  return <Progress value={80} animated striped aria-label={t('LOADING')} />;
}
