// Calls of the devices page (catalogue and fleet state) and of the administrators' maintenance page.
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { DeviceCatalogueQuery, MaintenanceForm } from '@testbed/contract';
import { catalogueEndpoints as catalogue } from '@testbed/contract/endpoints/catalogue';
import { maintenanceEndpoints as maintenance } from '@testbed/contract/endpoints/maintenance';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export const catalogueOptions = (query: DeviceCatalogueQuery) =>
  queryOptions({ ...endpointQuery(catalogue.catalogue, { query }), placeholderData: keepPreviousData, refetchInterval: 30_000 });

export const maintenanceListOptions = endpointQuery(maintenance.list);

export const usePreviewMaintenance = () => useMutation({ mutationFn: (form: MaintenanceForm) => call(maintenance.preview, { body: form }) });

export const useCreateMaintenance = () => useChange((form: MaintenanceForm) => call(maintenance.create, { body: form }), () => [maintenance.list]);

export const useDeleteMaintenance = () => useChange((id: number) => call(maintenance.remove, { params: { id } }), () => [maintenance.list]);
