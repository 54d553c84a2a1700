// Occupancy by hour of the week as a table: one row per day, one cell per hour, shaded by the share of the
// busiest hour, each cell also giving its figure so that the table reads without the colours.
import { messages } from '@testbed/contract';
import { Box, Table, Text } from '@mantine/core';
import type { Statistics } from '@testbed/contract';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** A blue from white to dark; text turns white on the darker half so both keep a 4.5:1 contrast. */
function shade(share: number): { background: string; color: string } {
  const lightness = Math.round(97 - share * 72);
  return { background: `hsl(212 80% ${lightness}%)`, color: lightness < 55 ? '#fff' : '#111' };
}

export function HeatMap({ cells }: { cells: Statistics['occupancyByHourOfWeek'] }) {
  const byCell = new Map(cells.map((cell) => [`${cell.day}-${cell.hour}`, cell.deviceHours]));
  const max = Math.max(0, ...cells.map((cell) => cell.deviceHours));
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={messages.STAT_OCCUPANCY}>
      <Table withTableBorder withColumnBorders horizontalSpacing={2} verticalSpacing={2} miw={900} aria-label={messages.STAT_OCCUPANCY} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{messages.HOUR_OF_DAY}</Table.Th>
            {HOURS.map((hour) => (
              <Table.Th key={hour} scope="col" ta="center">
                {String(hour).padStart(2, '0')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DAYS.map((day) => (
            <Table.Tr key={day}>
              <Table.Th scope="row">{messages[`DAY_${day}`]}</Table.Th>
              {HOURS.map((hour) => {
                const value = byCell.get(`${day}-${hour}`) ?? 0;
                const colours = shade(max > 0 ? value / max : 0);
                return (
                  <Table.Td key={hour} ta="center" style={{ backgroundColor: colours.background }} data-cell={`${day}-${hour}`}>
                    <Text span fz="xs" style={{ color: colours.color }}>
                      {value > 0 ? (value >= 10 ? Math.round(value) : value.toFixed(1)) : ''}
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
