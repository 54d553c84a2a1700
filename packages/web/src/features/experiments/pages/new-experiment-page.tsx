// experiment: describe an experiment (one or more groups of devices, each of one type with an image; how long;
// when) and see the slot and each group's devices before booking it; confirming books it and opens its page,
// where it is followed to ready. The form's rule is the contract's description schema (experiment-values.ts),
// the one the server and the CLI use.
import { Button, Checkbox, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { EXPERIMENT_MAX_GROUPS, experimentDescriptionSchema, experimentMessages as texts, type ExperimentDescriptionInput, type ExperimentPreview } from '@testbed/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { fill } from '../../../shared/fill';
import { showRefusals, useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { flashableDevicesOptions, templatesOptions, usePreviewExperiment, useSubmitExperiment } from '../api/experiments-api';
import { ExperimentPreviewPanel } from '../components/experiment-preview';
import { GroupFields } from '../components/group-fields';
import { TimingFields } from '../components/timing-fields';
import { emptyGroup, experimentFormSchema, fromDescription, initialValues } from '../experiment-values';

type Checked = { description: ExperimentDescriptionInput; preview: ExperimentPreview };

export function NewExperimentPage() {
  useDocumentTitle(`${texts.NEW_EXPERIMENT} | Testbed Portal`);
  const navigate = useNavigate();
  const nodes = useQuery(flashableDevicesOptions);
  const templates = useQuery(templatesOptions);
  const preview = usePreviewExperiment();
  const submit = useSubmitExperiment();
  const [checked, setChecked] = useState<Checked | null>(null);
  // Any change makes the preview stale: it is asked again before booking.
  const [initial] = useState(initialValues);
  const form = useContractForm(experimentFormSchema, initial, { onValuesChange: () => setChecked(null) });
  const { groups } = form.getValues();

  /** The form filled from a saved description, every group of it. */
  const fillFromTemplate = (id: string | null) => {
    const template = templates.data?.find((one) => String(one.id) === id);
    const parsed = template && experimentDescriptionSchema.safeParse(template.description);
    if (parsed?.success) form.setValues(fromDescription(parsed.data));
  };

  const onPreview = form.onSubmit((description) =>
    preview.mutate(description, {
      onSuccess: (reply) => setChecked({ description, preview: reply }),
      onError: (error) => showRefusals(form, error),
    }),
  );

  const onConfirm = () => {
    if (!checked) return;
    submit.mutate(checked.description, {
      onSuccess: (experiment) => {
        notifySuccess(fill(texts.SUBMITTED, { name: experiment.name }));
        void navigate(paths.experiment.href(experiment.id));
      },
    });
  };

  const failure = preview.error ?? submit.error;
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
          <TextInput label={texts.NAME} {...form.getInputProps('name')} maxLength={100} required />
          {groups.map((group, index) => (
            <GroupFields key={group.key} form={form} index={index} nodes={nodes.data ?? {}} />
          ))}
          {groups.length < EXPERIMENT_MAX_GROUPS && (
            <Group>
              <Button variant="default" onClick={() => form.insertListItem('groups', emptyGroup())}>
                {texts.ADD_GROUP}
              </Button>
            </Group>
          )}
          <TimingFields form={form} />
          <Checkbox label={texts.ALL_OR_NOTHING} {...form.getInputProps('allOrNothing', { type: 'checkbox' })} />
          <Textarea label={texts.NOTES} {...form.getInputProps('notes')} autosize minRows={2} maxLength={4000} />
          {failure && <ErrorAlert>{failure.message}</ErrorAlert>}
          <Group>
            <Button type="submit" variant={checked ? 'default' : 'filled'} loading={preview.isPending}>
              {texts.PREVIEW}
            </Button>
          </Group>
        </Stack>
      </form>
      {checked && <ExperimentPreviewPanel checked={checked} confirming={submit.isPending} onConfirm={onConfirm} />}
    </Stack>
  );
}

export { NewExperimentPage as Component };
