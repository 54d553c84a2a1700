// One employer: `employer` creates one (administrators), `employer/{id}` shows it, editable by an
// administrator and read-only for a user.
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { employerFormSchema, employerMessages } from '@testbed/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useCreateEmployer, useEmployer, useUpdateEmployer } from '../api/employers-api';
import { EMPTY_EMPLOYER, EmployerFields, employerValuesOf, firstErrors, type EmployerValues } from '../components/employer-fields';

export function EmployerPage() {
  const { id } = useParams();
  const employerId = id === undefined ? null : Number(id);
  const validId = employerId === null || (Number.isInteger(employerId) && employerId > 0);
  const admin = may(useSession().user, 'employers:manage');
  const navigate = useNavigate();
  const existing = useEmployer(employerId ?? 0, employerId !== null && validId);
  const create = useCreateEmployer();
  const update = useUpdateEmployer();
  const [values, setValues] = useState<EmployerValues>(EMPTY_EMPLOYER);
  const [errors, setErrors] = useState<Partial<Record<keyof EmployerValues, string>>>({});
  const title = employerId === null ? employerMessages.CREATE_EMPLOYER : employerMessages.EMPLOYER;
  useDocumentTitle(`${title} | Testbed Portal`);

  useEffect(() => {
    if (existing.data) setValues(employerValuesOf(existing.data));
  }, [existing.data]);

  if (!validId) return <MessagePage title={employerMessages.EMPLOYER_NOT_FOUND} />;
  if (existing.error) return <MessagePage title={existing.error instanceof ApiError && existing.error.status === 404 ? employerMessages.EMPLOYER_NOT_FOUND : existing.error.message} />;
  const mutation = employerId === null ? create : update;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = employerFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors<keyof EmployerValues>(parsed.error.issues));
      return;
    }
    setErrors({});
    const done = () => {
      notifySuccess(employerMessages.SAVED);
      void navigate(paths.employers.href());
    };
    if (employerId === null) create.mutate(parsed.data, { onSuccess: done });
    else update.mutate({ id: employerId, form: parsed.data }, { onSuccess: done });
  };

  return (
    <FormPage
      title={title}
      maw={900}
      onSubmit={onSubmit}
      serverError={mutation.error?.message}
      cancel={{ label: employerMessages.BACK, onClick: () => void navigate(-1) }}
      submit={admin ? { label: employerMessages.SAVE, pending: mutation.isPending } : undefined}
    >
      <EmployerFields values={values} errors={errors} onChange={setValues} readOnly={!admin} />
      {existing.data && (
        <Text size="sm">
          {employerMessages.USER_COUNT}: {existing.data.userCount}
        </Text>
      )}
      {!admin && <Text size="sm" c="dimmed">{employerMessages.READ_ONLY_EMPLOYER}</Text>}
    </FormPage>
  );
}

export { EmployerPage as Component };
