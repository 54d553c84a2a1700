// One error type for the whole server: services throw an AppError with a code, the error handler maps
// the code to an HTTP status and hides everything about unexpected errors.

export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** More bytes than a quota leaves room for (an image upload). */
  payload_too_large: 413,
  too_many_requests: 429,
  /** The database cannot be reached for now: the caller may try again after Retry-After. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details: { fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('forbidden', message);
