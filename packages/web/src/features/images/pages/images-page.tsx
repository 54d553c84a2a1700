// images: the signed-in person's own images: upload one (drag and drop, progress, pause and resume), their
// usage against their quota and their groups', and the images with their edit and delete buttons.
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages, type UserImage } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { notifyFailure, notifySuccess } from '../../../shared/notify';
import { imageUsageOptions, myImagesOptions, useDeleteImage, useImageUploaded } from '../api/images-api';
import { ImageEditModal } from '../components/image-edit-modal';
import { ImageUpload } from '../components/image-upload';
import { DeleteImageButton, ImagesTable } from '../components/images-table';
import { formatBytes } from '../format';

export function ImagesPage() {
  useDocumentTitle(`${messages.MY_IMAGES} | Testbed Portal`);
  const images = useQuery(myImagesOptions);
  const usage = useQuery(imageUsageOptions);
  const uploaded = useImageUploaded();
  const remove = useDeleteImage();
  const { confirm, dialog } = useConfirmModal();
  const [editing, setEditing] = useState<UserImage | null>(null);

  const onDelete = async (image: UserImage) => {
    const yes = await confirm({ title: messages.IMAGE_DELETE, message: fill(messages.IMAGE_DELETE_CONFIRM, { name: image.name, version: image.version }), confirmLabel: messages.IMAGE_DELETE, danger: true });
    if (!yes) return;
    remove.mutate(image.id, { onSuccess: () => notifySuccess(messages.IMAGE_DELETED), onError: (error) => notifyFailure(error.message) });
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Title order={1}>{messages.MY_IMAGES}</Title>
        <Stack gap="xs">
          <Title order={2} size="h3">
            {messages.IMAGE_UPLOAD}
          </Title>
          <ImageUpload
            onUploaded={(image) => {
              uploaded.mutate(undefined);
              notifySuccess(fill(messages.IMAGE_UPLOADED, { name: image.name, version: image.version }));
            }}
          />
        </Stack>
        {usage.data && (
          <Stack gap={2}>
            <Text size="sm" data-testid="image-usage">
              {fill(messages.IMAGE_USAGE, { used: formatBytes(usage.data.user.usedBytes), quota: formatBytes(usage.data.user.quotaBytes) })}
            </Text>
            {usage.data.groups.map((group) => (
              <Text key={group.groupId} size="sm" c="dimmed">
                {fill(messages.IMAGE_GROUP_USAGE, { group: group.name, used: formatBytes(group.usedBytes), quota: formatBytes(group.quotaBytes) })}
              </Text>
            ))}
          </Stack>
        )}
        {images.isError || !images.data ? (
          <QueryPlaceholder failure={images.isError ? messages.LOADING_FAILED_TEXT : null} />
        ) : images.data.length === 0 ? (
          <Text size="sm">{messages.IMAGE_NONE}</Text>
        ) : (
          <ImagesTable label={messages.MY_IMAGES} images={images.data} showOwner={false} actions={(image) => (
              <>
                <Button size="xs" variant="light" onClick={() => setEditing(image)} aria-label={`${messages.IMAGE_EDIT} ${image.name} ${image.version}`}>
                  {messages.IMAGE_EDIT}
                </Button>
                <DeleteImageButton image={image} onDelete={(one) => void onDelete(one)} />
              </>
            )}
          />
        )}
      </Stack>
      {dialog}
      <ImageEditModal image={editing} onClose={() => setEditing(null)} />
    </Container>
  );
}

export { ImagesPage as Component };
