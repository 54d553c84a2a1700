// Edit a user's employment (employer/user/{userId}/userEmployer/{userEmployerId}): its type, professional
// status, start and end dates and whether it is the current one; the employer itself is shown read-only.
// The form holds the contract's employmentFormSchema; the request it builds is judged by the request's schema.
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { employerMessages, employmentFormSchema, updateUserEmployerSchema, type EmploymentFormValues, type UserDetails } from '@testbed/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { afterSaving } from '../../../shared/after-saving';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure, judgeRequest, useContractForm } from '../../../shared/form';
import { MessagePage } from '../../../shared/components/message-page';
import { toInputDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { mayOpenAccount, useSession } from '../../../shared/session';
import { useUpdateUserEmployer, useUserDetails } from '../api/employers-api';
import { EmployerFields, employerValuesOf } from '../components/employer-fields';
import { EmploymentFields, employmentBody } from '../components/employment-fields';

type Employment = UserDetails['userEmployers'][number];

function EmploymentForm({ userId, row }: { userId: number; row: Employment }) {
  const navigate = useNavigate();
  const save = useUpdateUserEmployer(userId);
  // Mounted once the employment is loaded, so its stored values are the form's first ones.
  const form = useContractForm(employmentFormSchema, {
    employerTypeId: row.employerType ? String(row.employerType.employerTypeId) : '',
    professionalStatusId: row.professionalStatus ? String(row.professionalStatus.professionalStatusId) : '',
    startDate: toInputDateTime(row.startDate),
    endDate: toInputDateTime(row.endDate),
    current: row.currentForUser,
  });

  const toUserPage = () => void navigate(paths.user.href(userId));
  const onSubmit = (values: EmploymentFormValues) => {
    const judged = judgeRequest(updateUserEmployerSchema, { userEmployerId: row.userEmployerId, ...employmentBody(values) });
    if ('errors' in judged) return form.setErrors(judged.errors);
    save.mutate(judged.body, afterSaving(form, employerMessages.SAVED, toUserPage));
  };

  // Alike in shape with the other form pages by design: FormPage holds the layout, each page gives its texts and fields.
  return (
    <FormPage
      title={employerMessages.EDIT_EMPLOYMENT}
      maw={1000}
      onSubmit={form.onSubmit(onSubmit)}
      serverError={generalFailure(save.error)}
      cancel={{ label: employerMessages.CANCEL, onClick: toUserPage }}
      submit={{ label: employerMessages.SAVE, pending: save.isPending }}
    >
      <EmployerFields values={employerValuesOf(row.employer)} onChange={() => {}} readOnly />
      <EmploymentFields form={form} />
    </FormPage>
  );
}

export function UserEmployerPage() {
  const params = useParams();
  const userId = Number(params.userId);
  const userEmployerId = Number(params.userEmployerId);
  const me = useSession().user;
  const allowed = mayOpenAccount(me, userId, 'employment:manage');
  const user = useUserDetails(userId, allowed);
  const row = user.data?.userEmployers.find((item) => item.userEmployerId === userEmployerId);
  useDocumentTitle(`${employerMessages.EDIT_EMPLOYMENT} | Testbed Portal`);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error || (user.data && !row)) return <MessagePage title={employerMessages.USER_EMPLOYER_NOT_FOUND} />;
  if (!row) return <Text>{employerMessages.EDIT_EMPLOYMENT}…</Text>;
  return <EmploymentForm userId={userId} row={row} />;
}

export { UserEmployerPage as Component };
