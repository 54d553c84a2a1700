// adminImages (administrators): every image with its owner, size, visibility and last flash, and the storage
// they take; approve a public one, deprecate, delete; set a user's or a group's quota. Each action is audited
// by the server.
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { messages, type UserImage } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { notifyFailure, notifySuccess } from '../../../shared/notify';
import { adminImagesOptions, useDeleteImage, useMarkImage } from '../api/images-api';
import { DeleteImageButton, ImagesTable } from '../components/images-table';
import { QuotasSection } from '../components/quotas-section';
import { formatBytes } from '../format';

export function AdminImagesPage() {
  useDocumentTitle(`${messages.ALL_IMAGES} | Testbed Portal`);
  const images = useQuery(adminImagesOptions);
  const remove = useDeleteImage();
  const mark = useMarkImage();
  const { confirm, dialog } = useConfirmModal();
  const failed = (error: Error) => notifyFailure(error.message);

  const onDelete = async (image: UserImage) => {
    const yes = await confirm({ title: messages.IMAGE_DELETE, message: fill(messages.IMAGE_DELETE_CONFIRM, { name: image.name, version: image.version }), confirmLabel: messages.IMAGE_DELETE, danger: true });
    if (yes) remove.mutate(image.id, { onSuccess: () => notifySuccess(messages.IMAGE_DELETED), onError: failed });
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Title order={1}>{messages.ALL_IMAGES}</Title>
        {images.isError || !images.data ? (
          <QueryPlaceholder failure={images.isError ? messages.LOADING_FAILED_TEXT : null} />
        ) : (
          <>
            <Text size="sm">{fill(messages.IMAGE_STORAGE_TOTAL, { size: formatBytes(images.data.storedBytes) })}</Text>
            {images.data.images.length === 0 ? (
              <Text size="sm">{messages.IMAGE_NONE}</Text>
            ) : (
              <ImagesTable
                label={messages.ALL_IMAGES}
                images={images.data.images}
                showOwner
                actions={(image) => (
                  <>
                    {image.visibility === 'public' && !image.publicApproved && (
                      <Button size="xs" variant="light" onClick={() => mark.mutate({ id: image.id, mark: 'approvePublic' }, { onError: failed })}>
                        {messages.IMAGE_APPROVE}
                      </Button>
                    )}
                    {!image.deprecated && (
                      <Button size="xs" variant="default" onClick={() => mark.mutate({ id: image.id, mark: 'deprecate' }, { onError: failed })}>
                        {messages.IMAGE_DEPRECATE}
                      </Button>
                    )}
                    <DeleteImageButton image={image} onDelete={(one) => void onDelete(one)} />
                  </>
                )}
              />
            )}
          </>
        )}
        <QuotasSection />
      </Stack>
      {dialog}
    </Container>
  );
}

export { AdminImagesPage as Component };
