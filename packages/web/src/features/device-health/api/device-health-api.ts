// Calls of the device health page (administrators).
import { queryOptions } from '@tanstack/react-query';
import { deviceHealthEndpoints as deviceHealth } from '@testbed/contract/endpoints/device-health';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export const deviceHealthOptions = queryOptions({ ...endpointQuery(deviceHealth.list), refetchInterval: 30_000 });

/** Puts a device in quarantine or releases it, with the administrator's note. */
export const useQuarantineChange = () =>
  useChange(
    ({ device, action, note }: { device: string; action: 'quarantine' | 'release'; note: string }) =>
      call(deviceHealth[action], { params: { mac: device }, body: { note } }),
    () => [deviceHealth.list],
  );
