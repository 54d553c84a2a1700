// The way on from the pages a signed-out person reaches from a mail link or after leaving the portal.
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export function BackToSignInButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.signin.href()} w="fit-content">
      {t('BACK_TO_SIGN_IN')}
    </Button>
  );
}
