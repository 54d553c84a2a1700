// The validation label of a user (docs/web-app.md): Pending in red, No pending in green (shades dark enough for
// white small text).
import { Badge } from '@mantine/core';
import { userMessages } from '@testbed/contract';

export const DARK_GREEN = '#1b5e20';

export function ValidationBadge({ pending }: { pending: boolean }) {
  return (
    // A badge shrinks with its table cell and cuts its text; it keeps its whole width instead.
    <Badge variant="filled" color={pending ? 'red.9' : DARK_GREEN} data-pending={pending} miw="max-content">
      {pending ? userMessages.PENDING : userMessages.NO_PENDING}
    </Badge>
  );
}
