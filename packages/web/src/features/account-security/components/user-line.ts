import type { AccountSummary } from '@testbed/contract';

/** "Ada Lovelace (ada)": how the forms name the account they act on. */
export const userLine = (account: Pick<AccountSummary, 'firstname' | 'lastname' | 'username'>) =>
  `${account.firstname} ${account.lastname} (${account.username})`;
