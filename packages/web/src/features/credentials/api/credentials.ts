// The credentials calls: a hook per use, each calling its endpoint of the contract's table.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { credentialsEndpoints as credentials } from '@testbed/contract/endpoints/credentials';
import { call } from '../../../shared/api-client';
import { endpointQuery, invalidate, keyOf, useChange } from '../../../shared/endpoint-query';

const credentialReads = [credentials.list, credentials.get, credentials.listOfUser];

export const useCredentials = () => useQuery(endpointQuery(credentials.list));
export const useCredential = (id: number) => useQuery(endpointQuery(credentials.get, { params: { id } }));
export const useUserCredentials = (userId: number, enabled = true) =>
  useQuery({ ...endpointQuery(credentials.listOfUser, { params: { userId } }), enabled });

export const useAddCredential = () =>
  useChange(({ userId, sshKey }: { userId: number; sshKey: string }) => call(credentials.addToUser, { params: { userId }, body: { sshKey } }), () => credentialReads);

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(credentials.delete, { params: { id } }),
    onSuccess: (reply) => {
      queryClient.removeQueries({ queryKey: keyOf(credentials.get, { params: { id: reply.credentialId } }) });
      return invalidate(queryClient, credentialReads);
    },
  });
}
