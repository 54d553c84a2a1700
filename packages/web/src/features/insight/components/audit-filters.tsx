// The audit log's filters: user, action, device and a time range typed in the reader's zone. The form's
// rule checks how the times are written; the query built from it is judged by the query's own rule, whose
// refusals show under the fields.
import { Autocomplete, Button, Group, NumberInput, TextInput } from '@mantine/core';
import { AUDIT_ACTION_CHOICES, auditLogFilterFormSchema, auditLogQuerySchema, messages, type AuditLogFilterForm } from '@testbed/contract';
import { auditEndpoints } from '@testbed/contract/endpoints/audit';
import type { FormErrors } from '@mantine/form';
import { downloadFile } from '../../../shared/download';
import { useContractForm } from '../../../shared/form';
import { notifyFailure } from '../../../shared/notify';
import { FORM_DATE_PLACEHOLDER, fromInputDateTime, toInputDateTime } from '../../../shared/time';
import type { AuditFilters } from '../api/insight-api';

const formOf = (filters: AuditFilters): AuditLogFilterForm => ({
  userId: filters.userId ?? '',
  action: filters.action ?? '',
  device: filters.device ?? '',
  from: toInputDateTime(filters.from ?? null),
  to: toInputDateTime(filters.to ?? null),
});

/** The query of the typed filters, or the message of each field it refuses. */
function queryOf(values: AuditLogFilterForm): { filters: AuditFilters } | { errors: FormErrors } {
  const from = fromInputDateTime(values.from);
  const to = fromInputDateTime(values.to);
  const errors: FormErrors = {};
  if (from === 'invalid') errors.from = messages.INVALID_DATE;
  if (to === 'invalid') errors.to = messages.INVALID_DATE;
  const parsed = auditLogQuerySchema.safeParse({
    // The query's rule reads text, as it arrives in a URL.
    userId: values.userId === '' ? undefined : String(values.userId),
    action: values.action || undefined,
    device: values.device || undefined,
    from: from && from !== 'invalid' ? from : undefined,
    to: to && to !== 'invalid' ? to : undefined,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  const { userId, action, device, from: start, to: end } = parsed.data;
  return { filters: { userId, action, device, from: start, to: end } };
}

export function AuditFiltersForm({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const form = useContractForm(auditLogFilterFormSchema, formOf(filters));
  const apply = (values: AuditLogFilterForm) => {
    const built = queryOf(values);
    if ('errors' in built) form.setErrors(built.errors);
    else onApply(built.filters);
  };
  const clear = () => {
    form.setValues(formOf({}));
    form.clearErrors();
    onApply({});
  };
  const exportCsv = () => downloadFile(auditEndpoints.csv, { query: { ...filters } }, 'audit-log.csv').catch((error: Error) => notifyFailure(error.message));

  return (
    <form onSubmit={form.onSubmit(apply)} noValidate aria-label={messages.AUDIT_LOG}>
      <Group align="flex-start" wrap="wrap">
        <NumberInput label={messages.AUDIT_FILTER_USER} min={1} allowDecimal={false} w="9rem" {...form.getInputProps('userId')} />
        <Autocomplete
          label={messages.AUDIT_FILTER_ACTION}
          description={messages.AUDIT_FILTER_ACTION_HINT}
          data={[...AUDIT_ACTION_CHOICES]}
          w="16rem"
          {...form.getInputProps('action')}
        />
        <TextInput label={messages.AUDIT_FILTER_DEVICE} w="14rem" {...form.getInputProps('device')} />
        <TextInput label={messages.DATE_FROM} placeholder={FORM_DATE_PLACEHOLDER} w="11rem" {...form.getInputProps('from')} />
        <TextInput label={messages.DATE_TO} placeholder={FORM_DATE_PLACEHOLDER} w="11rem" {...form.getInputProps('to')} />
      </Group>
      <Group mt="sm">
        <Button type="submit">{messages.APPLY}</Button>
        <Button variant="default" onClick={clear}>
          {messages.CLEAR_FILTERS}
        </Button>
        <Button variant="default" onClick={() => void exportCsv()}>
          {messages.EXPORT_CSV}
        </Button>
      </Group>
    </form>
  );
}
