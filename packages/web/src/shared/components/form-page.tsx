// The layout of the pages that are one form (an employer, an employment, an intended usage, a new account,
// an SSH key): the title, the fields the page gives, the server's refusal that is about no field, then
// the way back and the submit button.
import { Alert, Button, Group, Paper, Stack, Title, type MantineShadow } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back: a link, or an action (the previous page, a computed place). */
export type FormPageCancel = { label: string } & ({ to: string } | { onClick: () => void });

export interface FormPageProps {
  title: ReactNode;
  /** A line under the title (whose account the form is for). */
  subtitle?: ReactNode;
  maw: number;
  mt?: string;
  shadow?: MantineShadow;
  /** Content between the title and the form (a list to pick from). */
  before?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The request's failure that no field shows. */
  serverError: string | null | undefined;
  cancel: FormPageCancel;
  /** Absent on a read-only page, which keeps only the way back. */
  submit?: { label: string; pending: boolean };
  /** Rendered after the form (its confirmation dialog). */
  after?: ReactNode;
  children: ReactNode;
}

export function FormPage({ title, subtitle, maw, mt, shadow, before, onSubmit, serverError, cancel, submit, after, children }: FormPageProps) {
  return (
    <Stack maw={maw} mx="auto" mt={mt} gap="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle}
      </div>
      {before}
      <Paper withBorder shadow={shadow} radius="md" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {children}
            {serverError && (
              <Alert color="red" variant="light">
                {serverError}
              </Alert>
            )}
            <Group justify="flex-end">
              {'to' in cancel ? (
                <Button component={Link} to={cancel.to} variant="default">
                  {cancel.label}
                </Button>
              ) : (
                <Button variant="default" onClick={cancel.onClick}>
                  {cancel.label}
                </Button>
              )}
              {submit && (
                <Button type="submit" loading={submit.pending}>
                  {submit.label}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {after}
    </Stack>
  );
}
