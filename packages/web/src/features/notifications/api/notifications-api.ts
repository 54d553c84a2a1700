// Calls of the notification bell, each an endpoint of the contract's table.
import { queryOptions } from '@tanstack/react-query';
import { NOTIFICATION_REFRESH_MS } from '@testbed/contract';
import { notificationsEndpoints as notifications } from '@testbed/contract/endpoints/notifications';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

/** One's notifications, read again every 30 s: the browser asks with the ETag it holds, a 304 while nothing changed. */
export const notificationsOptions = queryOptions({ ...endpointQuery(notifications.mine), refetchInterval: NOTIFICATION_REFRESH_MS });

export const useMarkRead = () => useChange((id: number) => call(notifications.markRead, { params: { id } }), () => [notifications.mine]);

export const useMarkAllRead = () => useChange(() => call(notifications.markAllRead), () => [notifications.mine]);
