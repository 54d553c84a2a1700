// Who may open a form about the account `id` (the server checks the same: a route without a role
// guard is still guarded there).
import { useParams } from 'react-router';
import type { SignedInAction } from '@testbed/contract';
import { may, useSession, type SessionUser } from '../../../shared/session';

export interface AccountAccess {
  userId: number;
  validId: boolean;
  me: SessionUser | null;
  own: boolean;
  /** Whether the signed-in user may perform the action on anyone's account (the server's policies). */
  mayOnAnyAccount: (action: SignedInAction) => boolean;
}

export function useAccountAccess(): AccountAccess {
  const { id } = useParams();
  const userId = Number(id);
  const me = useSession().user;
  return {
    userId,
    validId: Number.isInteger(userId) && userId > 0,
    me,
    own: me !== null && me.userId === userId,
    mayOnAnyAccount: (action) => may(me, action),
  };
}
