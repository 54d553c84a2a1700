// The employment part of the user-employer forms: type, professional status, start and end dates (typed in
// the yyyy-MM-dd HH:mm form) and whether it is the user's current employer.
import { Checkbox, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { employerMessages, type EmploymentFormValues } from '@testbed/contract';
import { FORM_DATE_PLACEHOLDER, fromInputDateTime } from '../../../shared/time';
import { useEmployerTypes, useProfessionalStatuses } from '../api/employers-api';

/** What the fields need of the page's form (the edit page's, or the new page's that also holds an employer). */
interface EmploymentForm {
  getInputProps: (path: keyof EmploymentFormValues, options?: { type?: 'checkbox' }) => GetInputPropsReturnType;
}

export const EMPTY_EMPLOYMENT: EmploymentFormValues = { employerTypeId: '', professionalStatusId: '', startDate: '', endDate: '', current: false };

export function EmploymentFields({ form }: { form: EmploymentForm }) {
  const types = useEmployerTypes().data ?? [];
  const statuses = useProfessionalStatuses().data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {/* Two selects alike in shape, each with its own list and field. */}
      <NativeSelect
        label={employerMessages.EMPLOYER_TYPE}
        data={[{ value: '', label: '—' }, ...types.map((type) => ({ value: String(type.employerTypeId), label: type.label }))]}
        {...form.getInputProps('employerTypeId')}
      />
      <NativeSelect
        label={employerMessages.PROFESSIONAL_STATUS}
        data={[{ value: '', label: '—' }, ...statuses.map((status) => ({ value: String(status.professionalStatusId), label: status.label }))]}
        {...form.getInputProps('professionalStatusId')}
      />
      <TextInput label={employerMessages.START_DATE} placeholder={FORM_DATE_PLACEHOLDER} autoComplete="off" required {...form.getInputProps('startDate')} />
      <TextInput label={employerMessages.END_DATE} placeholder={FORM_DATE_PLACEHOLDER} autoComplete="off" {...form.getInputProps('endDate')} />
      <Checkbox label={employerMessages.CURRENT} {...form.getInputProps('current', { type: 'checkbox' })} />
    </SimpleGrid>
  );
}

/** The wire fields of an employment from the form's values; dates are read in the browser's time zone. */
export function employmentBody(values: EmploymentFormValues) {
  const instant = (text: string) => fromInputDateTime(text);
  return {
    employerTypeId: values.employerTypeId ? Number(values.employerTypeId) : null,
    professionalStatusId: values.professionalStatusId ? Number(values.professionalStatusId) : null,
    startDate: instant(values.startDate) ?? '',
    endDate: instant(values.endDate),
    current: values.current,
  };
}
