// Calls of the images pages, each an endpoint of the contract's table; the upload itself is tus (upload.ts).
import type { ImageUpdate } from '@testbed/contract';
import { imagesEndpoints as images } from '@testbed/contract/endpoints/images';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export const myImagesOptions = endpointQuery(images.list, { query: { scope: 'mine' } });
export const imageUsageOptions = endpointQuery(images.usage);
export const adminImagesOptions = endpointQuery(images.adminList);

/** What an upload, a deletion or an administrator's mark changes. */
const imageLists = () => [images.list, images.usage, images.adminList, images.flashable];

export const useImageUploaded = () => useChange(async () => undefined, imageLists);

export const useDeleteImage = () => useChange((id: number) => call(images.delete, { params: { id } }), imageLists);

export const useMarkImage = () =>
  useChange(({ id, mark }: { id: number; mark: 'approvePublic' | 'deprecate' }) => call(images[mark], { params: { id } }), imageLists);

export const useUpdateImage = () => useChange(({ id, change }: { id: number; change: ImageUpdate }) => call(images.update, { params: { id }, body: change }), imageLists);

/** An administrator sets a user's or a group's quota (bytes, or null for the default). */
export const useSetQuota = () =>
  useChange(
    ({ of, id, quotaBytes }: { of: 'user' | 'group'; id: number; quotaBytes: number | null }) =>
      of === 'user' ? call(images.setUserQuota, { params: { userId: id }, body: { quotaBytes } }) : call(images.setGroupQuota, { params: { groupId: id }, body: { quotaBytes } }),
    () => [images.usage],
  );
