// The personal API token calls of a user's page: list, create (the reply holds the token, shown once), revoke.
import { useQuery } from '@tanstack/react-query';
import type { CreateApiToken } from '@testbed/contract';
import { apiTokensEndpoints as apiTokens } from '@testbed/contract/endpoints/api-tokens';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

const tokenLists = [apiTokens.list, apiTokens.listOfUser];

export const useApiTokens = (userId: number) => useQuery(endpointQuery(apiTokens.listOfUser, { params: { userId } }));

export const useCreateApiToken = (userId: number) =>
  useChange((form: CreateApiToken) => call(apiTokens.create, { params: { userId }, body: form }), () => tokenLists);

/** Revokes any token the caller may revoke; every token list is read again. */
export const useRevokeApiToken = () => useChange((tokenId: number) => call(apiTokens.revoke, { params: { id: tokenId } }), () => tokenLists);

export const useAllApiTokens = () => useQuery(endpointQuery(apiTokens.list));
