// The additional users of a booking: a multi-select searched on the server by last name (at most 100
// results, 200 ms after the last key), the chosen people shown as removable chips.
import { messages } from '@testbed/contract';
import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ValidUser } from '@testbed/contract';
import { useMemo, useState } from 'react';
import { validUsersOptions } from '../api/reservations-api';

export const USER_SEARCH_DEBOUNCE_MS = 200;

export function userLabel(user: Pick<ValidUser, 'firstname' | 'lastname' | 'username'>): string {
  return `${user.lastname} ${user.firstname} (${user.username})`;
}

export interface ColleaguesSelectProps {
  /** The person booking: never offered as a colleague. */
  excludeUserId: number;
  value: ValidUser[];
  onChange: (users: ValidUser[]) => void;
  disabled?: boolean;
}

export function ColleaguesSelect({ excludeUserId, value, onChange, disabled }: ColleaguesSelectProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  // The previous answer stays on screen while the next one loads, so the list does not flicker.
  const found = useQuery({ ...validUsersOptions(debounced), enabled: opened || debounced !== '', placeholderData: keepPreviousData });

  // The chosen people stay in the options so that their chips keep a label whatever the search shows.
  const known = useMemo(() => {
    const byId = new Map<number, ValidUser>();
    for (const user of value) byId.set(user.userId, user);
    for (const user of found.data ?? []) if (user.userId !== excludeUserId) byId.set(user.userId, user);
    return byId;
  }, [value, found.data, excludeUserId]);

  const data = [...known.values()].map((user) => ({ value: String(user.userId), label: userLabel(user) }));

  return (
    <MultiSelect
      label={messages.ADDITIONAL_USERS}
      description={messages.ADDITIONAL_USERS_HINT}
      placeholder={value.length === 0 ? messages.SEARCH_BY_LAST_NAME : undefined}
      data={data}
      value={value.map((user) => String(user.userId))}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))).filter((user): user is ValidUser => user !== undefined))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the name; the list shows its answer as it is.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={found.isFetching ? messages.LOADING : messages.NO_USER_FOUND}
      rightSection={found.isFetching ? <Loader size="xs" aria-label={messages.LOADING} /> : undefined}
      hidePickedOptions
      clearable
      clearButtonProps={{ 'aria-label': messages.REMOVE_ALL_USERS }}
      disabled={disabled}
      maxDropdownHeight={280}
    />
  );
}
