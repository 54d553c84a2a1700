// The images handlers; paths, schemas, documentation and access are the endpoint table's.
import { imagesEndpoints } from '@testbed/contract/endpoints/images';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { ImagesService } from './service.js';

export const imageRoutes = endpointRoutes(imagesEndpoints, ({ images }: { images: ImagesService }) => ({
  list: (request) => images.list(request.principal, request.query),
  flashable: (request) => images.flashableImages(request.principal, request.query.deviceType),
  usage: (request) => images.usage(request.principal),
  get: (request) => images.get(request.principal, request.params.id),
  download: async (request, reply) => {
    const file = await images.download(request.principal, request.params.id);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.stream);
  },
  update: (request) => images.update(request.principal, request.params.id, request.body, request.ip),
  delete: (request) => images.delete(request.principal, request.params.id, request.ip),
  adminList: (request) => images.adminList(request.principal),
  approvePublic: (request) => images.approvePublic(request.principal, request.params.id, request.ip),
  deprecate: (request) => images.deprecate(request.principal, request.params.id, request.ip),
  setUserQuota: (request) => images.setQuota(request.principal, { userId: request.params.userId }, request.body.quotaBytes, request.ip),
  setGroupQuota: (request) => images.setQuota(request.principal, { groupId: request.params.groupId }, request.body.quotaBytes, request.ip),
}));
