// A striped table inside a box that scrolls sideways on a narrow screen. The box is a region that bears the
// table's name and takes the focus, so that the keyboard can scroll it too. The page gives the headers and rows.
import { Box, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeaderRow, type TableHeader } from './header-row';

export interface ScrollTableProps extends Omit<TableProps, 'children'> {
  /** Names the region and the table; `labelledBy`, the id of a heading that names them, instead. */
  label?: string;
  labelledBy?: string;
  headers: readonly TableHeader[];
  /** The rows of the body. */
  children: ReactNode;
  /** Shown under the table, inside the region (a "load more" button). */
  after?: ReactNode;
  /**
   * False where a section around the table already bears its name: the box then only scrolls, since two
   * landmarks of one name cannot be told apart.
   */
  landmark?: boolean;
}

export function ScrollTable({ label, labelledBy, headers, children, after, landmark = true, ...tableProps }: ScrollTableProps) {
  const name = { 'aria-label': label, 'aria-labelledby': labelledBy };
  const region = landmark ? { tabIndex: 0, role: 'region', ...name } : {};
  return (
    <Box style={{ overflowX: 'auto' }} {...region}>
      <Table striped withTableBorder {...tableProps} {...name}>
        <HeaderRow headers={headers} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      {after}
    </Box>
  );
}
