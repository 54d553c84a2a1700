// The links of a list's row: its name leading to the thing's page, and the small details button beside
// the delete button.
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';

export function RowLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

/** `label` is the button's text; `name` names the row, so that each button has its own accessible name. */
export function DetailsButton({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Button size="xs" variant="default" component={Link} to={to} aria-label={`${label} ${name}`}>
      {label}
    </Button>
  );
}
