// A table of images: name and version, device types, format, size, visibility, last flash; the owner and the
// actions the page gives (delete for the owner; approve, deprecate and delete for administrators).
import { Badge, Group, Table, Text } from '@mantine/core';
import { messages, type UserImage } from '@testbed/contract';
import type { ReactNode } from 'react';
import { DeleteButton } from '../../../shared/components/delete-button';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { formatDateTime } from '../../../shared/time';
import { formatBytes } from '../format';

export function visibilityLabel(image: UserImage): string {
  if (image.visibility === 'public' && !image.publicApproved) return messages.IMAGE_AWAITING_APPROVAL;
  if (image.visibility === 'group') return `${messages.IMAGE_VISIBILITY_group} ${image.groupName ?? ''}`.trim();
  return messages[`IMAGE_VISIBILITY_${image.visibility}`];
}

export function ImagesTable({ label, images, showOwner, actions }: { label: string; images: UserImage[]; showOwner: boolean; actions: (image: UserImage) => ReactNode }) {
  const headers = [
    messages.IMAGE_NAME,
    messages.IMAGE_DEVICE_TYPES,
    messages.IMAGE_FORMAT,
    messages.IMAGE_SIZE,
    messages.IMAGE_VISIBILITY,
    ...(showOwner ? [messages.IMAGE_OWNER] : []),
    messages.IMAGE_LAST_FLASHED,
    messages.ACTIONS,
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
              <Text size="sm">{visibilityLabel(image)}</Text>
              {image.deprecated && (
                <Badge color="gray.8" variant="filled" styles={{ root: { textTransform: 'none' } }}>
                  {messages.IMAGE_DEPRECATED}
                </Badge>
              )}
            </Group>
          </Table.Td>
          {showOwner && <Table.Td>{image.owner}</Table.Td>}
          <Table.Td>{image.lastFlashedAt ? formatDateTime(image.lastFlashedAt) : messages.NEVER}</Table.Td>
          <Table.Td>
            <Group gap="xs">{actions(image)}</Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

export function DeleteImageButton({ image, onDelete }: { image: UserImage; onDelete: (image: UserImage) => void }) {
  return (
    <DeleteButton size="xs" onClick={() => onDelete(image)} aria-label={`${messages.IMAGE_DELETE} ${image.name} ${image.version}`}>
      {messages.IMAGE_DELETE}
    </DeleteButton>
  );
}
