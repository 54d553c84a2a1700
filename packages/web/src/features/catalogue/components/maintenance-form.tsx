// The new maintenance's fields: a reason, a device type and optionally some of its devices, the window's
// start and end typed in the reader's zone. The page previews what it typed before creating it.
import { Button, Group, MultiSelect, Select, Stack, TextInput, Title } from '@mantine/core';
import { maintenanceFormSchema, messages, type MaintenanceDraft, type MaintenanceForm } from '@testbed/contract';
import type { FormErrors } from '@mantine/form';
import type { ContractForm } from '../../../shared/form';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { FORM_DATE_PLACEHOLDER, fromInputDateTime } from '../../../shared/time';

export const EMPTY_MAINTENANCE: MaintenanceDraft = { reason: '', deviceType: null, devices: [], start: '', end: '' };

/** The request's body of the typed maintenance, judged by the request's rule, or each field's message. */
export function maintenanceBody(draft: MaintenanceDraft): { body: MaintenanceForm } | { errors: FormErrors } {
  const start = fromInputDateTime(draft.start);
  const end = fromInputDateTime(draft.end);
  const errors: FormErrors = {};
  if (!start || start === 'invalid') errors.start = messages.INVALID_DATE;
  if (!end || end === 'invalid') errors.end = messages.INVALID_DATE;
  const parsed = maintenanceFormSchema.safeParse({
    reason: draft.reason,
    start: start && start !== 'invalid' ? start : '',
    end: end && end !== 'invalid' ? end : '',
    ...(draft.devices.length > 0 ? { devices: draft.devices } : { deviceType: draft.deviceType ?? '' }),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { body: parsed.data };
}

export interface MaintenanceFormProps {
  form: ContractForm<MaintenanceDraft, MaintenanceDraft>;
  /** The devices of the testbed, to choose the type and its devices from. */
  devices: readonly { deviceType: string; macAddress: string; ipAddress: string }[];
  onPreview: (draft: MaintenanceDraft) => void;
  previewing: boolean;
  /** Whether the typed maintenance has been previewed (its button then steps back for Confirm). */
  checked: boolean;
  failure: string | undefined;
}

export function MaintenanceFormFields({ form, devices, onPreview, previewing, checked, failure }: MaintenanceFormProps) {
  const { deviceType } = form.getValues();
  const types = [...new Set(devices.map((device) => device.deviceType))];
  const ofType = devices.filter((device) => device.deviceType === deviceType);
  return (
    <form onSubmit={form.onSubmit(onPreview)} noValidate aria-label={messages.MAINTENANCE_NEW}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {messages.MAINTENANCE_NEW}
        </Title>
        <TextInput label={messages.MAINTENANCE_REASON} maxLength={500} required {...form.getInputProps('reason')} />
        <Group align="flex-start" wrap="wrap">
          <Select
            label={messages.DEVICE_TYPE}
            data={types}
            required
            w="16rem"
            {...form.getInputProps('deviceType')}
            onChange={(type) => form.setValues({ deviceType: type, devices: [] })}
          />
          <MultiSelect
            label={messages.MAINTENANCE_DEVICES}
            description={messages.MAINTENANCE_DEVICES_HINT}
            data={ofType.map((device) => ({ value: device.macAddress, label: `${device.ipAddress} (${device.macAddress})` }))}
            disabled={!deviceType}
            searchable
            w="24rem"
            {...form.getInputProps('devices')}
          />
        </Group>
        <Group align="flex-start" wrap="wrap">
          <TextInput label={messages.MAINTENANCE_START} placeholder={FORM_DATE_PLACEHOLDER} required w="12rem" {...form.getInputProps('start')} />
          <TextInput label={messages.MAINTENANCE_END} placeholder={FORM_DATE_PLACEHOLDER} required w="12rem" {...form.getInputProps('end')} />
        </Group>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group>
          <Button type="submit" variant={checked ? 'default' : 'filled'} loading={previewing}>
            {messages.MAINTENANCE_PREVIEW}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
