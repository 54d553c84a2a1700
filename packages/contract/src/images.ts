// User images (docs/images.md): uploaded over the tus protocol, checked by content, owned, shared and
// flashed like the operator's images. One schema per form, read by the server, the web app and the CLI.
import * as z from 'zod/mini';
import { deviceMessages } from './device-messages.js';
import { entityIdSchema, idParamsSchema, idValueSchema, isOneLine } from './input.js';

/** The content formats a device type may accept (the testbed file's `formats`), checked by the file's bytes. */
export const IMAGE_FORMATS = ['raw', 'gzip', 'xz', 'zstd', 'elf', 'ihex', 'bin'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Where the tus protocol's calls go (creation: POST; an upload: HEAD, PATCH, DELETE on `<path>/<id>`). */
export const IMAGE_UPLOADS_PATH = '/api/imageUploads';

/** How a user's image is named in a flash request: `image:<id>` (an operator's image is named by its name). */
export const USER_IMAGE_REF_PREFIX = 'image:';
export const userImageRef = (id: number) => `${USER_IMAGE_REF_PREFIX}${id}`;
/** The id of a user's image named in a flash request, or null when the text names an operator's image. */
export function userImageIdOf(ref: string): number | null {
  const match = /^image:([1-9][0-9]{0,9})$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

const oneLine = (label: string, max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is at most ${max} characters long`),
    z.refine(isOneLine, `${label} is one line of text`),
  );

const deviceTypeName = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'Not a device type.'));
const deviceTypesSchema = z.array(deviceTypeName).check(
  z.minLength(1, 'Choose at least one device type.'),
  z.maxLength(20, 'At most 20 device types.'),
  z.refine((types) => new Set(types).size === types.length, 'A device type is listed twice.'),
);

/** A SHA-256 as 64 hexadecimal digits, either case; kept in lower case. */
export const sha256Schema = z.pipe(
  z.string().check(z.regex(/^[0-9A-Fa-f]{64}$/, 'A SHA-256 is 64 hexadecimal digits.')),
  z.transform((hex) => hex.toLowerCase()),
);

/** The largest image accepted at all (a quota may be smaller): 64 GiB. */
export const MAX_IMAGE_BYTES = 64 * 1024 ** 3;

/**
 * The upload form: what the tus creation request carries in its Upload-Metadata (deviceTypes as a
 * comma-separated list there), and the declared length of the file.
 */
export const imageUploadFormSchema = z.object({
  name: oneLine('Name', 64),
  version: oneLine('Version', 32),
  description: z._default(z.string().check(z.maxLength(2000, 'Description is at most 2000 characters long')), ''),
  deviceTypes: deviceTypesSchema,
  checksum: z.optional(sha256Schema),
  size: z.int().check(z.gte(1, 'The file is empty.'), z.lte(MAX_IMAGE_BYTES, 'The file is larger than 64 GiB.')),
});
export type ImageUploadForm = z.infer<typeof imageUploadFormSchema>;
export type ImageUploadFormInput = z.input<typeof imageUploadFormSchema>;

/** The upload form as typed: a checksum left empty (or spaces) is none. */
export const imageUploadDraftSchema = z.extend(imageUploadFormSchema, {
  checksum: z.pipe(
    z.string().check(z.trim()),
    z.union([z.literal(''), sha256Schema]),
  ),
});
export type ImageUploadDraft = z.input<typeof imageUploadDraftSchema>;

/** The form's fields as tus Upload-Metadata (text values; deviceTypes comma-separated). */
export function uploadMetadataOf(form: Omit<ImageUploadFormInput, 'size'>): Record<string, string> {
  return {
    name: form.name,
    version: form.version,
    description: form.description ?? '',
    deviceTypes: form.deviceTypes.join(','),
    ...(form.checksum ? { checksum: form.checksum } : {}),
  };
}

export const imageVisibilitySchema = z.enum(['private', 'group', 'public']);
export type ImageVisibility = z.infer<typeof imageVisibilitySchema>;

/** An image as its owner, its group, an administrator (or everyone, once public) sees it. */
export const userImageSchema = z.object({
  id: z.int(),
  /** What a flash request names it by. */
  ref: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  deviceTypes: z.array(z.string()),
  visibility: imageVisibilitySchema,
  groupId: z.nullable(z.int()),
  groupName: z.nullable(z.string()),
  /** For a public image: whether an administrator approved it (only then do others see it). */
  publicApproved: z.boolean(),
  deprecated: z.boolean(),
  owner: z.string(),
  mine: z.boolean(),
  sizeBytes: z.number(),
  sha256: z.string(),
  format: z.enum(IMAGE_FORMATS),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastFlashedAt: z.nullable(z.string()),
});
export type UserImage = z.infer<typeof userImageSchema>;
export const userImageListSchema = z.array(userImageSchema);

/** GET /api/images: mine (the default) or every image I may use, of one device type or all. */
export const imageListQuerySchema = z.object({
  scope: z._default(z.enum(['mine', 'usable']), 'mine'),
  deviceType: z.optional(deviceTypeName),
});

/** One image offered for a device type: the operator's first, then mine, my groups', the public ones. */
export const flashableImageSchema = z.object({
  ref: z.string(),
  label: z.string(),
  kind: z.enum(['operator', 'own', 'group', 'public']),
  sha256: z.nullable(z.string()),
});
export type FlashableImage = z.infer<typeof flashableImageSchema>;
export const flashableImageListSchema = z.array(flashableImageSchema);
export const flashableImagesQuerySchema = z.object({ deviceType: deviceTypeName });

export const imageParamsSchema = idParamsSchema;

/** The owner's changes: name, version, description, device types, visibility (and its group). */
export const imageUpdateSchema = z.object({
  name: oneLine('Name', 64),
  version: oneLine('Version', 32),
  description: z.string().check(z.maxLength(2000, 'Description is at most 2000 characters long')),
  deviceTypes: deviceTypesSchema,
  visibility: imageVisibilitySchema,
  /** The owner's group the image is shared with, when visibility is group. */
  groupId: z.nullable(idValueSchema),
});
export type ImageUpdate = z.infer<typeof imageUpdateSchema>;

/** DELETE /api/images/{id}: the image deleted, and whether its content's file went with it (no other image had it). */
export const imageDeletedSchema = z.object({ id: z.int(), contentRemoved: z.boolean() });

const quotaUse = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
/** GET /api/images/usage: my usage against my quota, and that of each of my groups. */
export const imageUsageSchema = z.object({
  user: quotaUse,
  groups: z.array(z.extend(quotaUse, { groupId: z.int(), name: z.string() })),
});
export type ImageUsage = z.infer<typeof imageUsageSchema>;

/** GET /api/adminImages: every image, with the storage they take (each content counted once). */
export const adminImageListSchema = z.object({
  images: userImageListSchema,
  storedBytes: z.number(),
});
export type AdminImageList = z.infer<typeof adminImageListSchema>;

/** PUT /api/imageQuotas/users/{userId} and /groups/{groupId}: bytes, or null for the configured default. */
export const imageQuotaSchema = z.object({
  quotaBytes: z.nullable(z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER))),
});
const GIB = 1024 ** 3;
const MAX_QUOTA_GIB = 65_536;
const GIB_TEXT = /^[0-9]+(\.[0-9]+)?$/;
const gibText = (text: string) => text.trim().replace(',', '.');

/**
 * The administrators' quota forms: the user's or group's id (the request's path) and a size typed in GiB,
 * empty for the configured default, made into the request's bytes.
 */
export const imageQuotaFormSchema = z.object({
  id: entityIdSchema,
  size: z.pipe(
    z.string().check(
      z.refine((text) => gibText(text) === '' || (GIB_TEXT.test(gibText(text)) && Number(gibText(text)) <= MAX_QUOTA_GIB), deviceMessages.IMAGE_QUOTA_INVALID),
    ),
    z.transform((text) => (gibText(text) === '' ? null : Math.round(Number(gibText(text)) * GIB))),
  ),
});
export type ImageQuotaForm = z.output<typeof imageQuotaFormSchema>;
export const userQuotaParamsSchema = z.object({ userId: entityIdSchema });
export const groupQuotaParamsSchema = z.object({ groupId: entityIdSchema });
export const imageQuotaReplySchema = z.object({ quotaBytes: z.number(), isDefault: z.boolean() });
