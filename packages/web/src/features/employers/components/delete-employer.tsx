// The employer-deletion modal: it lists the employer's fields before the administrator confirms.
import { employerMessages, type Employer } from '@testbed/contract';
import { FieldList } from '../../../shared/components/field-list';
import { useConfirmedDelete } from '../../../shared/components/use-confirmed-delete';
import { useDeleteEmployer } from '../api/employers-api';

export function EmployerFieldList({ employer }: { employer: Employer }) {
  // The confirmation names the fields with the form's labels, the user's employers table with its shorter ones.
  const fields: [string, string | null][] = [
    [employerMessages.INSTITUTE_NAME, employer.instituteName],
    [employerMessages.LABORATORY_NAME, employer.laboratoryName],
    [employerMessages.TEAM_NAME, employer.teamName],
    [employerMessages.LOCATION, employer.location],
    [employerMessages.COUNTRY, employer.countryName],
    [employerMessages.URL, employer.employerURL],
  ];
  return <FieldList fields={fields} />;
}

export function useDeleteEmployerFlow(onDeleted?: () => void) {
  return useConfirmedDelete({
    mutation: useDeleteEmployer(),
    idOf: (employer: Employer) => employer.employerId,
    confirmation: (employer) => ({
      title: employerMessages.DELETE_TITLE,
      message: employerMessages.DELETE_TEXT,
      content: <EmployerFieldList employer={employer} />,
      confirmLabel: employerMessages.DELETE,
    }),
    deletedNotice: employerMessages.DELETED,
    onDeleted,
  });
}
