// The name form of a thing that is only a name (a role, a group type) in its panel: on the new page with
// a way back to the list, on the thing's page with its delete button.
import { Button, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { DeleteButton } from './delete-button';
import { NameForm, type NameFormProps } from './name-form';

/** The form's field: the contract's schema, the field's name and its label. */
export type NameField<Values extends Record<string, string>> = Pick<NameFormProps<Values>, 'schema' | 'field' | 'label'>;

export interface NamePanelProps<Values extends Record<string, string>> extends Omit<NameFormProps<Values>, 'extraActions'> {
  cancel?: { label: string; to: string };
  remove?: { label: string; blockedReason?: string; onClick: () => void; loading: boolean };
}

export function NamePanel<Values extends Record<string, string>>({ cancel, remove, ...form }: NamePanelProps<Values>) {
  return (
    <Paper withBorder shadow="xs" radius="md" p="lg">
      <NameForm
        {...form}
        extraActions={
          <>
            {cancel && (
              <Button component={Link} to={cancel.to} variant="default">
                {cancel.label}
              </Button>
            )}
            {remove && (
              <DeleteButton blockedReason={remove.blockedReason} onClick={remove.onClick} loading={remove.loading}>
                {remove.label}
              </DeleteButton>
            )}
          </>
        }
      />
    </Paper>
  );
}
