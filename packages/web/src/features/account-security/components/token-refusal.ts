// Where a refused link leads: the invalidToken page, saying whether the link was used or is invalid.
import { TOKEN_PROBLEMS, type TokenProblem } from '@testbed/contract';
import { ApiError } from '../../../shared/api-client';
import { paths } from '../../../shared/paths';

export function invalidTokenHref(problem: TokenProblem = 'invalid'): string {
  return `${paths.invalidToken.href()}?reason=${problem}`;
}

/** The problem of a link the server refused, or null when the error is about something else. */
export function tokenProblemOf(error: unknown): TokenProblem | null {
  if (!(error instanceof ApiError)) return null;
  const reason = error.fieldErrors.token?.[0];
  if (reason && (TOKEN_PROBLEMS as readonly string[]).includes(reason)) return reason as TokenProblem;
  return null;
}
