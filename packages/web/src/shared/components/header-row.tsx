// The header of a table whose headers are plain texts, in order.
import { Table } from '@mantine/core';

export function HeaderRow({ headers }: { headers: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header) => (
          <Table.Th key={header}>{header}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
