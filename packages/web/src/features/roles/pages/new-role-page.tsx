// Creating a role (administrators): a role name; once created, its page opens.
import { roleMessages } from '@testbed/contract';
import { NewNamePage } from '../../../shared/components/new-name-page';
import { paths } from '../../../shared/paths';
import { useCreateRole } from '../api/roles';
import { ROLE_NAME_FIELD } from '../components/role-name-field';

export function NewRolePage() {
  return (
    <NewNamePage
      title={roleMessages.NEW_ROLE}
      field={ROLE_NAME_FIELD}
      submitLabel={roleMessages.CREATE}
      created={roleMessages.CREATED}
      create={useCreateRole()}
      hrefOf={(role) => paths.role.href(role.roleId)}
      cancel={{ label: roleMessages.CANCEL, to: paths.roles.href() }}
    />
  );
}

export { NewRolePage as Component };
