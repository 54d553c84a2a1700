import { messages } from '@testbed/contract';
import { Badge } from '@mantine/core';
import type { DeviceCatalogueState } from '@testbed/contract';

// Filled in dark shades: white text on them keeps a contrast of at least 4.5:1.
export const STATE_COLORS: Record<DeviceCatalogueState, string> = {
  up: 'teal.9',
  booked: 'blue.9',
  flashing: 'indigo.9',
  down: 'gray.7',
  quarantined: 'red.9',
  maintenance: 'grape.9',
};

export function StateBadge({ state }: { state: DeviceCatalogueState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" styles={{ root: { textTransform: 'none' } }}>
      {messages[`FLEET_${state}`]}
    </Badge>
  );
}
