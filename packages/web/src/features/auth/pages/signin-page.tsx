import { Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { signinSchema, commonMessages } from '@testbed/contract';
import { Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { DOCUMENTATION_URL } from '../../../shared/config';
import { useContractForm } from '../../../shared/form';
import { afterSigninURL, paths } from '../../../shared/paths';
import { preloadable } from '../../../shared/preloadable';
import { useSignin } from '../api/signin';

const notice = preloadable(() => import('../components/signin-notice').then((module) => module.SigninNotice));
const Notice = notice.Component;

/**
 * The sign-in error texts: the account-invalid text for that exact server message, the server's
 * words when it asks to slow down or cannot answer, and the bad-login text for everything else.
 */
function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403 && error.message === commonMessages.ACCOUNT_INVALID) return commonMessages.ACCOUNT_INVALID;
    if (error.status === 429 || error.status === 0 || error.status >= 500) return error.message;
  }
  return commonMessages.BAD_LOGIN;
}

export function SigninPage() {
  useDocumentTitle(`${commonMessages.SIGN_IN} | Testbed Portal`);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signin = useSignin();
  // Messages show on submit only: a visitor tabbing through the two fields is not told off.
  const form = useContractForm(signinSchema, { username: '', password: '' }, { enhanceGetInputProps: () => ({ onBlur: undefined }) });

  const passwordChanged = searchParams.get('passwordChanged') === 'true';
  const disconnected = searchParams.get('disconnected') === 'true';

  const onSubmit = form.onSubmit((data) => {
    // Fetched while the server answers, so that a refusal shows at once.
    void notice.preload();
    signin.mutate(data, {
      onSuccess: (reply) => void navigate(afterSigninURL(searchParams.get('returnURL'), reply.redirectURL), { replace: true }),
    });
  });

  return (
    <Stack maw={480} mx="auto" mt="lg" gap="lg">
      <div>
        <Title order={1} size="h2">
          {commonMessages.WELCOME}
        </Title>
        <Text mt="xs">{commonMessages.WELCOME_TEXT}</Text>
        <Anchor href={DOCUMENTATION_URL} mt="xs" display="inline-block">
          {commonMessages.DOCUMENTATION}
        </Anchor>
      </div>

      {/* Each notice suspends alone while its code comes, the rest of the page shown meanwhile. */}
      <Suspense fallback={null}>
        {passwordChanged && <Notice color="teal" text={commonMessages.PASSWORD_CHANGED} />}
        {disconnected && <Notice color="blue" text={commonMessages.DISCONNECTED} />}
      </Suspense>

      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={onSubmit} noValidate aria-labelledby="signin-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="signin-heading">
              {commonMessages.SIGN_IN}
            </Title>
            <TextInput
              label={commonMessages.USERNAME}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={commonMessages.PASSWORD}
              name="password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Suspense fallback={null}>
              {signin.isError && <Notice color="red" testId="signin-error" text={errorText(signin.error)} lines />}
            </Suspense>
            <Button type="submit" fullWidth loading={signin.isPending}>
              {commonMessages.SIGN_IN}
            </Button>
          </Stack>
        </form>
        <Divider my="md" />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {commonMessages.NO_ACCOUNT_YET}{' '}
            <Anchor component={Link} to={paths.signup.href()} fw={600}>
              {commonMessages.SIGN_UP}
            </Anchor>
          </Text>
          <Anchor component={Link} to={paths.passwordForgotten.href()} size="sm">
            {commonMessages.PASSWORD_FORGOTTEN}
          </Anchor>
        </Group>
      </Paper>
    </Stack>
  );
}

export { SigninPage as Component };
