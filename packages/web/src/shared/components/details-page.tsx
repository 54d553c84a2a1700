// The layout of an administrator's page about one thing (a role, a group, a group type): its heading,
// the progress bar while it loads, the read's failure, the page's panels, and the way back to the
// list; an id that is not a positive integer, or that the server does not know, shows the not-found page.
import { Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api-client';
import { MessagePage } from './message-page';
import { TitledPage } from './titled-page';

/** The address's `id`, and whether it can name anything (a positive integer). */
export function useIdParam(): { id: number; validId: boolean } {
  const id = Number(useParams().id);
  return { id, validId: Number.isInteger(id) && id > 0 };
}

/** The page's heading, "<kind> <name>", also its document title (the kind alone until the thing is read). */
export function useDetailsHeading(kind: string, name: string | undefined): string {
  useDocumentTitle(`${name === undefined ? kind : `${kind} ${name}`} | Testbed Portal`);
  return `${kind} ${name ?? ''}`;
}

export interface DetailsPageProps {
  heading: ReactNode;
  maw: number;
  back: { label: string; to: string };
  notFoundTitle: string;
  validId: boolean;
  pending: boolean;
  /** The read's failure: a 404 is the not-found page, anything else is said under the heading. */
  error: Error | null;
  /** Rendered last (the delete confirmation). */
  dialog?: ReactNode;
  children?: ReactNode;
}

export function DetailsPage({ heading, maw, back, notFoundTitle, validId, pending, error, dialog, children }: DetailsPageProps) {
  const backButton = (
    <Button component={Link} to={back.to} variant="default" w="fit-content">
      {back.label}
    </Button>
  );
  if (!validId || (error instanceof ApiError && error.status === 404)) {
    return <MessagePage title={notFoundTitle} actions={backButton} />;
  }
  return (
    <TitledPage title={heading} maw={maw} loading={pending}>
      {error && <Text c="red.9">{error.message}</Text>}
      {children}
      <Group>{backButton}</Group>
      {dialog}
    </TitledPage>
  );
}
