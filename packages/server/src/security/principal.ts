import type { ApiTokenScope, AuthorityName } from '@testbed/contract';

/** The signed-in caller of a request, as loaded by the authentication hook. */
export interface Principal {
  userId: number;
  username: string;
  authorities: AuthorityName[];
  isAdmin: boolean;
  /** Set when the caller came with a personal API token rather than a sign-in. */
  apiToken?: { id: number; scope: ApiTokenScope };
}

/** Who calls a service: the signed-in principal (none for a public call) and the address the request came from. */
export interface Caller {
  principal: Principal | null;
  ip: string;
}

/** The caller an account signs in as: an administrator when it holds the ADMIN role. */
export function principalOf(user: { id: number; username: string; authorities: AuthorityName[] }): Principal {
  return { userId: user.id, username: user.username, authorities: user.authorities, isAdmin: user.authorities.includes('ADMIN') };
}
