// The existing employers, to pick one instead of typing it again: a double-click on a row (or Enter on a
// focused row) fills the employer fields of the form.
import { ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { registrationMessages, type SignupEmployer } from '@testbed/contract';
import { useMemo, useState } from 'react';
import { HeaderRow } from '../../../shared/components/header-row';

export interface EmployerPickerProps {
  employers: SignupEmployer[];
  pickedId: number | null;
  onPick: (employer: SignupEmployer) => void;
}

/** The table's columns, which are also the values a search looks in. */
const COLUMNS: Array<{ header: string; value: (employer: SignupEmployer) => string | null | undefined }> = [
  { header: registrationMessages.INSTITUTE_NAME, value: (employer) => employer.instituteName },
  { header: registrationMessages.LABORATORY_NAME, value: (employer) => employer.laboratoryName },
  { header: registrationMessages.TEAM_NAME, value: (employer) => employer.teamName },
  { header: registrationMessages.LOCATION, value: (employer) => employer.location },
  { header: registrationMessages.COUNTRY, value: (employer) => employer.countryName },
];

const matches = (employer: SignupEmployer, search: string) =>
  COLUMNS.some((column) => column.value(employer)?.toLowerCase().includes(search));

export function EmployerPicker({ employers, pickedId, onPick }: EmployerPickerProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? employers.filter((employer) => matches(employer, needle)) : employers;
  }, [employers, search]);

  return (
    <div>
      <Text fw={600} size="sm" id="existing-employers-title">
        {registrationMessages.EXISTING_EMPLOYERS}
      </Text>
      <Text size="sm" c="dimmed" mb="xs" id="existing-employers-help">
        {registrationMessages.EXISTING_EMPLOYERS_HELP}
      </Text>
      <TextInput
        label={registrationMessages.SEARCH_EMPLOYERS}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="xs"
        size="sm"
      />
      <ScrollArea.Autosize mah={220} type="auto">
        <Table
          striped
          highlightOnHover
          aria-labelledby="existing-employers-title"
          aria-describedby="existing-employers-help"
          data-testid="existing-employers"
        >
          <HeaderRow headers={COLUMNS.map((column) => column.header)} />
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>{registrationMessages.NO_EMPLOYER}</Table.Td>
              </Table.Tr>
            ) : (
              shown.map((employer) => (
                <Table.Tr
                  key={employer.employerId}
                  tabIndex={0}
                  aria-selected={employer.employerId === pickedId}
                  bg={employer.employerId === pickedId ? 'var(--mantine-color-blue-light)' : undefined}
                  style={{ cursor: 'pointer' }}
                  onDoubleClick={() => onPick(employer)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      onPick(employer);
                    }
                  }}
                >
                  {COLUMNS.map((column) => (
                    <Table.Td key={column.header}>{column.value(employer)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
