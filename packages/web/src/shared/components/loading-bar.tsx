// The progress bar while a page's data loads (docs/web-app.md): maximum 100, shown at 80, named for screen readers.
import { Progress, type ProgressProps } from '@mantine/core';
import { useTranslation } from '../i18n';

export const LOADING_VALUE = 80;

export function LoadingBar(props: Omit<ProgressProps, 'value'>) {
  const { t } = useTranslation();
  return <Progress value={LOADING_VALUE} animated striped aria-label={t('LOADING')} {...props} />;
}
