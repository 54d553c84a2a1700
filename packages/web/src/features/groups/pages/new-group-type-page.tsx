// Creating a group type (administrators): a label; once created, its page opens.
import { groupMessages } from '@testbed/contract';
import { NewNamePage } from '../../../shared/components/new-name-page';
import { paths } from '../../../shared/paths';
import { useCreateGroupType } from '../api/groups';
import { GROUP_TYPE_LABEL_FIELD } from '../components/group-type-label-field';

export function NewGroupTypePage() {
  return (
    <NewNamePage
      title={groupMessages.NEW_GROUP_TYPE}
      field={GROUP_TYPE_LABEL_FIELD}
      submitLabel={groupMessages.CREATE_GROUP_TYPE}
      created={groupMessages.CREATED}
      create={useCreateGroupType()}
      hrefOf={(type) => paths.groupType.href(type.groupTypeId)}
      cancel={{ label: groupMessages.CANCEL, to: paths.groupTypes.href() }}
    />
  );
}

export { NewGroupTypePage as Component };
