// The page of a thing that is only a name and a list (a role, a group type): DetailsPage with the name
// form that renames it and deletes it after confirmation, then the page's own panels.
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notifySuccess } from '../notify';
import { DetailsPage, useDetailsHeading, type DetailsPageProps } from './details-page';
import { NamePanel, type NameField } from './name-panel';

export interface NameDetailsPageProps<Values extends Record<string, string>, Data>
  extends Pick<DetailsPageProps, 'maw' | 'back' | 'notFoundTitle' | 'validId'> {
  /** The heading's first word(s): "Role", "Group type". */
  kind: string;
  id: number;
  query: { data: Data | undefined; isPending: boolean; error: Error | null };
  nameOf: (data: Data) => string;
  field: NameField<Values>;
  saveLabel: string;
  savedNotice: string;
  rename: UseMutationResult<unknown, Error, { id: number; form: Values }>;
  /** Why the name cannot be changed, if it cannot (shown under the field). */
  lockedReason?: (data: Data) => string | undefined;
  /** The feature's confirmed-delete flow, its button's label and why it is refused, if it is. */
  remove: { start: (data: Data) => Promise<void>; dialog: ReactNode; pendingId: number | undefined };
  deleteLabel: string;
  deleteBlockedReason: (data: Data) => string | undefined;
  children: (data: Data) => ReactNode;
}

export function NameDetailsPage<Values extends Record<string, string>, Data>(props: NameDetailsPageProps<Values, Data>) {
  const { kind, id, query, nameOf, field, rename, remove, children, ...page } = props;
  const data = query.data;
  const name = data === undefined ? undefined : nameOf(data);
  const heading = useDetailsHeading(kind, name);
  const locked = data === undefined ? undefined : props.lockedReason?.(data);
  return (
    <DetailsPage
      heading={heading}
      maw={page.maw}
      back={page.back}
      notFoundTitle={page.notFoundTitle}
      validId={page.validId}
      pending={query.isPending}
      error={query.error}
      dialog={remove.dialog}
    >
      {data !== undefined && (
        <>
          <NamePanel
            {...field}
            // A new form once the saved name comes back, so that it shows what is stored.
            key={name}
            initialValue={name}
            submitLabel={props.saveLabel}
            pending={rename.isPending}
            error={rename.error}
            disabled={locked !== undefined}
            description={locked}
            onSubmit={(form) => rename.mutate({ id, form }, { onSuccess: () => notifySuccess(props.savedNotice) })}
            remove={{
              label: props.deleteLabel,
              blockedReason: props.deleteBlockedReason(data),
              onClick: () => void remove.start(data),
              loading: remove.pendingId === id,
            }}
          />
          {children(data)}
        </>
      )}
    </DetailsPage>
  );
}
