// Lists shown a page at a time (50 to a page for the reference lists and group types).
import { Group, Pagination, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export function usePage<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const total = Math.max(1, Math.ceil(items.length / pageSize));
  // A list that shrank (a deletion) keeps the page within range.
  useEffect(() => {
    if (page > total) setPage(total);
  }, [page, total]);
  const current = Math.min(page, total);
  return {
    page: current,
    total,
    setPage,
    rows: items.slice((current - 1) * pageSize, current * pageSize),
    first: items.length === 0 ? 0 : (current - 1) * pageSize + 1,
    last: Math.min(current * pageSize, items.length),
    count: items.length,
  };
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Page buttons under a list; nothing when everything fits on one page. */
export function PageControls({ pager, label }: { pager: ReturnType<typeof usePage>; label: string }) {
  if (pager.count === 0) return null;
  return (
    <Group justify="space-between" align="center">
      <Text size="sm" c="dimmed" aria-live="polite">
        {pager.first}–{pager.last} / {pager.count}
      </Text>
      {pager.total > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pager.total}
            value={pager.page}
            onChange={pager.setPage}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === pager.page ? 'page' : undefined })}
          />
        </nav>
      )}
    </Group>
  );
}
