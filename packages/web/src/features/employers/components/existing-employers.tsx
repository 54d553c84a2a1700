// The employers already known, to pick from instead of typing one: searched by institute, laboratory or
// country; a double-click on a row, or its Use button, chooses it.
import { Anchor, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { employerMessages, type Employer } from '@testbed/contract';
import { useMemo, useState } from 'react';
import { HeaderRow, hiddenHeader } from '../../../shared/components/header-row';

export interface ExistingEmployersProps {
  employers: Employer[];
  selected: Employer | null;
  onChoose: (employer: Employer) => void;
}

export function ExistingEmployers({ employers, selected, onChoose }: ExistingEmployersProps) {
  const [search, setSearch] = useState('');
  const found = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? employers.filter((e) => `${e.instituteName} ${e.laboratoryName ?? ''} ${e.countryName}`.toLowerCase().includes(needle)) : employers;
  }, [employers, search]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text fw={700} component="h2" size="lg">
          {employerMessages.EXISTING_EMPLOYERS}
        </Text>
        <Text size="sm" c="dimmed">
          {employerMessages.EXISTING_HINT}
        </Text>
        <TextInput label={employerMessages.SEARCH_EMPLOYER} value={search} onChange={(e) => setSearch(e.currentTarget.value)} maw={360} />
        <ScrollArea.Autosize mah={240} type="auto">
          <Table highlightOnHover verticalSpacing={4}>
            <HeaderRow headers={[employerMessages.INSTITUTE_NAME, employerMessages.LABORATORY_NAME, employerMessages.COUNTRY, hiddenHeader(employerMessages.SELECTED_EXISTING)]} />
            <Table.Tbody>
              {found.map((row) => (
                <Table.Tr
                  key={row.employerId}
                  onDoubleClick={() => onChoose(row)}
                  style={{ cursor: 'pointer' }}
                  bg={selected?.employerId === row.employerId ? 'var(--mantine-color-blue-1)' : undefined}
                  data-testid="existing-employer-row"
                >
                  <Table.Td>{row.instituteName}</Table.Td>
                  <Table.Td>{row.laboratoryName}</Table.Td>
                  <Table.Td>{row.countryName}</Table.Td>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => onChoose(row)} aria-label={`${employerMessages.USE} ${row.instituteName}`}>
                      {employerMessages.USE}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
