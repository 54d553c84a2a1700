// The employment part of the user-employer forms: type, professional status, start and end dates (typed in
// the yyyy-MM-dd HH:mm form) and whether it is the user's current employer.
import { Checkbox, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { employerMessages } from '@testbed/contract';
import { FORM_DATE_PLACEHOLDER, fromInputDateTime } from '../../../shared/time';
import { useEmployerTypes, useProfessionalStatuses } from '../api/employers-api';

export interface EmploymentValues {
  employerTypeId: string;
  professionalStatusId: string;
  startDate: string;
  endDate: string;
  current: boolean;
}

export function EmploymentFields({
  values,
  errors = {},
  onChange,
}: {
  values: EmploymentValues;
  errors?: Partial<Record<keyof EmploymentValues, string>>;
  onChange: (values: EmploymentValues) => void;
}) {
  const types = useEmployerTypes().data ?? [];
  const statuses = useProfessionalStatuses().data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {/* Two selects alike in shape, each with its own list and field. */}
      <NativeSelect
        label={employerMessages.EMPLOYER_TYPE}
        value={values.employerTypeId}
        error={errors.employerTypeId}
        data={[{ value: '', label: '—' }, ...types.map((type) => ({ value: String(type.employerTypeId), label: type.label }))]}
        onChange={(event) => onChange({ ...values, employerTypeId: event.currentTarget.value })}
      />
      <NativeSelect
        label={employerMessages.PROFESSIONAL_STATUS}
        value={values.professionalStatusId}
        error={errors.professionalStatusId}
        data={[{ value: '', label: '—' }, ...statuses.map((status) => ({ value: String(status.professionalStatusId), label: status.label }))]}
        onChange={(event) => onChange({ ...values, professionalStatusId: event.currentTarget.value })}
      />
      <TextInput
        label={employerMessages.START_DATE}
        placeholder={FORM_DATE_PLACEHOLDER}
        autoComplete="off"
        required
        value={values.startDate}
        error={errors.startDate}
        onChange={(event) => onChange({ ...values, startDate: event.currentTarget.value })}
      />
      <TextInput
        label={employerMessages.END_DATE}
        placeholder={FORM_DATE_PLACEHOLDER}
        autoComplete="off"
        value={values.endDate}
        error={errors.endDate}
        onChange={(event) => onChange({ ...values, endDate: event.currentTarget.value })}
      />
      <Checkbox label={employerMessages.CURRENT} checked={values.current} onChange={(event) => onChange({ ...values, current: event.currentTarget.checked })} />
    </SimpleGrid>
  );
}

/** The wire fields of an employment from the form's values; dates are read in the browser's time zone. */
export function employmentBody(values: EmploymentValues) {
  const instant = (text: string) => fromInputDateTime(text);
  return {
    employerTypeId: values.employerTypeId ? Number(values.employerTypeId) : null,
    professionalStatusId: values.professionalStatusId ? Number(values.professionalStatusId) : null,
    startDate: instant(values.startDate) ?? '',
    endDate: instant(values.endDate),
    current: values.current,
  };
}
