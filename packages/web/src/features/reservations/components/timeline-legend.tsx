// The reservation timeline's legend: a swatch per kind of bar, the choice being booked and the click hint.
import { Box, Group, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { BAR_COLORS, SELECTION_COLOR } from './timeline-geometry';

export function TimelineLegend({ selection, interactive }: { selection: boolean; interactive: boolean }) {
  return (
    <Group gap="lg" mt="xs" wrap="wrap" aria-label={messages.TIMELINE_LEGEND} role="group">
      <LegendItem swatch={BAR_COLORS.mine.fill} label={messages.TIMELINE_MINE} />
      <LegendItem swatch={BAR_COLORS.shared.fill} stripe={BAR_COLORS.shared.stroke} label={messages.TIMELINE_SHARED} />
      <LegendItem swatch={BAR_COLORS.others.fill} label={messages.TIMELINE_OTHERS} />
      <LegendItem swatch={BAR_COLORS.maintenance.fill} label={messages.TIMELINE_MAINTENANCE} />
      <LegendItem swatch="#ced4da" label={messages.TIMELINE_PAST_OR_DOWN} />
      {selection && <LegendItem swatch="#d1e0ee" outline={SELECTION_COLOR} label={messages.TIMELINE_YOUR_CHOICE} />}
      {interactive && (
        <Text size="sm" c="dimmed">
          {messages.TIMELINE_CLICK_HINT}
        </Text>
      )}
    </Group>
  );
}

function LegendItem({ swatch, stripe, outline, label }: { swatch: string; stripe?: string; outline?: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        w={14}
        h={14}
        style={{
          borderRadius: 3,
          background: stripe ? `repeating-linear-gradient(45deg, ${swatch} 0 4px, ${stripe} 4px 6px)` : swatch,
          border: outline ? `1px dashed ${outline}` : '1px solid #495057',
        }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

