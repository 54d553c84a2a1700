// The employers calls: employers themselves, a user's employments, and the reference lists their forms offer.
import { useQuery } from '@tanstack/react-query';
import type { CreateUserEmployerForm, EmployerForm, UpdateUserEmployerForm } from '@testbed/contract';
import { employersEndpoints as employers } from '@testbed/contract/endpoints/employers';
import { referenceListsEndpoints as referenceLists } from '@testbed/contract/endpoints/reference-lists';
import { usersEndpoints as users } from '@testbed/contract/endpoints/users';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';
import { reportFailure } from '../../../shared/report-failure';

/** The reference lists fall back to an empty list on failure (docs/web-app.md). */
async function orEmpty<T>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    reportFailure(`Loading the ${what} failed`, error);
    return [];
  }
}

export const useEmployers = (enabled = true) => useQuery({ ...endpointQuery(employers.list), enabled });
export const useEmployer = (id: number, enabled = true) => useQuery({ ...endpointQuery(employers.get, { params: { id } }), enabled });
export const useUserDetails = (userId: number, enabled = true) =>
  useQuery({ ...endpointQuery(users.details, { params: { id: userId } }), enabled });
// Kept apart from the plain replies of the same endpoints (another key), as a failure is kept as an empty list.
export const useEmployerTypes = () =>
  useQuery({
    queryKey: [...keyOf(referenceLists.employerTypes), 'or-empty'],
    queryFn: ({ signal }) => orEmpty(() => call(referenceLists.employerTypes, {}, { signal }), 'employer types'),
    staleTime: 5 * 60_000,
  });
export const useProfessionalStatuses = () =>
  useQuery({
    queryKey: [...keyOf(referenceLists.professionalStatuses), 'or-empty'],
    queryFn: ({ signal }) => orEmpty(() => call(referenceLists.professionalStatuses, {}, { signal }), 'professional statuses'),
    staleTime: 5 * 60_000,
  });

const employerReads = [employers.list, employers.get];
export const useCreateEmployer = () => useChange((form: EmployerForm) => call(employers.create, { body: form }), () => employerReads);
export const useUpdateEmployer = () =>
  useChange(({ id, form }: { id: number; form: EmployerForm }) => call(employers.update, { params: { id }, body: form }), () => employerReads);
export const useDeleteEmployer = () => useChange((id: number) => call(employers.delete, { params: { id } }), () => employerReads);
export const useCreateUserEmployer = () =>
  useChange(
    ({ userId, form }: { userId: number; form: CreateUserEmployerForm }) => call(employers.createToUser, { params: { userId }, body: form }),
    ({ userId }) => [...employerReads, keyOf(users.details, { params: { id: userId } })],
  );
export const useUpdateUserEmployer = (userId: number) =>
  useChange((form: UpdateUserEmployerForm) => call(employers.updateToUser, { body: form }), () => [keyOf(users.details, { params: { id: userId } })]);
