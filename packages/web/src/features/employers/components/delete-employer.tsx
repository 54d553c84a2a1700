// The employer-deletion modal: it lists the employer's fields before the administrator confirms.
import { List } from '@mantine/core';
import { employerMessages, type Employer } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useDeleteEmployer } from '../api/employers-api';
import { notifySuccess, notifyFailure } from '../../../shared/notify';

export function EmployerFieldList({ employer }: { employer: Employer }) {
  const fields: [string, string | null][] = [
    [employerMessages.INSTITUTE_NAME, employer.instituteName],
    [employerMessages.LABORATORY_NAME, employer.laboratoryName],
    [employerMessages.TEAM_NAME, employer.teamName],
    [employerMessages.LOCATION, employer.location],
    [employerMessages.COUNTRY, employer.countryName],
    [employerMessages.URL, employer.employerURL],
  ];
  return (
    <List size="sm" spacing={2}>
      {fields.map(([label, value]) => (
        <List.Item key={label}>
          <b>{label}:</b> {value ?? ''}
        </List.Item>
      ))}
    </List>
  );
}

export function useDeleteEmployerFlow(onDeleted?: () => void) {
  const remove = useDeleteEmployer();
  const { confirm, dialog } = useConfirmModal();
  const start = async (employer: Employer) => {
    const ok = await confirm({
      title: employerMessages.DELETE_TITLE,
      message: employerMessages.DELETE_TEXT,
      content: <EmployerFieldList employer={employer} />,
      confirmLabel: employerMessages.DELETE,
      danger: true,
    });
    if (!ok) return;
    remove.mutate(employer.employerId, {
      onSuccess: () => {
        notifySuccess(employerMessages.DELETED);
        onDeleted?.();
      },
      onError: (error) => notifyFailure(error.message, employerMessages.DELETE_TITLE),
    });
  };
  return { start, dialog, pendingId: remove.isPending ? remove.variables : undefined };
}
