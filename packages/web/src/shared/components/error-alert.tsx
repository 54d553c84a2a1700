// A failure the page reports in words: announced to screen readers as an alert.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
