import type { SigninForm, SigninReply } from '@testbed/contract';
import { authEndpoints } from '@testbed/contract/endpoints/auth';
import { useCallback, useState } from 'react';
import { call } from '../../../shared/api-client';
import { saveSession } from '../../../shared/session';

export async function signIn(form: SigninForm): Promise<SigninReply> {
  // A 401 or 403 here is the answer to the credentials, not the end of a session.
  return call(authEndpoints.signIn, { body: form }, { skipSessionInterceptor: true });
}

interface SigninState {
  isPending: boolean;
  /** Why the last attempt failed; null while none has failed. */
  error: unknown;
}

/**
 * Signs in and stores the reply as the current user. A plain state rather than TanStack Query's mutation:
 * the sign-in page reads nothing from the server, and leaving Query's client out of its first load keeps
 * that load within its budget (docs/benchmark.md); the pages that read the API load the client.
 */
export function useSignin() {
  const [state, setState] = useState<SigninState>({ isPending: false, error: null });
  const mutate = useCallback((form: SigninForm, { onSuccess }: { onSuccess?: (reply: SigninReply) => void } = {}) => {
    setState({ isPending: true, error: null });
    signIn(form).then(
      (reply) => {
        saveSession(reply);
        setState({ isPending: false, error: null });
        onSuccess?.(reply);
      },
      (error: unknown) => setState({ isPending: false, error }),
    );
  }, []);
  return { ...state, isError: state.error !== null, mutate };
}
