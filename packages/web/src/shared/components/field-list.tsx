// A short list of "label: value" lines (an employer's fields in a confirmation or in a table's cell).
import { List } from '@mantine/core';

export function FieldList({ fields }: { fields: [label: string, value: string | null][] }) {
  return (
    <List size="sm" spacing={2}>
      {fields.map(([label, value]) => (
        <List.Item key={label}>
          <b>{label}:</b> {value ?? ''}
        </List.Item>
      ))}
    </List>
  );
}
