// Choosing one active account by name (GET /api/validUsers): administrators use it to pick the user a
// key, a group membership ... is for.
import { messages } from '@testbed/contract';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ValidUser } from '@testbed/contract';
import { userDirectoryEndpoints } from '@testbed/contract/endpoints/user-directory';
import { useMemo, useState } from 'react';
import { endpointQuery } from '../endpoint-query';

const SEARCH_DEBOUNCE_MS = 200;

export function userLabel(user: Pick<ValidUser, 'firstname' | 'lastname' | 'username'>): string {
  return `${user.lastname} ${user.firstname} (${user.username})`;
}

const searchQuery = (name: string) => endpointQuery(userDirectoryEndpoints.search, { query: { name: name || undefined, limit: 50 } });

export interface UserPickerProps {
  label: string;
  value: ValidUser | null;
  onChange: (user: ValidUser | null) => void;
  /** Users not to offer (e.g. the members already in a group). */
  exclude?: readonly number[];
  placeholder?: string;
  nothingFound?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

export function UserPicker({ label, value, onChange, exclude = [], placeholder, nothingFound, error, required, disabled }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // While a user is picked, the search box shows their label: it is not a new search.
  const term = value && search === userLabel(value) ? '' : debounced;
  const found = useQuery({
    ...searchQuery(term),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const known = useMemo(() => {
    const byId = new Map<number, ValidUser>();
    if (value) byId.set(value.userId, value);
    for (const user of found.data ?? []) if (!exclude.includes(user.userId)) byId.set(user.userId, user);
    return byId;
  }, [value, found.data, exclude]);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={[...known.values()].map((user) => ({ value: String(user.userId), label: userLabel(user) }))}
      value={value ? String(value.userId) : null}
      onChange={(id) => onChange(id ? (known.get(Number(id)) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={found.isFetching ? messages.LOADING : (nothingFound ?? messages.NO_USER_FOUND)}
      rightSection={found.isFetching ? <Loader size="xs" aria-label={messages.LOADING} /> : undefined}
      clearable
      clearButtonProps={{ 'aria-label': `${messages.CLOSE}: ${label}` }}
      error={error}
      required={required}
      disabled={disabled}
      maxDropdownHeight={280}
    />
  );
}
