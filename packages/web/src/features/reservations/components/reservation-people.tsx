// The people of a reservation as a row or a card shows them: a name, linked to the user's page for an
// administrator.
import { Anchor } from '@mantine/core';
import type { Reservation } from '@testbed/contract';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { personName } from '../reservation-display';

export function Person({ person, admin }: { person: Reservation['responsibleUser']; admin: boolean }) {
  const name = personName(person);
  return admin ? (
    <Anchor component={Link} to={paths.user.href(person.userId)} size="sm">
      {name}
    </Anchor>
  ) : (
    <>{name}</>
  );
}

/** The users involved, separated by commas. */
export function People({ reservation, admin }: { reservation: Reservation; admin: boolean }) {
  return reservation.users.map((person, index) => (
    <span key={person.userId}>
      {index > 0 && ', '}
      <Person person={person} admin={admin} />
    </span>
  ));
}
