// usagePolicies (administrators): the limits of booking per device type, for everybody or a group; the table
// of the policies in force and a form that sets one (every limit empty removes it).
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { NO_LIMITS, type MessageKey, type UsageLimits, type UsagePolicy, messages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { notifySuccess } from '../../../shared/notify';
import { deviceTypesOptions, groupsOptions, usagePoliciesOptions, useSaveUsagePolicy } from '../api/usage-policies-api';
import { ErrorAlert } from '../../../shared/components/error-alert';

const EVERYBODY = 'everybody';
const FIELDS: Array<{ key: keyof UsageLimits; label: MessageKey; max: number; min: number }> = [
  { key: 'maxDurationMinutes', label: 'MAX_DURATION_MINUTES', min: 1, max: 527_040 },
  { key: 'maxDaysAhead', label: 'MAX_DAYS_AHEAD', min: 0, max: 3660 },
  { key: 'maxDevicesAtOnce', label: 'MAX_DEVICES_AT_ONCE', min: 1, max: 100_000 },
  { key: 'maxDeviceHoursPerWeek', label: 'MAX_DEVICE_HOURS_PER_WEEK', min: 1, max: 1_000_000 },
];

export function UsagePoliciesPage() {
  useDocumentTitle(messages.USAGE_POLICIES);
  const policies = useQuery(usagePoliciesOptions);
  const types = useQuery(deviceTypesOptions);
  const groups = useQuery(groupsOptions);
  const save = useSaveUsagePolicy();
  const [deviceType, setDeviceType] = useState<string | null>(null);
  const [group, setGroup] = useState<string>(EVERYBODY);
  const [limits, setLimits] = useState<UsageLimits>(NO_LIMITS);

  const edit = (policy: UsagePolicy) => {
    setDeviceType(policy.deviceType);
    setGroup(policy.groupId === null ? EVERYBODY : String(policy.groupId));
    setLimits({
      maxDurationMinutes: policy.maxDurationMinutes,
      maxDaysAhead: policy.maxDaysAhead,
      maxDevicesAtOnce: policy.maxDevicesAtOnce,
      maxDeviceHoursPerWeek: policy.maxDeviceHoursPerWeek,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!deviceType) return;
    save.mutate(
      { deviceType, groupId: group === EVERYBODY ? null : Number(group), ...limits },
      { onSuccess: () => notifySuccess(messages.POLICY_SAVED) },
    );
  };

  const show = (value: number | null) => (value === null ? messages.NO_LIMIT : String(value));

  return (
    <Stack gap="md">
      <Title order={1}>{messages.USAGE_POLICIES}</Title>
      <Text size="sm">{messages.USAGE_POLICIES_INTRO}</Text>

      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label={messages.SAVE_POLICY}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={messages.DEVICE_TYPE}
              withAsterisk
              data={types.data ?? []}
              value={deviceType}
              onChange={setDeviceType}
              allowDeselect={false}
            />
            <Select
              label={messages.GROUP}
              data={[{ value: EVERYBODY, label: messages.EVERYBODY }, ...(groups.data ?? []).map((item) => ({ value: String(item.groupId), label: item.name }))]}
              value={group}
              onChange={(value) => setGroup(value ?? EVERYBODY)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {FIELDS.map((field) => (
              <NumberInput
                key={field.key}
                label={messages[field.label]}
                placeholder={messages.NO_LIMIT}
                min={field.min}
                max={field.max}
                allowDecimal={false}
                allowNegative={false}
                value={limits[field.key] ?? ''}
                onChange={(value) => setLimits((current) => ({ ...current, [field.key]: typeof value === 'number' ? value : null }))}
              />
            ))}
          </SimpleGrid>
          {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
          <Group justify="flex-end">
            <Button type="submit" disabled={!deviceType} loading={save.isPending}>
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
