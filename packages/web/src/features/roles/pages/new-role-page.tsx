// Creating a role (administrators): a role name; once created, its page opens.
import { useDocumentTitle } from '@mantine/hooks';
import { roleMessages } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { NamePanel } from '../../../shared/components/name-panel';
import { TitledPage } from '../../../shared/components/titled-page';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useCreateRole } from '../api/roles';
import { ROLE_NAME_FIELD } from '../components/role-name-field';

// Alike in shape with the other new-name page by design: NamePanel holds the form, each page gives its texts and next page.
export function NewRolePage() {
  useDocumentTitle(`${roleMessages.NEW_ROLE} | Testbed Portal`);
  const create = useCreateRole();
  const navigate = useNavigate();
  const created = (roleId: number) => {
    notifySuccess(roleMessages.CREATED);
    void navigate(paths.role.href(roleId));
  };
  return (
    <TitledPage title={roleMessages.NEW_ROLE} maw={640}>
      <NamePanel
        {...ROLE_NAME_FIELD}
        submitLabel={roleMessages.CREATE}
        pending={create.isPending}
        error={create.error}
        onSubmit={(form) => create.mutate(form, { onSuccess: (role) => created(role.roleId) })}
        cancel={{ label: roleMessages.CANCEL, to: paths.roles.href() }}
      />
    </TitledPage>
  );
}

export { NewRolePage as Component };
