// A button of a feature not written yet: shown, disabled, and saying so, so that
// nobody clicks a button that does nothing.
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../i18n';

export function ComingSoonButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'children' | 'disabled'>) {
  const { t } = useTranslation();
  return (
    <Button {...props} disabled data-coming-soon>
      {label} ({t('COMING_SOON')})
    </Button>
  );
}
