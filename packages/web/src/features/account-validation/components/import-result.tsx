// An import's outcome: the accounts imported, and each rejected line with its error.
import { Stack, Table, Text } from '@mantine/core';
import { accountValidationMessages as text, type ImportAccountsReply } from '@testbed/contract';
import { fill } from './format';

export function ImportResult({ result }: { result: ImportAccountsReply }) {
  return (
    <Stack gap="xs" role="status">
      <Text fw={700} data-testid="imported-count">
        {fill(text.IMPORTED_COUNT, { count: result.count })}
      </Text>
      {result.errors.length > 0 && (
        <>
          <Text c="red.9" fw={500}>
            {fill(text.IMPORT_REJECTED, { count: result.errors.length })}
          </Text>
          <Table withTableBorder verticalSpacing={4} data-testid="import-errors">
            <Table.Tbody>
              {result.errors.map((error) => (
                <Table.Tr key={error.line}>
                  <Table.Th scope="row" w={90} style={{ whiteSpace: 'nowrap' }}>
                    {fill(text.IMPORT_LINE, { line: error.line })}
                  </Table.Th>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
