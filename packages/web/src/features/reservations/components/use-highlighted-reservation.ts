// The reservation a link pointed at (?highlight=): scrolled into view once it is listed, outlined, and
// marked as the current one for screen readers.
import type { Reservation } from '@testbed/contract';
import { useEffect, useRef } from 'react';

export type HighlightProps = ReturnType<ReturnType<typeof useHighlightedReservation>>;

export function useHighlightedReservation(reservations: readonly Reservation[], highlightedId: number | undefined) {
  const highlighted = useRef<HTMLElement | null>(null);
  const hasHighlight = reservations.some((reservation) => reservation.reservationId === highlightedId);

  useEffect(() => {
    if (hasHighlight) highlighted.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [hasHighlight]);

  /** The props of a reservation's row or card. */
  return (reservation: Reservation) => {
    const isHighlighted = reservation.reservationId === highlightedId;
    return {
      ref: isHighlighted
        ? (node: HTMLElement | null) => {
            highlighted.current = node;
          }
        : undefined,
      bg: isHighlighted ? 'yellow.1' : undefined,
      'aria-current': isHighlighted ? ('true' as const) : undefined,
      'data-reservation-id': reservation.reservationId,
      'data-highlighted': isHighlighted || undefined,
      style: isHighlighted ? { outline: '2px solid var(--mantine-color-yellow-8)', outlineOffset: -2 } : undefined,
    };
  };
}
