// The database's refusals a service answers itself: a unique index or a foreign key refuses a change that a
// concurrent request made impossible, and the caller gets the same reply as the serial check gives.
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** A row refused by one of the database's constraints (SQLSTATE class 23), as the drivers report it. */
export interface ConstraintError {
  code: string;
  constraint?: string;
  message?: string;
}

/** Whether `error` is a refusal by a constraint: of the SQLSTATE `code` when given, else of any. */
export function isConstraintError(error: unknown, code?: string): error is ConstraintError {
  const found = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof found === 'string' && (code === undefined ? found.startsWith('23') : found === code);
}

/** Runs `work`; a refusal of the SQLSTATE `code` becomes the error `refusal` makes. */
export async function refuseOnConstraint<T>(work: () => Promise<T>, code: string, refusal: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isConstraintError(error, code)) throw refusal();
    throw error;
  }
}
