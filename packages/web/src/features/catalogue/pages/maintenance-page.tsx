// maintenance (administrators): block devices, or a whole device type, for a window with a reason. The
// preview lists the reservations already inside it; confirming creates it and mails their holders. Current
// and coming maintenance below, each can be cancelled.
import { Button, Group, MultiSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { maintenanceFormSchema, type MaintenanceForm, type MaintenancePreview, messages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { fill } from '../../../shared/fill';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { FORM_DATE_PLACEHOLDER, formatDateTime, fromInputDateTime } from '../../../shared/time';
import { notifySuccess } from '../../../shared/notify';
import { catalogueOptions, maintenanceListOptions, useCreateMaintenance, useDeleteMaintenance, usePreviewMaintenance } from '../api/devices-api';
import { ErrorAlert } from '../../../shared/components/error-alert';

interface Draft {
  reason: string;
  deviceType: string | null;
  devices: string[];
  start: string;
  end: string;
}

const EMPTY: Draft = { reason: '', deviceType: null, devices: [], start: '', end: '' };

export function MaintenancePage() {
  useDocumentTitle(`${messages.MAINTENANCE} | Testbed Portal`);
  const catalogue = useQuery(catalogueOptions({}));
  const list = useQuery(maintenanceListOptions);
  const preview = usePreviewMaintenance();
  const create = useCreateMaintenance();
  const remove = useDeleteMaintenance();
  const { confirm, dialog } = useConfirmModal();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<{ form: MaintenanceForm; preview: MaintenancePreview } | null>(null);

  const devices = (catalogue.data?.devices ?? []).filter((device) => device.deviceType === draft.deviceType);
  const types = [...new Set((catalogue.data?.devices ?? []).map((device) => device.deviceType))];
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setChecked(null);
  };

  // Read like the audit log's dates, but both are required here and the rules that follow differ.
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const start = fromInputDateTime(draft.start);
    const end = fromInputDateTime(draft.end);
    const found: Record<string, string> = {};
    if (!draft.deviceType) found.deviceType = messages.MAINTENANCE_TYPE_REQUIRED;
    if (!start || start === 'invalid') found.start = messages.INVALID_DATE;
    if (!end || end === 'invalid') found.end = messages.INVALID_DATE;
    const form = {
      reason: draft.reason,
      start: start && start !== 'invalid' ? start : '',
      end: end && end !== 'invalid' ? end : '',
      ...(draft.devices.length > 0 ? { devices: draft.devices } : { deviceType: draft.deviceType ?? '' }),
    };
    const parsed = maintenanceFormSchema.safeParse(form);
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const valid = parsed.data;
    preview.mutate(valid, { onSuccess: (reply) => setChecked({ form: valid, preview: reply }) });
  };

  const onConfirm = () => {
    if (!checked) return;
    create.mutate(checked.form, {
      onSuccess: (reply) => {
        notifySuccess(fill(messages.MAINTENANCE_CREATED, { count: reply.affected.length }));
        setChecked(null);
        setDraft(EMPTY);
      },
    });
  };

  const onDelete = async (id: number, reason: string) => {
    const ok = await confirm({ title: messages.MAINTENANCE_CANCEL, message: fill(messages.MAINTENANCE_CANCEL_CONFIRM, { reason }), confirmLabel: messages.MAINTENANCE_CANCEL, danger: true });
    if (ok) remove.mutate(id);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.MAINTENANCE}</Title>
      <form onSubmit={onPreview} noValidate aria-label={messages.MAINTENANCE_NEW}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {messages.MAINTENANCE_NEW}
          </Title>
          <TextInput label={messages.MAINTENANCE_REASON} value={draft.reason} onChange={(event) => change({ reason: event.currentTarget.value })} error={errors.reason} maxLength={500} required />
          <Group align="flex-start" wrap="wrap">
            <Select label={messages.DEVICE_TYPE} data={types} value={draft.deviceType} onChange={(deviceType) => change({ deviceType, devices: [] })} error={errors.deviceType} required w="16rem" />
            <MultiSelect
              label={messages.MAINTENANCE_DEVICES}
              description={messages.MAINTENANCE_DEVICES_HINT}
              data={devices.map((device) => ({ value: device.macAddress, label: `${device.ipAddress} (${device.macAddress})` }))}
              value={draft.devices}
              onChange={(chosen) => change({ devices: chosen })}
              error={errors.devices}
              disabled={!draft.deviceType}
              searchable
              w="24rem"
            />
          </Group>
          <Group align="flex-start" wrap="wrap">
            <TextInput label={messages.MAINTENANCE_START} placeholder={FORM_DATE_PLACEHOLDER} value={draft.start} onChange={(event) => change({ start: event.currentTarget.value })} error={errors.start} required w="12rem" />
            <TextInput label={messages.MAINTENANCE_END} placeholder={FORM_DATE_PLACEHOLDER} value={draft.end} onChange={(event) => change({ end: event.currentTarget.value })} error={errors.end} required w="12rem" />
          </Group>
          {(preview.error ?? create.error) && <ErrorAlert>{(preview.error ?? create.error)!.message}</ErrorAlert>}
          <Group>
            <Button type="submit" variant={checked ? 'default' : 'filled'} loading={preview.isPending}>
              {messages.MAINTENANCE_PREVIEW}
            </Button>
          </Group>
        </Stack>
      </form>
      {checked && (
        <Stack gap="sm" data-testid="maintenance-preview">
          <Text>{fill(messages.MAINTENANCE_PREVIEW_DEVICES, { count: checked.preview.devices.length })}</Text>
          {checked.preview.affected.length === 0 ? (
            <Text>{messages.MAINTENANCE_NO_RESERVATION}</Text>
          ) : (
            <>
              <Text fw={700}>{fill(messages.MAINTENANCE_AFFECTED, { count: checked.preview.affected.length })}</Text>
              <ScrollTable
                label={messages.MAINTENANCE_AFFECTED_TABLE}
                headers={[messages.RESERVATION_ID, messages.MAINTENANCE_HOLDER, messages.MAINTENANCE_START, messages.MAINTENANCE_END, messages.MAINTENANCE_DEVICES]}
              >
                {checked.preview.affected.map((row) => (
                  <Table.Tr key={row.reservationId}>
                    <Table.Td>{row.reservationId}</Table.Td>
                    <Table.Td>{row.holder}</Table.Td>
                    <Table.Td>{formatDateTime(row.start)}</Table.Td>
                    <Table.Td>{formatDateTime(row.end)}</Table.Td>
                    <Table.Td ff="monospace" fz="sm">
                      {row.devices.join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ScrollTable>
            </>
          )}
          <Group>
            <Button onClick={onConfirm} loading={create.isPending}>
              {messages.MAINTENANCE_CONFIRM}
            </Button>
          </Group>
        </Stack>
      )}
      <section aria-labelledby="maintenance-current">
        <Title order={2} size="h4" id="maintenance-current" mb="xs">
          {messages.MAINTENANCE_CURRENT}
        </Title>
        {list.data && list.data.length === 0 && <Text>{messages.MAINTENANCE_NONE}</Text>}
        {list.data && list.data.length > 0 && (
          <ScrollTable label={messages.MAINTENANCE_CURRENT} landmark={false} headers={[messages.MAINTENANCE_REASON, messages.MAINTENANCE_START, messages.MAINTENANCE_END, messages.MAINTENANCE_DEVICES, messages.ACTIONS]}>
            {list.data.map((row) => (
              <Table.Tr key={row.id} data-maintenance={row.id}>
                <Table.Td>{row.reason}</Table.Td>
                <Table.Td>{formatDateTime(row.start)}</Table.Td>
                <Table.Td>{formatDateTime(row.end)}</Table.Td>
                <Table.Td fz="sm">{row.deviceType ? fill(messages.MAINTENANCE_WHOLE_TYPE, { type: row.deviceType, count: row.devices.length }) : row.devices.join(', ')}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="outline" color="red.9" onClick={() => void onDelete(row.id, row.reason)} aria-label={`${messages.MAINTENANCE_CANCEL}: ${row.reason}`}>
                    {messages.MAINTENANCE_CANCEL}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        )}
      </section>
      {dialog}
    </Stack>
  );
}

export { MaintenancePage as Component };
