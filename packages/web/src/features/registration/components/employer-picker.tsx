// The existing employers, to pick one instead of typing it again: a double-click on a row (or Enter on a
// focused row) fills the employer fields of the form (accounts document, section 2, employer screens).
import { ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { registrationMessages, type SignupEmployer } from '@testbed/contract';
import { useMemo, useState } from 'react';

export interface EmployerPickerProps {
  employers: SignupEmployer[];
  pickedId: number | null;
  onPick: (employer: SignupEmployer) => void;
}

const matches = (employer: SignupEmployer, search: string) =>
  [employer.instituteName, employer.laboratoryName, employer.teamName, employer.location, employer.countryName]
    .filter(Boolean)
    .some((value) => value!.toLowerCase().includes(search));

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
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{registrationMessages.INSTITUTE_NAME}</Table.Th>
              <Table.Th>{registrationMessages.LABORATORY_NAME}</Table.Th>
              <Table.Th>{registrationMessages.TEAM_NAME}</Table.Th>
              <Table.Th>{registrationMessages.LOCATION}</Table.Th>
              <Table.Th>{registrationMessages.COUNTRY}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>{registrationMessages.NO_EMPLOYER}</Table.Td>
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
                  <Table.Td>{employer.instituteName}</Table.Td>
                  <Table.Td>{employer.laboratoryName}</Table.Td>
                  <Table.Td>{employer.teamName}</Table.Td>
                  <Table.Td>{employer.location}</Table.Td>
                  <Table.Td>{employer.countryName}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
