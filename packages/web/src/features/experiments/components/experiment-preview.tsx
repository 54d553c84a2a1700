// The preview of a description: its slot and, group by group, the devices it would get; confirming books it,
// and the description may be saved as a template (the contract's templateNameFormSchema: the name, trimmed).
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { experimentMessages as texts, templateNameFormSchema, type ExperimentDescriptionInput, type ExperimentPreview, type TemplateNameForm } from '@testbed/contract';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { generalFailure, showRefusals, useContractForm } from '../../../shared/form';
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
  // An edit forgets the last call's failure.
  const form = useContractForm(templateNameFormSchema, { name: '' }, { onValuesChange: () => saveTemplate.reset() });
  const { description, preview } = checked;
  const onSave = ({ name }: TemplateNameForm) =>
    saveTemplate.mutate(
      { name, description },
      { onSuccess: (saved) => notifySuccess(fill(texts.TEMPLATE_SAVED, { name: saved.name })), onError: (failure) => showRefusals(form, failure) },
    );
  const failure = generalFailure(saveTemplate.error);

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
      {/* Confirm is a plain button of the form: Enter in the name saves the template. */}
      <form onSubmit={form.onSubmit(onSave)} noValidate aria-label={texts.SAVE_TEMPLATE}>
        <Group align="flex-end">
          <Button onClick={onConfirm} loading={confirming}>
            {texts.CONFIRM}
          </Button>
          <TextInput label={texts.TEMPLATE_NAME} {...form.getInputProps('name')} maxLength={100} w="16rem" />
          <Button type="submit" variant="default" loading={saveTemplate.isPending}>
            {texts.SAVE_TEMPLATE}
          </Button>
        </Group>
      </form>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Stack>
  );
}
