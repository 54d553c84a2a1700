// Add an intended usage to a user (intendedUsage/{id}, id being the user): required, and whitespace-only
// text is refused with 'Please enter valid data', as the server does.
import { Textarea } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INTENDED_USAGE_MAX_LENGTH, intendedUsageFormSchema, intendedUsageMessages } from '@testbed/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { afterSaving } from '../../../shared/after-saving';
import { FormPage } from '../../../shared/components/form-page';
import { generalFailure, useContractForm } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { mayOpenAccount, useSession } from '../../../shared/session';
import { useAddIntendedUsage } from '../api/intended-usages-api';

export function IntendedUsageNewPage() {
  const { id } = useParams();
  const userId = Number(id);
  const me = useSession().user;
  const allowed = mayOpenAccount(me, userId, 'intended-usage:manage');
  const navigate = useNavigate();
  const add = useAddIntendedUsage();
  const form = useContractForm(intendedUsageFormSchema, { description: '' }, { enhanceGetInputProps: () => ({ onBlur: undefined }) });
  useDocumentTitle(`${intendedUsageMessages.ADD_TITLE} | Testbed Portal`);

  if (!me) return null;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;

  const toUserPage = () => void navigate(paths.user.href(userId));
  const onSubmit = form.onSubmit((data) => add.mutate({ userId, form: data }, afterSaving(form, intendedUsageMessages.ADDED, toUserPage)));

  return (
    <FormPage
      title={intendedUsageMessages.ADD_TITLE}
      maw={760}
      onSubmit={onSubmit}
      serverError={generalFailure(add.error)}
      cancel={{ label: intendedUsageMessages.CANCEL, onClick: toUserPage }}
      submit={{ label: intendedUsageMessages.SUBMIT, pending: add.isPending }}
    >
      <Textarea
        label={intendedUsageMessages.INTENDED_USAGE}
        required
        rows={5}
        resize="vertical"
        maxLength={INTENDED_USAGE_MAX_LENGTH}
        {...form.getInputProps('description')}
      />
    </FormPage>
  );
}

export { IntendedUsageNewPage as Component };
