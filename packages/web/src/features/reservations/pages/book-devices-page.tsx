// bookDevices/{id}: the booking form once the bookable devices and the reservation types are in. A user
// without a valid SSH key is sent to noSshkeyValid/{id}; a user who is not an administrator books for
// themself only.
import { messages } from '@testbed/contract';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { getSession, mayOpenAccount, useSession } from '../../../shared/session';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { deviceCatalogueOptions, nodesToReserveOptions, reservationTypesOptions, useMe } from '../api/reservations-api';
import { firstDeviceType, readBookingPage } from '../api/booking-page-reads';
import { filterNodes } from '../devices';
import { reportFailure } from '../../../shared/report-failure';
import { preloadable } from '../../../shared/preloadable';

// The form's code (the date and time pickers, the selects, the timeline, the devices table, the property
// filter: most of the page's weight) is fetched once the page's heading is in, while the page reads what the
// form shows first: the form cannot show before those reads anyway, and the first load has a budget. The form
// shows once its code and those reads are in, and then at once and whole (see shared/preloadable.tsx).
const bookingForm = preloadable(() => import('../components/booking-form').then((module) => module.BookingForm));
const propertyFilter = preloadable(() => import('../../../shared/components/property-filter').then((module) => module.PropertyFilter));
const BookingForm = bookingForm.Component;
const PropertyFilter = propertyFilter.Component;

/** On a first load, the page's reads start as its code arrives (app/router.tsx), not once it has rendered. */
export function prefetch(queryClient: QueryClient, params: { id?: string }, search: URLSearchParams) {
  const routeUserId = Number(params.id);
  if (mayOpenAccount(getSession().user, routeUserId, 'reservation:book')) void readBookingPage(queryClient, routeUserId, search.get('deviceType'));
}

export function BookDevicesPage() {
  useDocumentTitle(`${messages.BOOK_DEVICES} | Testbed Portal`);
  const { id } = useParams();
  const { user } = useSession();
  const routeUserId = Number(id);
  // ?deviceType= (Home's "book now" of a type) opens the form on that type when it is bookable.
  const askedType = useSearchParams()[0].get('deviceType');
  const allowed = mayOpenAccount(user, routeUserId, 'reservation:book');
  const ownPage = allowed && routeUserId === user?.userId;

  // The session's flag dates from sign-in; the server knows whether a key was added or removed since.
  const me = useMe(ownPage);
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
  const firstType = useMemo(() => (shown ? firstDeviceType(shown, askedType) : undefined), [shown, askedType]);

  // Settled either way: code that failed to come is asked again by the form's Suspense and ends in the
  // route's error, a read that failed is the form's own query's to show. A transition, as the deferred lists:
  // the form is built in slices.
  const queryClient = useQueryClient();
  const [firstViewSettled, setFirstViewSettled] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    const firstView = [bookingForm.preload(), propertyFilter.preload(), readBookingPage(queryClient, routeUserId, askedType)];
    void Promise.allSettled(firstView).then(() => startTransition(() => setFirstViewSettled(true)));
  }, [allowed, queryClient, routeUserId, askedType]);

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
        {failed || loading || !formInput || !firstViewSettled ? (
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
