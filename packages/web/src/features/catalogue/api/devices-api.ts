// Calls of the devices page (catalogue and fleet state) and of the administrators' maintenance page.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deviceCatalogueSchema,
  maintenanceCreatedSchema,
  maintenancePreviewSchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
  type DeviceCatalogueQuery,
  type MaintenanceForm,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const catalogueOptions = (query: DeviceCatalogueQuery) =>
  queryOptions({
    queryKey: ['deviceCatalogue', query],
    queryFn: async ({ signal }) => {
      // `property` repeats in the query string; the api client takes single values, so it is built here.
      const params = new URLSearchParams();
      if (query.deviceType) params.set('deviceType', query.deviceType);
      if (query.state) params.set('state', query.state);
      for (const filter of query.property ?? []) params.append('property', filter);
      const search = params.toString();
      return deviceCatalogueSchema.parse(await api.get<unknown>(`/api/deviceCatalogue${search ? `?${search}` : ''}`, { signal }));
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const maintenanceListOptions = queryOptions({
  queryKey: ['maintenanceWindows', 'current'],
  queryFn: async ({ signal }) => maintenanceWindowListSchema.parse(await api.get<unknown>('/api/maintenanceWindows', { signal })),
});

export function usePreviewMaintenance() {
  return useMutation({
    mutationFn: async (form: MaintenanceForm) => maintenancePreviewSchema.parse(await api.post<unknown>('/api/maintenanceWindows/preview', form)),
  });
}

export function useCreateMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: MaintenanceForm) => maintenanceCreatedSchema.parse(await api.post<unknown>('/api/maintenanceWindows', form)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['maintenanceWindows'] }),
  });
}

export function useDeleteMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => maintenanceWindowSchema.parse(await api.delete<unknown>(`/api/maintenanceWindows/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['maintenanceWindows'] }),
  });
}
