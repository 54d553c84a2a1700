// usagePolicies (administrators): the limits of booking per device type, for everybody or a group; the table
// of the policies in force and a form that sets one (every limit empty removes it). The form is the request's
// usagePolicyFormSchema (useContractForm): its messages and the server's refusals (an unknown type or group) show under their field.
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { NO_LIMITS, USAGE_LIMIT_BOUNDS, usagePolicyFormSchema, type MessageKey, type UsageLimits, type UsagePolicy, type UsagePolicyForm, messages } from '@testbed/contract';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { generalFailure, showRefusals, useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { deviceTypesOptions, groupsOptions, usagePoliciesOptions, useSaveUsagePolicy } from '../api/usage-policies-api';
import { ErrorAlert } from '../../../shared/components/error-alert';

const EVERYBODY = 'everybody';
const FIELDS: Array<{ key: keyof UsageLimits; label: MessageKey }> = [
  { key: 'maxDurationMinutes', label: 'MAX_DURATION_MINUTES' },
  { key: 'maxDaysAhead', label: 'MAX_DAYS_AHEAD' },
  { key: 'maxDevicesAtOnce', label: 'MAX_DEVICES_AT_ONCE' },
  { key: 'maxDeviceHoursPerWeek', label: 'MAX_DEVICE_HOURS_PER_WEEK' },
];
const NO_POLICY: UsagePolicyForm = { deviceType: '', groupId: null, ...NO_LIMITS };

export function UsagePoliciesPage() {
  useDocumentTitle(messages.USAGE_POLICIES);
  const policies = useQuery(usagePoliciesOptions);
  const types = useQuery(deviceTypesOptions);
  const groups = useQuery(groupsOptions);
  const save = useSaveUsagePolicy();
  const form = useContractForm(usagePolicyFormSchema, NO_POLICY);
  const { deviceType, groupId } = form.getValues();

  const edit = ({ usagePolicyId: _id, groupName: _name, ...policy }: UsagePolicy) => form.setValues(policy);

  const submit = (policy: UsagePolicyForm) =>
    save.mutate(policy, { onSuccess: () => notifySuccess(messages.POLICY_SAVED), onError: (failure) => showRefusals(form, failure) });
  const failure = generalFailure(save.error);

  const show = (value: number | null) => (value === null ? messages.NO_LIMIT : String(value));

  return (
    <Stack gap="md">
      <Title order={1}>{messages.USAGE_POLICIES}</Title>
      <Text size="sm">{messages.USAGE_POLICIES_INTRO}</Text>

      <Paper withBorder p="md" radius="md" component="form" onSubmit={form.onSubmit(submit)} noValidate aria-label={messages.SAVE_POLICY}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={messages.DEVICE_TYPE}
              withAsterisk
              data={types.data ?? []}
              value={deviceType || null}
              onChange={(value) => form.setFieldValue('deviceType', value ?? '')}
              error={form.errors.deviceType}
              allowDeselect={false}
            />
            <Select
              label={messages.GROUP}
              data={[{ value: EVERYBODY, label: messages.EVERYBODY }, ...(groups.data ?? []).map((item) => ({ value: String(item.groupId), label: item.name }))]}
              value={groupId === null ? EVERYBODY : String(groupId)}
              onChange={(value) => form.setFieldValue('groupId', value && value !== EVERYBODY ? Number(value) : null)}
              error={form.errors.groupId}
              allowDeselect={false}
            />
          </SimpleGrid>
          {/* An emptied limit is no limit (null), not the field's empty text. */}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {FIELDS.map((field) => (
              <NumberInput
                key={field.key}
                label={messages[field.label]}
                placeholder={messages.NO_LIMIT}
                min={USAGE_LIMIT_BOUNDS[field.key].min}
                max={USAGE_LIMIT_BOUNDS[field.key].max}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(field.key)}
                value={form.getValues()[field.key] ?? ''}
                onChange={(value) => form.setFieldValue(field.key, typeof value === 'number' ? value : null)}
              />
            ))}
          </SimpleGrid>
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {messages.SAVE_POLICY}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ScrollTable label={messages.USAGE_POLICIES} fz="sm" headers={[messages.DEVICE_TYPE, messages.GROUP, ...FIELDS.map((field) => messages[field.label]), messages.ACTIONS]}>
        {(policies.data ?? []).map((policy) => (
          <Table.Tr key={policy.usagePolicyId}>
            <Table.Td>{policy.deviceType}</Table.Td>
            <Table.Td>{policy.groupName ?? messages.EVERYBODY}</Table.Td>
            {FIELDS.map((field) => (
              <Table.Td key={field.key}>{show(policy[field.key])}</Table.Td>
            ))}
            <Table.Td>
              <Button size="compact-sm" variant="default" onClick={() => edit(policy)} aria-label={`${messages.EDIT} ${policy.deviceType} ${policy.groupName ?? messages.EVERYBODY}`}>
                {messages.EDIT}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

export { UsagePoliciesPage as Component };
