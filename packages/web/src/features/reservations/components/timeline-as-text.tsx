// The reservation timeline's facts as a list, for whoever does not read the picture: shown on demand.
import { Box, List, Text, UnstyledButton } from '@mantine/core';
import { messages } from '@testbed/contract';
import { useState } from 'react';
import { formatDateTime, formatTime } from '../../../shared/time';
import { toDateString } from '../booking-times';
import type { BarKind, TimelineRow } from '../timeline-model';

export function TimelineAsText({ rows, now }: { rows: readonly TimelineRow[]; now: Date }) {
  const [open, setOpen] = useState(false);
  const kindLabel: Record<BarKind, string> = {
    mine: messages.TIMELINE_MINE,
    shared: messages.TIMELINE_SHARED,
    others: messages.TIMELINE_OTHERS,
    maintenance: messages.TIMELINE_MAINTENANCE,
  };
  return (
    <Box mt="xs">
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        fz="sm"
        c="var(--mantine-color-anchor)"
        td="underline"
      >
        {open ? messages.TIMELINE_HIDE_TEXT : messages.TIMELINE_SHOW_TEXT}
      </UnstyledButton>
      {open && (
        <List size="sm" mt={4} spacing={2}>
          {rows.map((row) => {
            const upcoming = row.bars.filter((bar) => bar.end > now);
            return (
              <List.Item key={row.macAddress}>
                <Text span ff="monospace" size="sm">
                  {row.ipAddress}
                </Text>
                {row.up ? '' : ` (${messages.DEVICE_DOWN})`}:{' '}
                {upcoming.length === 0
                  ? messages.TIMELINE_FREE_ALL_WEEK
                  : upcoming
                      .map(
                        (bar) =>
                          `${formatDateTime(bar.start.toISOString())} → ${toDateString(bar.end) === toDateString(bar.start) ? formatTime(bar.end) : formatDateTime(bar.end.toISOString())} (${bar.kind === 'maintenance' ? `${kindLabel.maintenance}: ${bar.description}` : `${kindLabel[bar.kind]}, #${bar.reservationId}`})`,
                      )
                      .join('; ')}
              </List.Item>
            );
          })}
        </List>
      )}
    </Box>
  );
}
