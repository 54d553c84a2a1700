import { useMutation } from '@tanstack/react-query';
import { signinReplySchema, type SigninForm, type SigninReply } from '@testbed/contract';
import { api } from '../../../shared/api-client';
import { saveSession } from '../../../shared/session';

export async function signIn(form: SigninForm): Promise<SigninReply> {
  // A 401 or 403 here is the answer to the credentials, not the end of a session.
  const reply = await api.post<unknown>('/api/auth/signin', form, { skipSessionInterceptor: true });
  return signinReplySchema.parse(reply);
}

/** Signs in and stores the reply as the current user. */
export function useSignin() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
