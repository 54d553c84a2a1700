// Add an employer to a user (employer/user/{userId}): pick an existing employer (double-click a row, or its
// Use button, fills the employer fields) or type a new one, then the employment's type, status and dates.
import { Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createUserEmployerSchema, employerMessages, type Employer } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure } from '../../../shared/form';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useCreateUserEmployer, useEmployers, useUserDetails } from '../api/employers-api';
import { EMPTY_EMPLOYER, EmployerFields, employerValuesOf, firstErrors, type EmployerValues } from '../components/employer-fields';
import { ExistingEmployers } from '../components/existing-employers';
import { EmploymentFields, employmentBody, type EmploymentValues } from '../components/employment-fields';

type Errors = Partial<Record<keyof EmployerValues | keyof EmploymentValues, string>>;

export function UserEmployerNewPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const me = useSession().user;
  const allowed = Number.isInteger(userId) && userId > 0 && me !== null && (may(me, 'employment:manage') || me.userId === userId);
  const navigate = useNavigate();
  const user = useUserDetails(userId, allowed);
  const employers = useEmployers(allowed);
  const create = useCreateUserEmployer();
  const [employer, setEmployer] = useState<EmployerValues>(EMPTY_EMPLOYER);
  const [selected, setSelected] = useState<Employer | null>(null);
  const [employment, setEmployment] = useState<EmploymentValues>({ employerTypeId: '', professionalStatusId: '', startDate: '', endDate: '', current: false });
  const [errors, setErrors] = useState<Errors>({});
  useDocumentTitle(`${employerMessages.ADD_EMPLOYER_FOR} | Testbed Portal`);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error) return <MessagePage title={employerMessages.USER_NOT_FOUND} />;

  const choose = (row: Employer) => {
    setSelected(row);
    setEmployer(employerValuesOf(row));
  };
  const editEmployer = (values: EmployerValues) => {
    // Changing the fields of a chosen employer means entering a new one.
    setSelected(null);
    setEmployer(values);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...employmentBody(employment), ...(selected ? { employerId: selected.employerId } : { employer }) };
    const parsed = createUserEmployerSchema.safeParse(body);
    if (!parsed.success) {
      setErrors({
        ...firstErrors<keyof EmploymentValues>(parsed.error.issues),
        ...firstErrors<keyof EmployerValues>(parsed.error.issues.filter((issue) => issue.path[0] === 'employer'), 1),
      });
      return;
    }
    setErrors({});
    create.mutate(
      { userId, form: body },
      {
        onSuccess: () => {
          notifySuccess(employerMessages.SAVED);
          void navigate(paths.user.href(userId));
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([k, v]) => [k.replace(/^employer\./, ''), v[0]])));
        },
      },
    );
  };

  return (
    <FormPage
      title={`${employerMessages.ADD_EMPLOYER_FOR} ${user.data ? `${user.data.firstname} ${user.data.lastname}` : ''}`}
      maw={1000}
      before={<ExistingEmployers employers={employers.data ?? []} selected={selected} onChoose={choose} />}
      onSubmit={onSubmit}
      serverError={generalFailure(create.error)}
      cancel={{ label: employerMessages.CANCEL, onClick: () => void navigate(paths.user.href(userId)) }}
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
      <EmployerFields values={employer} errors={errors} onChange={editEmployer} />
      <EmploymentFields values={employment} errors={errors} onChange={setEmployment} />
    </FormPage>
  );
}

export { UserEmployerNewPage as Component };
