// Changing one of my images: name, version, description, device types and who sees it (only me, one of my
// groups, everyone once an administrator approved it). The contract's update schema is the form's rule; what
// the server refuses (a device type that does not take the format, a group's quota) shows under its field.
import { Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { imageUpdateSchema, messages, type UserImage } from '@testbed/contract';
import { Dialog } from '../../../shared/components/dialog';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { endpointQuery } from '../../../shared/endpoint-query';
import { fill } from '../../../shared/fill';
import { generalFailure, showRefusals, useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { imageUsageOptions, useUpdateImage } from '../api/images-api';

export function ImageEditModal({ image, onClose }: { image: UserImage | null; onClose: () => void }) {
  return (
    // The app's Dialog: Mantine's Modal with a plain header and a named close button.
    <Dialog opened={image !== null} onClose={onClose} title={image ? fill(messages.IMAGE_EDIT_TITLE, { name: image.name, version: image.version }) : ''} size="lg">
      {image && <ImageEditForm key={image.id} image={image} onDone={onClose} />}
    </Dialog>
  );
}

function ImageEditForm({ image, onDone }: { image: UserImage; onDone: () => void }) {
  const nodes = useQuery(endpointQuery(flashing.nodes));
  const usage = useQuery(imageUsageOptions);
  const update = useUpdateImage();
  const form = useContractForm(
    imageUpdateSchema,
    {
      name: image.name,
      version: image.version,
      description: image.description,
      deviceTypes: image.deviceTypes,
      visibility: image.visibility,
      groupId: image.groupId === null ? null : String(image.groupId),
    },
    { onValuesChange: () => update.reset() },
  );
  const groups = usage.data?.groups ?? [];
  const visibility = form.getValues().visibility;
  // A device type the image names stays offered even if the testbed no longer lists it.
  const deviceTypes = [...new Set([...Object.keys(nodes.data ?? {}), ...image.deviceTypes])];

  const onSubmit = form.onSubmit((change) => {
    update.mutate(
      { id: image.id, change: { ...change, groupId: change.visibility === 'group' ? change.groupId : null } },
      {
        onSuccess: (saved) => {
          notifySuccess(fill(messages.IMAGE_UPDATED, { name: saved.name, version: saved.version }));
          onDone();
        },
        onError: (error) => showRefusals(form, error),
      },
    );
  });
  const failure = generalFailure(update.error);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={messages.IMAGE_EDIT}>
      <Stack gap="sm">
        <TextInput label={messages.IMAGE_NAME} required {...form.getInputProps('name')} />
        <TextInput label={messages.IMAGE_VERSION} required {...form.getInputProps('version')} />
        <Textarea label={messages.IMAGE_DESCRIPTION} autosize minRows={2} {...form.getInputProps('description')} />
        <MultiSelect label={messages.IMAGE_DEVICE_TYPES} data={deviceTypes} searchable required {...form.getInputProps('deviceTypes')} />
        <Stack gap={4}>
          <Text size="sm" fw={700} id="image-visibility-label">
            {messages.IMAGE_VISIBILITY}
          </Text>
          <SegmentedControl
            aria-labelledby="image-visibility-label"
            data={(['private', 'group', 'public'] as const).map((value) => ({ value, label: messages[`IMAGE_VISIBILITY_${value}`] }))}
            {...form.getInputProps('visibility')}
          />
          {form.errors.visibility && (
            <Text size="xs" c="red.8">
              {form.errors.visibility}
            </Text>
          )}
        </Stack>
        {visibility === 'group' &&
          (groups.length === 0 && usage.isSuccess ? (
            <Text size="sm">{messages.IMAGE_NO_GROUP}</Text>
          ) : (
            <Select
              label={messages.IMAGE_SHARE_GROUP}
              required
              data={groups.map((group) => ({ value: String(group.groupId), label: group.name }))}
              {...form.getInputProps('groupId')}
              value={form.getValues().groupId === null ? null : String(form.getValues().groupId)}
            />
          ))}
        {visibility === 'public' && <Text size="sm">{messages.IMAGE_PUBLIC_APPROVAL}</Text>}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {messages.CANCEL}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={visibility === 'group' && form.getValues().groupId === null}>
            {messages.SAVE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
