// A table of images: name and version, device types, format, size, visibility, last flash; the owner and the
// actions the page gives (delete for the owner; approve, deprecate and delete for administrators).
import { Badge, Group, Table, Text } from '@mantine/core';
import type { UserImage } from '@testbed/contract';
import type { ReactNode } from 'react';
import { DeleteButton } from '../../../shared/components/delete-button';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { useTranslation } from '../../../shared/i18n-devices';
import { formatDateTime } from '../../../shared/time';
import { formatBytes } from '../format';

export function visibilityLabel(image: UserImage, t: ReturnType<typeof useTranslation>['t']): string {
  if (image.visibility === 'public' && !image.publicApproved) return t('IMAGE_AWAITING_APPROVAL');
  if (image.visibility === 'group') return `${t('IMAGE_VISIBILITY_group')} ${image.groupName ?? ''}`.trim();
  return t(`IMAGE_VISIBILITY_${image.visibility}`);
}

export function ImagesTable({ label, images, showOwner, actions }: { label: string; images: UserImage[]; showOwner: boolean; actions: (image: UserImage) => ReactNode }) {
  const { t } = useTranslation();
  const headers = [
    t('IMAGE_NAME'),
    t('IMAGE_DEVICE_TYPES'),
    t('IMAGE_FORMAT'),
    t('IMAGE_SIZE'),
    t('IMAGE_VISIBILITY'),
    ...(showOwner ? [t('IMAGE_OWNER')] : []),
    t('IMAGE_LAST_FLASHED'),
    t('ACTIONS'),
  ];
  return (
    <ScrollTable label={label} headers={headers} verticalSpacing="xs" miw={900}>
      {images.map((image) => (
        <Table.Tr key={image.id} data-image={image.ref}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {image.name} {image.version}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {image.ref} · {image.sha256.slice(0, 16)}…
            </Text>
          </Table.Td>
          <Table.Td>{image.deviceTypes.join(', ')}</Table.Td>
          <Table.Td>{image.format}</Table.Td>
          <Table.Td>{formatBytes(image.sizeBytes)}</Table.Td>
          <Table.Td>
            <Group gap={4}>
              <Text size="sm">{visibilityLabel(image, t)}</Text>
              {image.deprecated && (
                <Badge color="gray.8" variant="filled" styles={{ root: { textTransform: 'none' } }}>
                  {t('IMAGE_DEPRECATED')}
                </Badge>
              )}
            </Group>
          </Table.Td>
          {showOwner && <Table.Td>{image.owner}</Table.Td>}
          <Table.Td>{image.lastFlashedAt ? formatDateTime(image.lastFlashedAt) : t('NEVER')}</Table.Td>
          <Table.Td>
            <Group gap="xs">{actions(image)}</Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

export function DeleteImageButton({ image, onDelete }: { image: UserImage; onDelete: (image: UserImage) => void }) {
  const { t } = useTranslation();
  return (
    <DeleteButton size="xs" onClick={() => onDelete(image)} aria-label={`${t('IMAGE_DELETE')} ${image.name} ${image.version}`}>
      {t('IMAGE_DELETE')}
    </DeleteButton>
  );
}
