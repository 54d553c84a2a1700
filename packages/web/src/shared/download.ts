// Saves a file the API makes (CSV, iCalendar) under a name: fetched with the session's bearer token, since a
// plain link would carry none.
import type { CallInput, Endpoint } from '@testbed/contract';
import { callWith } from './api-client';

/** Saves the text reply of an endpoint (its success schema a string) as a file. */
export async function downloadFile<E extends Endpoint>(endpoint: E, input: CallInput<E>, fileName: string): Promise<void> {
  const text = String(await callWith(endpoint, input));
  const type = fileName.endsWith('.ics') ? 'text/calendar' : 'text/csv';
  const href = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click's task ends.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
