// What the booking page shows as it opens, read in one go: the form's lists (the bookable devices, the
// reservation types, the device catalogue), then, once the devices name the first type, that type's timeline,
// the maintenance windows and the user's limits. Started as the page's code arrives on a first load (its route's
// prefetch) and again by the page itself, which shows the form once they are settled: the form then paints
// once, timeline drawn, rather than empty and then filled in.
import type { QueryClient } from '@tanstack/react-query';
import type { NodesToReserve } from '@testbed/contract';
import { deviceTypeNames } from '../devices';
import { timelineWindow } from '../timeline-model';
import {
  deviceCatalogueOptions,
  maintenanceOptions,
  myUsageLimitsOptions,
  nodesToReserveOptions,
  reservationTimelineOptions,
  reservationTypesOptions,
} from './reservations-api';

/** The type the form opens on: the one asked for (?deviceType=) when it is bookable, else the first by name. */
export function firstDeviceType(nodes: NodesToReserve, askedType: string | null): string | undefined {
  const names = deviceTypeNames(nodes);
  return askedType && names.includes(askedType) ? askedType : names[0];
}

/**
 * Reads what the page shows first, each once however often it is called (a read in flight or fresh is not
 * asked again). Never rejects: a read that failed is shown by the page's own query.
 */
export async function readBookingPage(queryClient: QueryClient, userId: number, askedType: string | null): Promise<void> {
  // The first type's reads wait for the devices only, which name it. The window is reckoned then, not
  // before the page's first render: the first time zone a page reads builds ICU's data (tens of ms).
  const firstTypeReads = queryClient.fetchQuery(nodesToReserveOptions).then((nodes) => {
    const firstType = firstDeviceType(nodes, askedType);
    if (firstType === undefined) return;
    const window = timelineWindow(new Date());
    return Promise.all([
      queryClient.prefetchQuery(reservationTimelineOptions(userId, firstType, window)),
      queryClient.prefetchQuery(maintenanceOptions(window)),
      queryClient.prefetchQuery(myUsageLimitsOptions(userId)),
    ]);
  });
  await Promise.allSettled([firstTypeReads, queryClient.prefetchQuery(reservationTypesOptions), queryClient.prefetchQuery(deviceCatalogueOptions)]);
}
