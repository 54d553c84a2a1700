// What failed to load or to save is written to the console for whoever investigates (a failed load is
// logged), except a refusal for want of a session: the API client has already sent the person to sign-in,
// and a request that was still on its way when the session ended is no fault of the page.
import { ApiError } from './api-client';

export function reportFailure(what: string, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  console.error(what, error);
}
