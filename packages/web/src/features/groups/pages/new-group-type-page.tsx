// Creating a group type (administrators): a label; once created, its page opens.
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { NamePanel } from '../../../shared/components/name-panel';
import { TitledPage } from '../../../shared/components/titled-page';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useCreateGroupType } from '../api/groups';
import { GROUP_TYPE_LABEL_FIELD } from '../components/group-type-label-field';

// Alike in shape with the other new-name page by design: NamePanel holds the form, each page gives its texts and next page.
export function NewGroupTypePage() {
  useDocumentTitle(`${groupMessages.NEW_GROUP_TYPE} | Testbed Portal`);
  const create = useCreateGroupType();
  const navigate = useNavigate();
  const created = (groupTypeId: number) => {
    notifySuccess(groupMessages.CREATED);
    void navigate(paths.groupType.href(groupTypeId));
  };
  return (
    <TitledPage title={groupMessages.NEW_GROUP_TYPE} maw={640}>
      <NamePanel
        {...GROUP_TYPE_LABEL_FIELD}
        submitLabel={groupMessages.CREATE_GROUP_TYPE}
        pending={create.isPending}
        error={create.error}
        onSubmit={(form) => create.mutate(form, { onSuccess: (type) => created(type.groupTypeId) })}
        cancel={{ label: groupMessages.CANCEL, to: paths.groupTypes.href() }}
      />
    </TitledPage>
  );
}

export { NewGroupTypePage as Component };
