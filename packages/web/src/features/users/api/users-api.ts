// The users calls: a hook per use, each calling its endpoint of the contract's table.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserForm, UpdateUserForm } from '@testbed/contract';
import { accountSecurityEndpoints as accountSecurity } from '@testbed/contract/endpoints/account-security';
import { credentialsEndpoints as credentials } from '@testbed/contract/endpoints/credentials';
import { employersEndpoints as employers } from '@testbed/contract/endpoints/employers';
import { intendedUsagesEndpoints as intendedUsages } from '@testbed/contract/endpoints/intended-usages';
import { usersEndpoints as users } from '@testbed/contract/endpoints/users';
import { call } from '../../../shared/api-client';
import { endpointQuery, invalidate, keyOf, useChange } from '../../../shared/endpoint-query';
import { getSession, updateSessionUser } from '../../../shared/session';

export interface UsersFilter {
  firstname: string;
  lastname: string;
  validOnly: boolean;
  page: number;
  size: number;
}

const usersQuery = (filter: UsersFilter) =>
  endpointQuery(users.list, {
    query: {
      firstname: filter.firstname.trim() || undefined,
      lastname: filter.lastname.trim() || undefined,
      validOnly: filter.validOnly ? undefined : 'false',
      page: filter.page,
      size: filter.size,
    },
  });
const userKey = (id: number) => keyOf(users.details, { params: { id } });
const userCredentialsKey = (id: number) => keyOf(credentials.listOfUser, { params: { userId: id } });

export const useUsers = (filter: UsersFilter) => useQuery({ ...usersQuery(filter), placeholderData: keepPreviousData });
export const useUser = (id: number, enabled = true) => useQuery({ ...endpointQuery(users.details, { params: { id } }), enabled });
export const useUserCredentials = (id: number, enabled = true) =>
  useQuery({ ...endpointQuery(credentials.listOfUser, { params: { userId: id } }), enabled });

/** Deletes one of the keys of the account shown, and reads its keys again. */
export const useDeleteUserCredential = (userId: number) =>
  useChange((id: number) => call(credentials.delete, { params: { id } }), () => [userCredentialsKey(userId)]);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: UpdateUserForm }) => call(users.update, { params: { id }, body: form }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKey(user.userId), user);
      // The signed-in person's own zone is the one every page shows times in from now on.
      if (getSession().user?.userId === user.userId) updateSessionUser({ timeZone: user.timeZone });
      return invalidate(queryClient, [users.list]);
    },
  });
}

export const useCreateUser = () => useChange((form: CreateUserForm) => call(users.create, { body: form }), () => [users.list, users.details]);

/** Deletions from the panels of the details page; the details are read again afterwards. */
export function useDeleteFromUser(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () => invalidate(queryClient, [userKey(userId)]);
  return {
    employer: useMutation({ mutationFn: (id: number) => call(employers.deleteUserEmployer, { params: { id } }), onSuccess: refresh }),
    intendedUsage: useMutation({ mutationFn: (id: number) => call(intendedUsages.delete, { params: { id } }), onSuccess: refresh }),
  };
}

export const useDeleteUserPartially = () =>
  useChange(
    (id: number) => call(accountSecurity.deletePartiallyByAdmin, { params: { id } }).then(() => undefined),
    (id) => [userKey(id)],
  );
