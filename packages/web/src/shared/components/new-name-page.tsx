// The new page of a thing that is only a name (a role, a group type): its title, the name form with a way
// back to the list, and once created a notice and the new thing's page.
import { useDocumentTitle } from '@mantine/hooks';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../notify';
import { NamePanel, type NameField } from './name-panel';
import { TitledPage } from './titled-page';

export interface NewNamePageProps<Values extends Record<string, string>, Created> {
  title: string;
  field: NameField<Values>;
  submitLabel: string;
  /** The notice once created. */
  created: string;
  create: UseMutationResult<Created, Error, Values>;
  /** The created thing's page. */
  hrefOf: (created: Created) => string;
  cancel: { label: string; to: string };
}

export function NewNamePage<Values extends Record<string, string>, Created>(props: NewNamePageProps<Values, Created>) {
  const { title, field, submitLabel, create, hrefOf, cancel } = props;
  useDocumentTitle(`${title} | Testbed Portal`);
  const navigate = useNavigate();
  const onCreated = (thing: Created) => {
    notifySuccess(props.created);
    void navigate(hrefOf(thing));
  };
  return (
    <TitledPage title={title} maw={640}>
      <NamePanel
        {...field}
        submitLabel={submitLabel}
        pending={create.isPending}
        error={create.error}
        onSubmit={(form) => create.mutate(form, { onSuccess: onCreated })}
        cancel={cancel}
      />
    </TitledPage>
  );
}
