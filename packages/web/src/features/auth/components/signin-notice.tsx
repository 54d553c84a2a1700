// A notice of the sign-in page (password changed, disconnected, a refused sign-in). Its own chunk: most
// visits show none, and Mantine's Alert with its close button weighed 1.9 KB gzip of the sign-in page's first
// load, whose budget is the tightest (docs/benchmark.md).
import { Alert } from '@mantine/core';
import { SentenceLines } from '../../../shared/components/sentence-lines';

/** `text` one sentence per line when `lines` (the wrong sign-in's three sentences). */
export function SigninNotice({ color, testId, text, lines = false }: { color: string; testId?: string; text: string; lines?: boolean }) {
  return (
    <Alert color={color} variant="light" data-testid={testId}>
      {lines ? <SentenceLines text={text} size="sm" /> : text}
    </Alert>
  );
}
