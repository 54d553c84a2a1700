// Uploading an image: drop a file (or choose one), fill in the form (the contract's rule of the upload's
// metadata), and watch it go up (use-tus-upload) with its share, speed and time left; pause and resume at will.
import { Alert, Button, Group, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { imageUploadDraftSchema, messages, uploadMetadataOf, userImageSchema, type ImageUploadDraft, type UserImage } from '@testbed/contract';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { useState } from 'react';
import { endpointQuery } from '../../../shared/endpoint-query';
import { useContractForm } from '../../../shared/form';
import { FileDropZone } from './file-drop-zone';
import { UploadProgress } from './upload-progress';
import { useTusUpload } from './use-tus-upload';

const EMPTY: ImageUploadDraft = { name: '', version: '1', description: '', deviceTypes: [], checksum: '', size: 0 };

export function ImageUpload({ onUploaded }: { onUploaded: (image: UserImage) => void }) {
  const nodes = useQuery(endpointQuery(flashing.nodes));
  const [file, setFile] = useState<File | null>(null);
  const form = useContractForm(imageUploadDraftSchema, EMPTY);
  const tus = useTusUpload();
  const uploading = tus.progress !== null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    tus.clearError();
    form.setValues({ size: chosen.size, ...(form.getValues().name ? {} : { name: chosen.name.replace(/\.[^.]*$/, '').slice(0, 64) }) });
  };

  const start = (values: ReturnType<typeof imageUploadDraftSchema.parse>) => {
    if (!file) return;
    void tus.start(file, uploadMetadataOf(values), (body) => {
      setFile(null);
      // The version and the device types stay, for the next build of the same firmware.
      form.setValues({ name: '', checksum: '', description: '', size: 0 });
      const image = userImageSchema.safeParse(JSON.parse(body || 'null'));
      if (image.success) onUploaded(image.data);
    });
  };

  return (
    <form onSubmit={form.onSubmit(start)} noValidate>
      <Stack gap="sm">
        <FileDropZone file={file} disabled={uploading} onChoose={choose} />
        <Group grow align="flex-start">
          <TextInput label={messages.IMAGE_NAME} withAsterisk maxLength={64} disabled={uploading} {...form.getInputProps('name')} />
          <TextInput label={messages.IMAGE_VERSION} withAsterisk maxLength={32} disabled={uploading} {...form.getInputProps('version')} />
        </Group>
        <MultiSelect label={messages.IMAGE_DEVICE_TYPES} withAsterisk data={Object.keys(nodes.data ?? {})} disabled={uploading} {...form.getInputProps('deviceTypes')} />
        <Textarea label={messages.IMAGE_DESCRIPTION} maxLength={2000} autosize minRows={1} disabled={uploading} {...form.getInputProps('description')} />
        <TextInput label={messages.IMAGE_CHECKSUM} maxLength={64} disabled={uploading} {...form.getInputProps('checksum')} />
        {tus.progress && <UploadProgress progress={tus.progress} percent={tus.percent} paused={tus.paused} resumedAt={tus.resumedAt} />}
        <Group gap="sm">
          {!uploading && (
            <Button type="submit" disabled={!file || !form.isValid()}>
              {messages.IMAGE_START_UPLOAD}
            </Button>
          )}
          {uploading && !tus.paused && (
            <Button variant="default" onClick={tus.pause}>
              {messages.IMAGE_PAUSE}
            </Button>
          )}
          {uploading && tus.paused && <Button onClick={tus.resume}>{messages.IMAGE_RESUME}</Button>}
          {uploading && (
            <Button variant="subtle" color="red.9" onClick={tus.cancel}>
              {messages.IMAGE_CANCEL_UPLOAD}
            </Button>
          )}
        </Group>
        {tus.error && (
          <Alert color="red" variant="light" role="alert">
            {tus.error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
