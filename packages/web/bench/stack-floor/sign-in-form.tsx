// The floor of the first load's JavaScript (docs/benchmark.md): a bare sign-in form on the parts the portal
// uses for the web (React DOM, Mantine, React Router, TanStack Query and zod), each used the lightest way it
// offers (React Router's declarative mode, zod's mini build), with no code of the portal; its texts are read
// from a catalogue object, as the app's are (the contract's catalogues, imported by the pages).
// `npm run bench` builds it and weighs it beside the real sign-in page: what the page weighs above this is
// the portal's own; what this weighs is out of any page's reach without changing the stack.
import { Anchor, Button, MantineProvider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import * as z from 'zod/mini';

const signinForm = z.object({ username: z.string().check(z.minLength(1)), password: z.string().check(z.minLength(1)) });

const texts = { SIGN_IN: 'Sign in', USERNAME: 'Username', PASSWORD: 'Password' };
const t = (key: keyof typeof texts) => texts[key];

function SignInForm() {
  const [values, setValues] = useState({ username: '', password: '' });
  const signIn = useMutation({
    mutationFn: async (form: unknown) => {
      const body = signinForm.parse(form);
      const reply = await fetch('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return reply.json() as Promise<unknown>;
    },
  });
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title>{t('SIGN_IN')}</Title>
        <TextInput label={t('USERNAME')} value={values.username} onChange={(event) => setValues({ ...values, username: event.currentTarget.value })} />
        <PasswordInput label={t('PASSWORD')} value={values.password} onChange={(event) => setValues({ ...values, password: event.currentTarget.value })} />
        <Button onClick={() => signIn.mutate(values)}>{t('SIGN_IN')}</Button>
        <Text>
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<SignInForm />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </MantineProvider>,
);
