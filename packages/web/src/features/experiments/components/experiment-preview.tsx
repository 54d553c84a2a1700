// The preview of a description: its slot and, group by group, the devices it would get; confirming books it,
// and the description may be saved as a template.
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { experimentMessages as texts, type ExperimentDescriptionInput, type ExperimentPreview } from '@testbed/contract';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { notifySuccess } from '../../../shared/notify';
import { formatDateTime } from '../../../shared/time';
import { useSaveTemplate } from '../api/experiments-api';

export interface ExperimentPreviewProps {
  checked: { description: ExperimentDescriptionInput; preview: ExperimentPreview };
  confirming: boolean;
  onConfirm: () => void;
}

export function ExperimentPreviewPanel({ checked, confirming, onConfirm }: ExperimentPreviewProps) {
  const saveTemplate = useSaveTemplate();
  const [templateName, setTemplateName] = useState('');
  const { description, preview } = checked;
  const onSave = () =>
    saveTemplate.mutate({ name: templateName.trim(), description }, { onSuccess: (saved) => notifySuccess(fill(texts.TEMPLATE_SAVED, { name: saved.name })) });

  return (
    <Stack gap="sm" data-testid="experiment-preview">
      <Text>{fill(texts.PREVIEW_SLOT, { start: formatDateTime(preview.start), end: formatDateTime(preview.end) })}</Text>
      {description.groups.map((group, index) => {
        const devices = preview.devices.filter((device) => device.group === index);
        const n = index + 1;
        return (
          <Stack gap={4} key={index}>
            <Title order={2} size="h4">
              {fill(texts.PREVIEW_GROUP, { n, count: devices.length, type: group.type })}
            </Title>
            <ScrollTable label={fill(texts.PREVIEW_GROUP_TABLE, { n })} headers={[texts.DEVICE, texts.IP, texts.IMAGE]}>
              {devices.map((device) => (
                <Table.Tr key={device.macAddress}>
                  <Table.Td ff="monospace">{device.macAddress}</Table.Td>
                  <Table.Td>{device.ipAddress}</Table.Td>
                  <Table.Td>{device.image}</Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          </Stack>
        );
      })}
      <Group align="flex-end">
        <Button onClick={onConfirm} loading={confirming}>
          {texts.CONFIRM}
        </Button>
        <TextInput label={texts.TEMPLATE_NAME} value={templateName} onChange={(event) => setTemplateName(event.currentTarget.value)} maxLength={100} w="16rem" />
        <Button variant="default" onClick={onSave} loading={saveTemplate.isPending} disabled={templateName.trim() === ''}>
          {texts.SAVE_TEMPLATE}
        </Button>
      </Group>
      {saveTemplate.error && <ErrorAlert>{saveTemplate.error.message}</ErrorAlert>}
    </Stack>
  );
}
