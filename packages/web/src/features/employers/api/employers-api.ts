// The employers calls: employers themselves, a user's employments, and the reference lists their forms offer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  employerListSchema,
  employerSchema,
  employerTypeListSchema,
  professionalStatusListSchema,
  userDetailsSchema,
  userEmployerReplySchema,
  type CreateUserEmployerForm,
  type Employer,
  type EmployerForm,
  type EmployerType,
  type ProfessionalStatus,
  type UpdateUserEmployerForm,
  type UserDetails,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';
import { reportFailure } from '../../../shared/report-failure';

// One typed fetcher per endpoint, as in every feature's api: alike in shape, each with its own path and schema.
export const employerKeys = {
  all: ['employers'] as const,
  list: () => [...employerKeys.all, 'list'] as const,
  detail: (id: number) => [...employerKeys.all, 'detail', id] as const,
  user: (userId: number) => ['users', 'detail', userId] as const,
  employerTypes: ['employerTypes'] as const,
  professionalStatuses: ['professionalStatusList'] as const,
};

export const getEmployers = async (signal?: AbortSignal): Promise<Employer[]> =>
  employerListSchema.parse(await api.get<unknown>('/api/employers', { signal }));
export const getEmployer = async (id: number, signal?: AbortSignal): Promise<Employer> =>
  employerSchema.parse(await api.get<unknown>(`/api/employer/${id}`, { signal }));
export const getUser = async (id: number, signal?: AbortSignal): Promise<UserDetails> =>
  userDetailsSchema.parse(await api.get<unknown>(`/api/user/${id}`, { signal }));

/** The spec's reference lists fall back to an empty list on failure. */
async function orEmpty<T>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    reportFailure(`Loading the ${what} failed`, error);
    return [];
  }
}
export const getEmployerTypes = (signal?: AbortSignal): Promise<EmployerType[]> =>
  orEmpty(async () => employerTypeListSchema.parse(await api.get<unknown>('/api/employerTypes', { signal })), 'employer types');
export const getProfessionalStatuses = (signal?: AbortSignal): Promise<ProfessionalStatus[]> =>
  orEmpty(
    async () => professionalStatusListSchema.parse(await api.get<unknown>('/api/professionalStatusList', { signal })),
    'professional statuses',
  );

export const createEmployer = async (form: EmployerForm) => employerSchema.parse(await api.post<unknown>('/api/employer', form));
export const updateEmployer = async ({ id, form }: { id: number; form: EmployerForm }) =>
  employerSchema.parse(await api.put<unknown>(`/api/employer/${id}`, form));
export const deleteEmployer = async (id: number) => {
  await api.delete<unknown>(`/api/employer/${id}`);
};
export const createUserEmployer = async ({ userId, form }: { userId: number; form: CreateUserEmployerForm }) =>
  userEmployerReplySchema.parse(await api.post<unknown>(`/api/employer/createToUser/${userId}`, form));
export const updateUserEmployer = async (form: UpdateUserEmployerForm) =>
  userEmployerReplySchema.parse(await api.put<unknown>('/api/employer/updateToUser', form));

export const employersQuery = () => queryOptions({ queryKey: employerKeys.list(), queryFn: ({ signal }) => getEmployers(signal) });

export const useEmployers = (enabled = true) => useQuery({ ...employersQuery(), enabled });
export const useEmployer = (id: number, enabled = true) =>
  useQuery({ queryKey: employerKeys.detail(id), queryFn: ({ signal }) => getEmployer(id, signal), enabled });
export const useUserDetails = (userId: number, enabled = true) =>
  useQuery({ queryKey: employerKeys.user(userId), queryFn: ({ signal }) => getUser(userId, signal), enabled });
export const useEmployerTypes = () =>
  useQuery({ queryKey: employerKeys.employerTypes, queryFn: ({ signal }) => getEmployerTypes(signal), staleTime: 5 * 60_000 });
export const useProfessionalStatuses = () =>
  useQuery({ queryKey: employerKeys.professionalStatuses, queryFn: ({ signal }) => getProfessionalStatuses(signal), staleTime: 5 * 60_000 });

function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>, keys: (args: A) => readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_reply, args) => Promise.all(keys(args).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateEmployer = () => useInvalidating(createEmployer, () => [employerKeys.all]);
export const useUpdateEmployer = () => useInvalidating(updateEmployer, () => [employerKeys.all]);
export const useDeleteEmployer = () => useInvalidating(deleteEmployer, () => [employerKeys.all]);
export const useCreateUserEmployer = () =>
  useInvalidating(createUserEmployer, ({ userId }) => [employerKeys.all, employerKeys.user(userId)]);
export const useUpdateUserEmployer = (userId: number) => useInvalidating(updateUserEmployer, () => [employerKeys.user(userId)]);
