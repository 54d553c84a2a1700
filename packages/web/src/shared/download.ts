// Saves a file the API makes (CSV, iCalendar) under a name: fetched with the session's bearer token, since a
// plain link would carry none.
import { api, type RequestOptions } from './api-client';

export async function downloadFile(url: string, fileName: string, query?: RequestOptions['query']): Promise<void> {
  const text = await api.get<string>(url, { query });
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
