// The header row of a table: each header a text, a text for screen readers only (the column of a row's
// buttons), or content with the cell's own props (an alignment, a width).
import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type TableHeader = string | { content: ReactNode; props?: TableThProps };

/** A header that only screen readers read. */
export function hiddenHeader(text: string): TableHeader {
  return { content: <VisuallyHidden>{text}</VisuallyHidden> };
}

export function HeaderRow({ headers }: { headers: readonly TableHeader[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header, index) =>
          typeof header === 'string' ? (
            <Table.Th key={index}>{header}</Table.Th>
          ) : (
            <Table.Th key={index} {...header.props}>
              {header.content}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
