// bookDevices/{id}: the booking form once the bookable devices and the reservation types are in. A user
// without a valid SSH key is sent to noSshkeyValid/{id}; a user who is not an administrator books for
// themself only.
import { messages } from '@testbed/contract';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import {
  deviceCatalogueOptions,
  maintenanceOptions,
  myUsageLimitsOptions,
  nodesToReserveOptions,
  reservationTimelineOptions,
  reservationTypesOptions,
  useMe,
} from '../api/reservations-api';
import { deviceTypeNames, filterNodes } from '../devices';
import { timelineWindow } from '../timeline-model';
import { reportFailure } from '../../../shared/report-failure';
import { preloadable } from '../../../shared/preloadable';

// The form's code (the date and time pickers, the selects, the timeline, the devices table, the property
// filter: most of the page's weight) is fetched while the page fetches the lists the form needs, after the
// page's frame has painted, rather than before it: the form cannot show before those lists anyway, and
// the first load has a budget. The form shows once both its code and the lists are in, and then at once (see
// shared/preloadable.tsx).
const bookingForm = preloadable(() => import('../components/booking-form').then((module) => module.BookingForm));
const propertyFilter = preloadable(() => import('../../../shared/components/property-filter').then((module) => module.PropertyFilter));
const BookingForm = bookingForm.Component;
const PropertyFilter = propertyFilter.Component;

export function BookDevicesPage() {
  useDocumentTitle(`${messages.BOOK_DEVICES} | Testbed Portal`);
  const { id } = useParams();
  const { user } = useSession();
  const routeUserId = Number(id);
  // ?deviceType= (Home's "book now" of a type) opens the form on that type when it is bookable.
  const askedType = useSearchParams()[0].get('deviceType');
  const ownPage = user !== null && routeUserId === user.userId;
  const allowed = user !== null && Number.isInteger(routeUserId) && routeUserId > 0 && (ownPage || may(user, 'reservation:book'));

  // The session's flag dates from sign-in; the server knows whether a key was added or removed since.
  const me = useMe(allowed && ownPage);
  const nodes = useQuery({ ...nodesToReserveOptions, enabled: allowed });
  const types = useQuery({ ...reservationTypesOptions, enabled: allowed });
  // The device catalogue only narrows the choices; the form works without it.
  const catalogue = useQuery({ ...deviceCatalogueOptions, enabled: allowed });
  const [filters, setFilters] = useState<string[]>([]);
  const shown = useMemo(() => (nodes.data ? filterNodes(nodes.data, catalogue.data, filters) : undefined), [nodes.data, catalogue.data, filters]);
  // Query results arrive through useSyncExternalStore, which renders at once and in one piece. The form (its
  // inputs, the timeline, the devices table) is a large tree on a large testbed: rendering it from a deferred
  // value lets React build it in short slices after the loader shows, so the page keeps answering meanwhile.
  const loaded = useMemo(() => (shown && types.data ? { nodes: shown, reservationTypes: types.data } : null), [shown, types.data]);
  const formInput = useDeferredValue(loaded, null);

  // Settled either way: code that failed to come is asked again by the form's Suspense and ends in the
  // route's error. A transition, as the deferred lists: the form is built in slices.
  const [formCodeSettled, setFormCodeSettled] = useState(false);
  useEffect(() => {
    void Promise.allSettled([bookingForm.preload(), propertyFilter.preload()]).then(() => startTransition(() => setFormCodeSettled(true)));
  }, []);

  // What the form reads as it first shows (the first type's timeline, the maintenance windows, the user's
  // limits) is asked for as soon as the devices are in, while the form's code may still be on its way: the
  // form then shows with its timeline drawn, and the task that shows it starts no request.
  const queryClient = useQueryClient();
  const firstType = useMemo(() => {
    const names = shown ? deviceTypeNames(shown) : [];
    return askedType && names.includes(askedType) ? askedType : names[0];
  }, [shown, askedType]);
  useEffect(() => {
    if (!allowed || firstType === undefined) return;
    const window = timelineWindow(new Date());
    void queryClient.prefetchQuery(reservationTimelineOptions(routeUserId, firstType, window));
    void queryClient.prefetchQuery(maintenanceOptions(window));
    void queryClient.prefetchQuery(myUsageLimitsOptions(routeUserId));
  }, [allowed, firstType, queryClient, routeUserId]);

  useEffect(() => {
    for (const error of [nodes.error, types.error]) if (error) reportFailure('bookable devices could not be loaded', error);
  }, [nodes.error, types.error]);

  if (!user) return null;
  if (!allowed) return <Navigate to={paths.bookDevices.href(user.userId)} replace />;
  if (ownPage && me.data && !me.data.hasSshKey) return <Navigate to={paths.noSshKeyValid.href(user.userId)} replace />;

  const loading = nodes.isPending || types.isPending || (ownPage && me.isPending);
  const failed = nodes.isError || types.isError;

  // The frame of the flash page too: the title, then the failure or the loader until the lists are in.
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1}>{messages.BOOK_DEVICES}</Title>
        {failed || loading || !formInput || !formCodeSettled ? (
          <QueryPlaceholder failure={failed ? messages.LOADING_FAILED_TEXT : null} />
        ) : (
          <Suspense fallback={<QueryPlaceholder failure={null} />}>
            {catalogue.data && catalogue.data.facets.length > 0 && <PropertyFilter facets={catalogue.data.facets} value={filters} onChange={setFilters} />}
            <BookingForm userId={routeUserId} nodes={formInput.nodes} reservationTypes={formInput.reservationTypes} initialDeviceType={firstType} />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}

export { BookDevicesPage as Component };
