// Creating a role (administrators): a role name; once created, its page opens.
import { Button, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { roleFormSchema, roleMessages } from '@testbed/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCreateRole } from '../api/roles';
import { NameForm } from '../../../shared/components/name-form';
import { notifySuccess } from '../../../shared/notify';

export function NewRolePage() {
  useDocumentTitle(`${roleMessages.NEW_ROLE} | Testbed Portal`);
  const create = useCreateRole();
  const navigate = useNavigate();
  return (
    <Stack maw={640} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {roleMessages.NEW_ROLE}
      </Title>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <NameForm
          schema={roleFormSchema}
          field="roleName"
          label={roleMessages.ROLE_NAME}
          submitLabel={roleMessages.CREATE}
          pending={create.isPending}
          error={create.error}
          onSubmit={(form) =>
            create.mutate(form, {
              onSuccess: (role) => {
                notifySuccess(roleMessages.CREATED);
                void navigate(paths.role.href(role.roleId));
              },
            })
          }
          extraActions={
            <Button component={Link} to={paths.roles.href()} variant="default">
              {roleMessages.CANCEL}
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}

export { NewRolePage as Component };
