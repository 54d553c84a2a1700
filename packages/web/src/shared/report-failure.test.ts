import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { reportFailure } from './report-failure';

describe('reportFailure', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a failure to the console, but not a refusal for want of a session', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportFailure('Loading the roles failed', new ApiError(500, 'Internal server error.'));
    expect(log).toHaveBeenCalledTimes(1);
    reportFailure('Loading the roles failed', new ApiError(401, 'You must be signed in.'));
    expect(log).toHaveBeenCalledTimes(1);
  });
});
