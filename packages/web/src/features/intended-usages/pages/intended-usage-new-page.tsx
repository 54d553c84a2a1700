// Add an intended usage to a user (intendedUsage/{id}, id being the user): required, and whitespace-only
// text is refused with 'Please enter valid data', as the server does.
import { Textarea } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INTENDED_USAGE_MAX_LENGTH, intendedUsageFormSchema, intendedUsageMessages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { paths } from '../../../shared/paths';
import { isAdmin, useSession } from '../../../shared/session';
import { useAddIntendedUsage } from '../api/intended-usages-api';


export function IntendedUsageNewPage() {
  const { id } = useParams();
  const userId = Number(id);
  const me = useSession().user;
  const allowed = Number.isInteger(userId) && userId > 0 && me !== null && (isAdmin(me) || me.userId === userId);
  const navigate = useNavigate();
  const add = useAddIntendedUsage();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  useDocumentTitle(`${intendedUsageMessages.ADD_TITLE} | Testbed Portal`);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = intendedUsageFormSchema.safeParse({ description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(
      { userId, form: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(intendedUsageMessages.ADDED);
          void navigate(paths.user.href(userId));
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fieldErrors.description?.[0]) setError(failure.fieldErrors.description[0]);
        },
      },
    );
  };

  return (
    <FormPage
      title={intendedUsageMessages.ADD_TITLE}
      maw={760}
      onSubmit={onSubmit}
      serverError={add.error && !(add.error instanceof ApiError && add.error.fieldErrors.description) ? add.error.message : null}
      cancel={{ label: intendedUsageMessages.CANCEL, onClick: () => void navigate(paths.user.href(userId)) }}
      submit={{ label: intendedUsageMessages.SUBMIT, pending: add.isPending }}
    >
      <Textarea
        label={intendedUsageMessages.INTENDED_USAGE}
        required
        rows={5}
        resize="vertical"
        maxLength={INTENDED_USAGE_MAX_LENGTH}
        value={description}
        error={error}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          if (error) setError(undefined);
        }}
      />
    </FormPage>
  );
}

export { IntendedUsageNewPage as Component };
