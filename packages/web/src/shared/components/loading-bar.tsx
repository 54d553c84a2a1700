// The progress bar while a page's data loads (docs/web-app.md): maximum 100, shown at 80, named for screen readers.
import { commonMessages } from '@testbed/contract';
import { Progress, type ProgressProps } from '@mantine/core';

export const LOADING_VALUE = 80;

export function LoadingBar(props: Omit<ProgressProps, 'value'>) {
  return <Progress value={LOADING_VALUE} animated striped aria-label={commonMessages.LOADING} {...props} />;
}
