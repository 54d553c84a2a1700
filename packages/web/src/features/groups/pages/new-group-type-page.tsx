// Creating a group type (administrators): a label; once created, its page opens.
import { Button, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages, groupTypeFormSchema } from '@testbed/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCreateGroupType } from '../api/groups';
import { NameForm } from '../../../shared/components/name-form';
import { notifySuccess } from '../../../shared/notify';

export function NewGroupTypePage() {
  useDocumentTitle(`${groupMessages.NEW_GROUP_TYPE} | Testbed Portal`);
  const create = useCreateGroupType();
  const navigate = useNavigate();
  return (
    <Stack maw={640} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {groupMessages.NEW_GROUP_TYPE}
      </Title>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <NameForm
          schema={groupTypeFormSchema}
          field="label"
          label={groupMessages.LABEL}
          submitLabel={groupMessages.CREATE_GROUP_TYPE}
          pending={create.isPending}
          error={create.error}
          onSubmit={(form) =>
            create.mutate(form, {
              onSuccess: (type) => {
                notifySuccess(groupMessages.CREATED);
                void navigate(paths.groupType.href(type.groupTypeId));
              },
            })
          }
          extraActions={
            <Button component={Link} to={paths.groupTypes.href()} variant="default">
              {groupMessages.CANCEL}
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}

export { NewGroupTypePage as Component };
