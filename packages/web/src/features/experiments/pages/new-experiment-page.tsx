// experiment: describe an experiment (a group of devices of one type with an image, how long, when) and see the
// slot and the devices it would get before booking it; confirming books it and opens its page, where it is
// followed to ready. The description is checked by the contract's schema, the one the server and the CLI use.
import { Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  experimentDescriptionSchema,
  experimentMessages as experimentMessagesEn,
  type ExperimentDescriptionInput,
  type ExperimentPreview,
} from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { FORM_DATE_PLACEHOLDER, formatDateTime, fromInputDateTime } from '../../../shared/time';
import { notifySuccess } from '../../../shared/notify';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { flashableDevicesOptions, templatesOptions, usePreviewExperiment, useSaveTemplate, useSubmitExperiment } from '../api/experiments-api';

const texts = experimentMessagesEn;

interface Draft {
  name: string;
  notes: string;
  durationMinutes: number | string;
  start: 'now' | 'earliest' | 'at';
  startAt: string;
  type: string | null;
  count: number | string;
  image: string | null;
  allOrNothing: boolean;
}

const EMPTY: Draft = { name: '', notes: '', durationMinutes: 60, start: 'earliest', startAt: '', type: null, count: 1, image: null, allOrNothing: false };

export function NewExperimentPage() {
  useDocumentTitle(`${texts.NEW_EXPERIMENT} | Testbed Portal`);
  const navigate = useNavigate();
  const nodes = useQuery(flashableDevicesOptions);
  const preview = usePreviewExperiment();
  const submit = useSubmitExperiment();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<{ description: ExperimentDescriptionInput; preview: ExperimentPreview } | null>(null);
  const templates = useQuery(templatesOptions);
  const saveTemplate = useSaveTemplate();
  const [templateName, setTemplateName] = useState('');

  const types = Object.keys(nodes.data ?? {});
  const images = draft.type ? [...new Set(Object.values(nodes.data?.[draft.type] ?? {}).flatMap((device) => device.images))] : [];
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setChecked(null);
  };

  /** The form filled from a saved description (its first group: the form shows one). */
  const fillFromTemplate = (id: string | null) => {
    const template = templates.data?.find((one) => String(one.id) === id);
    const parsed = template && experimentDescriptionSchema.safeParse(template.description);
    if (!parsed || !parsed.success) return;
    const description = parsed.data;
    const group = description.groups[0]!;
    const start = description.start === 'now' || description.start === 'earliest' ? description.start : 'earliest';
    change({
      name: description.name,
      notes: description.notes,
      durationMinutes: description.durationMinutes,
      start,
      type: group.type,
      count: group.count ?? group.devices?.length ?? 1,
      image: group.image ?? null,
      allOrNothing: description.allOrNothing,
    });
  };

  const onSaveTemplate = () => {
    if (!checked) return;
    saveTemplate.mutate({ name: templateName.trim(), description: checked.description }, { onSuccess: (saved) => notifySuccess(texts.TEMPLATE_SAVED.replace('{{name}}', saved.name)) });
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const at = draft.start === 'at' ? fromInputDateTime(draft.startAt) : null;
    if (draft.start === 'at' && (!at || at === 'invalid')) found.start = FORM_DATE_PLACEHOLDER;
    const description = {
      name: draft.name.trim(),
      notes: draft.notes,
      durationMinutes: Number(draft.durationMinutes),
      start: draft.start === 'at' ? (at && at !== 'invalid' ? at : '') : draft.start,
      groups: [{ type: draft.type ?? '', count: Number(draft.count), image: draft.image ?? '' }],
      allOrNothing: draft.allOrNothing,
    };
    const parsed = experimentDescriptionSchema.safeParse(description);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A group's field shows under its own input.
        const field = issue.path[0] === 'groups' ? String(issue.path[2] ?? 'type') : String(issue.path[0]);
        found[field] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    preview.mutate(description, { onSuccess: (reply) => setChecked({ description, preview: reply }) });
  };

  const onConfirm = () => {
    if (!checked) return;
    submit.mutate(checked.description, {
      onSuccess: (experiment) => {
        notifySuccess(texts.SUBMITTED.replace('{{name}}', experiment.name));
        void navigate(paths.experiment.href(experiment.id));
      },
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{texts.NEW_EXPERIMENT}</Title>
      <form onSubmit={onPreview} noValidate aria-label={texts.NEW_EXPERIMENT}>
        <Stack gap="sm" maw="48rem">
          {(templates.data?.length ?? 0) > 0 && (
            <Select
              label={texts.TEMPLATE}
              data={(templates.data ?? []).map((template) => ({ value: String(template.id), label: template.groupName ? `${template.name} (${template.groupName})` : template.name }))}
              onChange={fillFromTemplate}
              w="24rem"
            />
          )}
          <TextInput label={texts.NAME} value={draft.name} onChange={(event) => change({ name: event.currentTarget.value })} error={errors.name} maxLength={100} required />
          <Group align="flex-start" wrap="wrap">
            <Select label={texts.DEVICE_TYPE} data={types} value={draft.type} onChange={(type) => change({ type, image: null })} error={errors.type} required w="16rem" />
            <NumberInput label={texts.COUNT} value={draft.count} onChange={(count) => change({ count })} error={errors.count} min={1} max={100} required w="10rem" />
            <Select label={texts.IMAGE} data={images} value={draft.image} onChange={(image) => change({ image })} error={errors.image} disabled={!draft.type} required w="16rem" />
          </Group>
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={texts.DURATION_MINUTES}
              value={draft.durationMinutes}
              onChange={(durationMinutes) => change({ durationMinutes })}
              error={errors.durationMinutes}
              min={1}
              required
              w="12rem"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="experiment-start">
                {texts.START}
              </Text>
              <SegmentedControl
                aria-labelledby="experiment-start"
                value={draft.start}
                onChange={(start) => change({ start: start as Draft['start'] })}
                data={[
                  { value: 'now', label: texts.START_NOW },
                  { value: 'earliest', label: texts.START_EARLIEST },
                  { value: 'at', label: texts.START_AT },
                ]}
              />
            </Stack>
            {draft.start === 'at' && (
              <TextInput label={texts.START_TIME} placeholder={FORM_DATE_PLACEHOLDER} value={draft.startAt} onChange={(event) => change({ startAt: event.currentTarget.value })} error={errors.start} w="12rem" />
            )}
          </Group>
          <Checkbox label={texts.ALL_OR_NOTHING} checked={draft.allOrNothing} onChange={(event) => change({ allOrNothing: event.currentTarget.checked })} />
          <Textarea label={texts.NOTES} value={draft.notes} onChange={(event) => change({ notes: event.currentTarget.value })} error={errors.notes} autosize minRows={2} maxLength={4000} />
          {(preview.error ?? submit.error) && <ErrorAlert>{(preview.error ?? submit.error)!.message}</ErrorAlert>}
          <Group>
            <Button type="submit" variant={checked ? 'default' : 'filled'} loading={preview.isPending}>
              {texts.PREVIEW}
            </Button>
          </Group>
        </Stack>
      </form>
      {checked && (
        <Stack gap="sm" data-testid="experiment-preview">
          <Text>{texts.PREVIEW_SLOT.replace('{{start}}', formatDateTime(checked.preview.start)).replace('{{end}}', formatDateTime(checked.preview.end))}</Text>
          <ScrollTable label={texts.PREVIEW_TABLE} headers={[texts.DEVICE, texts.DEVICE_TYPE, texts.IP, texts.IMAGE]}>
            {checked.preview.devices.map((device) => (
              <Table.Tr key={device.macAddress}>
                <Table.Td ff="monospace">{device.macAddress}</Table.Td>
                <Table.Td>{device.deviceType}</Table.Td>
                <Table.Td>{device.ipAddress}</Table.Td>
                <Table.Td>{device.image}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Group align="flex-end">
            <Button onClick={onConfirm} loading={submit.isPending}>
              {texts.CONFIRM}
            </Button>
            <TextInput label={texts.TEMPLATE_NAME} value={templateName} onChange={(event) => setTemplateName(event.currentTarget.value)} maxLength={100} w="16rem" />
            <Button variant="default" onClick={onSaveTemplate} loading={saveTemplate.isPending} disabled={templateName.trim() === ''}>
              {texts.SAVE_TEMPLATE}
            </Button>
          </Group>
          {saveTemplate.error && <ErrorAlert>{saveTemplate.error.message}</ErrorAlert>}
        </Stack>
      )}
    </Stack>
  );
}

export { NewExperimentPage as Component };
