// The last cell of an administrators' list row: its delete button behind the confirmation dialog, with
// any other buttons before it; namedRowActions is that cell for the lists of named things with pages.
import { Group } from '@mantine/core';
import { commonMessages } from '@testbed/contract';
import type { ReactNode } from 'react';
import { DeleteButton } from './delete-button';
import { DetailsButton } from './row-links';

export interface AdminListDelete<Row, Id> {
  /** The header of the column holding the delete button; `hideHeader` keeps it for screen readers only. */
  header: string;
  hideHeader?: boolean;
  buttonText: string;
  /** Names the row, so that every delete button of the table has its own accessible name. */
  accessibleName: (row: Row) => string;
  /** Why the row cannot be deleted now: the button is then disabled and says why. */
  blockedReason?: (row: Row) => string | undefined;
  blockedColor?: string;
  /** Buttons shown before the delete button, in the same cell (a details link). */
  otherActions?: (row: Row) => ReactNode;
  /** The feature's confirmed delete: `start` asks and deletes, `dialog` is its confirmation. */
  flow: { start: (row: Row) => unknown; pendingId: Id | undefined; dialog: ReactNode };
}

export interface NamedRowActions<Row, Id> extends Pick<AdminListDelete<Row, Id>, 'blockedReason' | 'flow'> {
  nameOf: (row: Row) => string;
  /** The row's page, which its details button opens. */
  hrefOf: (row: Row) => string;
  detailsLabel: string;
  deleteLabel: string;
}

/** A details button and a delete button, each named "<label> <row's name>", under a hidden "Actions" header. */
export function namedRowActions<Row, Id>({ nameOf, hrefOf, detailsLabel, deleteLabel, ...rest }: NamedRowActions<Row, Id>): AdminListDelete<Row, Id> {
  return {
    header: commonMessages.ACTIONS,
    hideHeader: true,
    buttonText: deleteLabel,
    accessibleName: (row) => `${deleteLabel} ${nameOf(row)}`,
    otherActions: (row) => <DetailsButton to={hrefOf(row)} label={detailsLabel} name={nameOf(row)} />,
    ...rest,
  };
}

export function RowActions<Row, Id>({ row, remove, pending }: { row: Row; remove: AdminListDelete<Row, Id>; pending: boolean }) {
  const button = (
    <DeleteButton
      size="xs"
      aria-label={remove.accessibleName(row)}
      blockedReason={remove.blockedReason?.(row)}
      blockedColor={remove.blockedColor}
      loading={pending}
      onClick={() => void remove.flow.start(row)}
    >
      {remove.buttonText}
    </DeleteButton>
  );
  if (!remove.otherActions) return button;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {remove.otherActions(row)}
      {button}
    </Group>
  );
}
