import type { AuthorityName } from '@testbed/contract';

/** The signed-in caller of a request, as loaded by the authentication hook. */
export interface Principal {
  userId: number;
  username: string;
  authorities: AuthorityName[];
  isAdmin: boolean;
}
