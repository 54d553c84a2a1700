// The employer form's fields: institute name and country required, the others optional.
import { SimpleGrid, TextInput } from '@mantine/core';
import { employerMessages } from '@testbed/contract';
import type { ReactNode } from 'react';

export interface EmployerValues {
  instituteName: string;
  countryName: string;
  laboratoryName: string;
  teamName: string;
  location: string;
  employerURL: string;
}

export const EMPTY_EMPLOYER: EmployerValues = { instituteName: '', countryName: '', laboratoryName: '', teamName: '', location: '', employerURL: '' };

export function employerValuesOf(employer: { [K in keyof EmployerValues]: string | null }): EmployerValues {
  return {
    instituteName: employer.instituteName ?? '',
    countryName: employer.countryName ?? '',
    laboratoryName: employer.laboratoryName ?? '',
    teamName: employer.teamName ?? '',
    location: employer.location ?? '',
    employerURL: employer.employerURL ?? '',
  };
}

const FIELDS: [keyof EmployerValues, string, boolean][] = [
  ['instituteName', employerMessages.INSTITUTE_NAME, true],
  ['laboratoryName', employerMessages.LABORATORY_NAME, false],
  ['teamName', employerMessages.TEAM_NAME, false],
  ['location', employerMessages.LOCATION, false],
  ['countryName', employerMessages.COUNTRY, true],
  ['employerURL', employerMessages.URL, false],
];

export function EmployerFields({
  values,
  errors = {},
  onChange,
  readOnly = false,
}: {
  values: EmployerValues;
  errors?: Partial<Record<string, ReactNode>>;
  onChange: (values: EmployerValues) => void;
  readOnly?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {FIELDS.map(([key, label, required]) => (
        <TextInput
          key={key}
          label={label}
          required={required && !readOnly}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          value={values[key]}
          error={errors[key]}
          onChange={(event) => onChange({ ...values, [key]: event.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}
