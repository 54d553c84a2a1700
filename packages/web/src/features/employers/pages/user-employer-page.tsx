// Edit a user's employment (employer/user/{userId}/userEmployer/{userEmployerId}): its type, professional
// status, start and end dates and whether it is the current one; the employer itself is shown read-only.
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { employerMessages, updateUserEmployerSchema } from '@testbed/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify';
import { ApiError } from '../../../shared/api-client';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure } from '../../../shared/form';
import { MessagePage } from '../../../shared/components/message-page';
import { toInputDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useUpdateUserEmployer, useUserDetails } from '../api/employers-api';
import { EmployerFields, employerValuesOf, firstErrors } from '../components/employer-fields';
import { EmploymentFields, employmentBody, type EmploymentValues } from '../components/employment-fields';

export function UserEmployerPage() {
  const params = useParams();
  const userId = Number(params.userId);
  const userEmployerId = Number(params.userEmployerId);
  const me = useSession().user;
  const allowed = Number.isInteger(userId) && userId > 0 && me !== null && (may(me, 'employment:manage') || me.userId === userId);
  const navigate = useNavigate();
  const user = useUserDetails(userId, allowed);
  const save = useUpdateUserEmployer(userId);
  const row = user.data?.userEmployers.find((item) => item.userEmployerId === userEmployerId);
  const [values, setValues] = useState<EmploymentValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof EmploymentValues, string>>>({});
  useDocumentTitle(`${employerMessages.EDIT_EMPLOYMENT} | Testbed Portal`);

  useEffect(() => {
    if (row) {
      setValues({
        employerTypeId: row.employerType ? String(row.employerType.employerTypeId) : '',
        professionalStatusId: row.professionalStatus ? String(row.professionalStatus.professionalStatusId) : '',
        startDate: toInputDateTime(row.startDate),
        endDate: toInputDateTime(row.endDate),
        current: row.currentForUser,
      });
    }
  }, [row]);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error || (user.data && !row)) return <MessagePage title={employerMessages.USER_EMPLOYER_NOT_FOUND} />;
  if (!row || !values) return <Text>{employerMessages.EDIT_EMPLOYMENT}…</Text>;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { userEmployerId, ...employmentBody(values) };
    const parsed = updateUserEmployerSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors<keyof EmploymentValues>(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(employerMessages.SAVED);
        void navigate(paths.user.href(userId));
      },
      onError: (failure) => {
        if (failure instanceof ApiError) setErrors(firstErrors(Object.entries(failure.fieldErrors).map(([k, v]) => ({ path: [k], message: v[0] ?? '' }))));
      },
    });
  };

  // Alike in shape with the other form pages by design: FormPage holds the layout, each page gives its texts and fields.
  return (
    <FormPage
      title={employerMessages.EDIT_EMPLOYMENT}
      maw={1000}
      onSubmit={onSubmit}
      serverError={generalFailure(save.error)}
      cancel={{ label: employerMessages.CANCEL, onClick: () => void navigate(paths.user.href(userId)) }}
      submit={{ label: employerMessages.SAVE, pending: save.isPending }}
    >
      <EmployerFields values={employerValuesOf(row.employer)} onChange={() => {}} readOnly />
      <EmploymentFields values={values} errors={errors} onChange={setValues} />
    </FormPage>
  );
}

export { UserEmployerPage as Component };
