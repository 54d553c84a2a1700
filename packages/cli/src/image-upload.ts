// `testbed image upload`: the file streams to the portal over the tus protocol (tus-js-client), in chunks
// read from the file, so that a file of several GiB is never held in memory and a lost connection is
// resumed where the portal says it stopped. The progress bar says the share, the speed and the time left.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Upload } from 'tus-js-client';
import { IMAGE_UPLOADS_PATH, imageUploadFormSchema, uploadMetadataOf, userImageSchema, type UserImage } from '@testbed/contract';
import { CliError, EXIT, type Portal } from './client.js';

const CHUNK_BYTES = 8 * 1024 * 1024;

export interface UploadOptions {
  name: string;
  version: string;
  description: string;
  deviceTypes: string[];
  checksum?: string;
  quiet: boolean;
}

export async function uploadImage(api: Portal, file: string, options: UploadOptions): Promise<UserImage> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, EXIT.usage);
  }
  // The form is checked here as the portal checks it, so that a mistake is told before any byte is sent.
  const form = imageUploadFormSchema.safeParse({ ...options, size });
  if (!form.success) {
    const issue = form.error.issues[0]!;
    throw new CliError(`${String(issue.path[0] ?? 'file')}: ${issue.message}`, EXIT.usage);
  }
  const startedAt = Date.now();
  const body = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: new URL(IMAGE_UPLOADS_PATH, api.url).toString(),
      uploadSize: size,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      headers: { authorization: `Bearer ${api.token}` },
      metadata: uploadMetadataOf(form.data),
      onProgress: (sent, total) => {
        if (options.quiet) return;
        const seconds = (Date.now() - startedAt) / 1000;
        const speed = seconds > 0 ? sent / seconds : 0;
        const left = speed > 0 ? Math.ceil((total - sent) / speed) : 0;
        const width = 30;
        const done = Math.round((sent / total) * width);
        process.stderr.write(
          `\r[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${((sent / total) * 100).toFixed(0).padStart(3)}%  ` +
            `${(speed / 1024 ** 2).toFixed(1)} MiB/s  ${left} s left   `,
        );
      },
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      onShouldRetry: (error) => {
        // A refusal (the form, the quota, the checksum, the format) is final; a lost connection is tried again.
        const status = (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 423;
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
        let message = error.message;
        try {
          message = (JSON.parse(response?.getBody() ?? '') as { message?: string }).message ?? message;
        } catch {
          // Not JSON: tus-js-client's own sentence.
        }
        reject(new CliError(message));
      },
    });
    upload.start();
  });
  if (!options.quiet) process.stderr.write('\n');
  const image = userImageSchema.safeParse(JSON.parse(body || 'null'));
  if (!image.success) throw api.notUnderstood('PATCH', IMAGE_UPLOADS_PATH);
  return image.data;
}
