// The intended usages calls: a hook per use, each calling its endpoint of the contract's table.
import { useQuery } from '@tanstack/react-query';
import type { IntendedUsageForm } from '@testbed/contract';
import { intendedUsagesEndpoints as intendedUsages } from '@testbed/contract/endpoints/intended-usages';
import { usersEndpoints as users } from '@testbed/contract/endpoints/users';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';

const intendedUsageReads = [intendedUsages.list, intendedUsages.get];

export const useIntendedUsages = () => useQuery(endpointQuery(intendedUsages.list));

export const useAddIntendedUsage = () =>
  useChange(
    ({ userId, form }: { userId: number; form: IntendedUsageForm }) => call(intendedUsages.create, { params: { userId }, body: form }),
    ({ userId }) => [...intendedUsageReads, keyOf(users.details, { params: { id: userId } })],
  );

export const useDeleteIntendedUsage = () => useChange((id: number) => call(intendedUsages.delete, { params: { id } }), () => intendedUsageReads);
