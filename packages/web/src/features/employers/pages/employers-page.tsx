// The employers list (administrators): institute, laboratory/entity, team, location, country, URL, number of
// users and a delete button, disabled with a tooltip while the employer has users.
import { employerMessages, type Employer } from '@testbed/contract';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { paths } from '../../../shared/paths';
import { useEmployers } from '../api/employers-api';
import { useDeleteEmployerFlow } from '../components/delete-employer';
import { RowLink } from '../../../shared/components/row-links';

// Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
export function EmployersPage() {
  const employers = useEmployers();
  const remove = useDeleteEmployerFlow();
  return (
    <AdminListPage
      title={employerMessages.EMPLOYERS}
      links={[{ label: employerMessages.CREATE_EMPLOYER, to: paths.employerNew.href() }]}
      query={employers}
      loadingLabel={employerMessages.EMPLOYERS}
      emptyText={employerMessages.NO_EMPLOYER}
      tableMinWidth={900}
      verticalSpacing="xs"
      rowId={(employer: Employer) => employer.employerId}
      rowTestId="employer-row"
      columns={[
        {
          header: employerMessages.INSTITUTE_NAME,
          cell: (employer) => <RowLink to={paths.employer.href(employer.employerId)}>{employer.instituteName}</RowLink>,
        },
        { header: employerMessages.LABORATORY_NAME, cell: (employer) => employer.laboratoryName },
        { header: employerMessages.TEAM_NAME, cell: (employer) => employer.teamName },
        { header: employerMessages.LOCATION, cell: (employer) => employer.location },
        { header: employerMessages.COUNTRY, cell: (employer) => employer.countryName },
        { header: employerMessages.URL, cell: (employer) => employer.employerURL, cellProps: { style: { wordBreak: 'break-all' } } },
        { header: employerMessages.USER_COUNT, cell: (employer) => employer.userCount },
      ]}
      remove={{
        header: employerMessages.DELETE,
        buttonText: employerMessages.DELETE,
        accessibleName: (employer) => `${employerMessages.DELETE} ${employer.instituteName}`,
        blockedReason: (employer) => (employer.userCount > 0 ? employerMessages.HAS_USERS : undefined),
        blockedColor: 'gray',
        flow: remove,
      }}
    />
  );
}

export { EmployersPage as Component };
