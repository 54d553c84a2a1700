// Add an employer to a user (employer/user/{userId}): pick an existing employer (double-click a row, or its
// Use button, fills the employer fields) or type a new one, then the employment's type, status and dates.
// The form holds the contract's userEmployerFormSchema; the request it builds is judged by the request's schema.
import { Button, Group, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { createUserEmployerSchema, employerMessages, userEmployerFormSchema, type Employer, type UserEmployerFormValues } from '@testbed/contract';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { afterSaving } from '../../../shared/after-saving';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure, judgeRequest, useContractForm } from '../../../shared/form';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { mayOpenAccount, useSession } from '../../../shared/session';
import { useCreateUserEmployer, useEmployers, useUserDetails } from '../api/employers-api';
import { EMPTY_EMPLOYER, EmployerFields, employerValuesOf, type EmployerValues } from '../components/employer-fields';
import { ExistingEmployers } from '../components/existing-employers';
import { EMPTY_EMPLOYMENT, EmploymentFields, employmentBody } from '../components/employment-fields';

/** The messages under the employer's fields: the form's `employer.<field>` paths. */
function employerErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith('employer.') ? [[path.slice(9), message]] : [])));
}

export function UserEmployerNewPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const me = useSession().user;
  const allowed = mayOpenAccount(me, userId, 'employment:manage');
  const navigate = useNavigate();
  const user = useUserDetails(userId, allowed);
  const employers = useEmployers(allowed);
  const create = useCreateUserEmployer();
  const form = useContractForm(userEmployerFormSchema, { ...EMPTY_EMPLOYMENT, employer: EMPTY_EMPLOYER });
  const [selected, setSelected] = useState<Employer | null>(null);
  useDocumentTitle(`${employerMessages.ADD_EMPLOYER_FOR} | Testbed Portal`);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error) return <MessagePage title={employerMessages.USER_NOT_FOUND} />;

  const choose = (row: Employer) => {
    setSelected(row);
    form.setFieldValue('employer', employerValuesOf(row));
  };
  const editEmployer = (values: EmployerValues) => {
    // Changing the fields of a chosen employer means entering a new one.
    setSelected(null);
    form.setFieldValue('employer', values);
  };

  const toUserPage = () => void navigate(paths.user.href(userId));
  const onSubmit = (values: UserEmployerFormValues) => {
    const request = { ...employmentBody(values), ...(selected ? { employerId: selected.employerId } : { employer: values.employer }) };
    const judged = judgeRequest(createUserEmployerSchema, request);
    if ('errors' in judged) return form.setErrors(judged.errors);
    create.mutate({ userId, form: judged.body }, afterSaving(form, employerMessages.SAVED, toUserPage));
  };

  return (
    <FormPage
      title={`${employerMessages.ADD_EMPLOYER_FOR} ${user.data ? `${user.data.firstname} ${user.data.lastname}` : ''}`}
      maw={1000}
      before={<ExistingEmployers employers={employers.data ?? []} selected={selected} onChoose={choose} />}
      onSubmit={form.onSubmit(onSubmit)}
      serverError={generalFailure(create.error)}
      cancel={{ label: employerMessages.CANCEL, onClick: toUserPage }}
      submit={{ label: employerMessages.SAVE, pending: create.isPending }}
    >
      <Text fw={700} component="h2" size="lg">
        {employerMessages.EMPLOYER}
      </Text>
      {selected && (
        <Group gap="xs">
          <Text size="sm">
            {employerMessages.SELECTED_EXISTING} <b>{selected.instituteName}</b>
          </Text>
          <Button size="xs" variant="subtle" onClick={() => editEmployer(EMPTY_EMPLOYER)}>
            {employerMessages.CLEAR_SELECTION}
          </Button>
        </Group>
      )}
      <EmployerFields values={form.getValues().employer} errors={employerErrors(form.errors)} onChange={editEmployer} />
      <EmploymentFields form={form} />
    </FormPage>
  );
}

export { UserEmployerNewPage as Component };
