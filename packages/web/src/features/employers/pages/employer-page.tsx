// One employer: `employer` creates one (administrators), `employer/{id}` shows it, editable by an
// administrator and read-only for a user. The form is the contract's employerFormSchema (useContractForm).
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { employerFormSchema, employerMessages, type Employer, type EmployerForm as EmployerFormBody } from '@testbed/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { MessagePage } from '../../../shared/components/message-page';
import { useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useCreateEmployer, useEmployer, useUpdateEmployer } from '../api/employers-api';
import { EMPTY_EMPLOYER, EmployerFields, employerValuesOf, type EmployerValues } from '../components/employer-fields';

function EmployerForm({ employerId, existing, title }: { employerId: number | null; existing: Employer | undefined; title: string }) {
  const admin = may(useSession().user, 'employers:manage');
  const navigate = useNavigate();
  const create = useCreateEmployer();
  const update = useUpdateEmployer();
  const form = useContractForm(employerFormSchema, EMPTY_EMPLOYER);
  const { initialize } = form;
  // Filled once with the stored employer when it arrives (initialize acts once only).
  useEffect(() => {
    if (existing) initialize(employerValuesOf(existing));
  }, [existing, initialize]);
  const mutation = employerId === null ? create : update;

  const onSubmit = (body: EmployerFormBody) => {
    const done = () => {
      notifySuccess(employerMessages.SAVED);
      void navigate(paths.employers.href());
    };
    if (employerId === null) create.mutate(body, { onSuccess: done });
    else update.mutate({ id: employerId, form: body }, { onSuccess: done });
  };

  return (
    <FormPage
      title={title}
      maw={900}
      onSubmit={form.onSubmit(onSubmit)}
      serverError={mutation.error?.message}
      cancel={{ label: employerMessages.BACK, onClick: () => void navigate(-1) }}
      submit={admin ? { label: employerMessages.SAVE, pending: mutation.isPending } : undefined}
    >
      {/* Every field starts and stays text: the schema's input also allows the null of a stored employer. */}
      <EmployerFields values={form.getValues() as EmployerValues} errors={form.errors} onChange={form.setValues} readOnly={!admin} />
      {existing && (
        <Text size="sm">
          {employerMessages.USER_COUNT}: {existing.userCount}
        </Text>
      )}
      {!admin && <Text size="sm" c="dimmed">{employerMessages.READ_ONLY_EMPLOYER}</Text>}
    </FormPage>
  );
}

export function EmployerPage() {
  const { id } = useParams();
  const employerId = id === undefined ? null : Number(id);
  const validId = employerId === null || (Number.isInteger(employerId) && employerId > 0);
  const existing = useEmployer(employerId ?? 0, employerId !== null && validId);
  const title = employerId === null ? employerMessages.CREATE_EMPLOYER : employerMessages.EMPLOYER;
  useDocumentTitle(`${title} | Testbed Portal`);

  if (!validId) return <MessagePage title={employerMessages.EMPLOYER_NOT_FOUND} />;
  if (existing.error) return <MessagePage title={existing.error instanceof ApiError && existing.error.status === 404 ? employerMessages.EMPLOYER_NOT_FOUND : existing.error.message} />;
  return <EmployerForm employerId={employerId} existing={existing.data} title={title} />;
}

export { EmployerPage as Component };
