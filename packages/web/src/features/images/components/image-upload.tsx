// Uploading an image: drop a file (or choose one), fill in the form, and watch it go up in chunks over the
// tus protocol (tus-js-client) with its share, speed and time left; pause and resume at will. tus-js-client
// keeps each upload's address in localStorage under the file's fingerprint, so that after a reload or a lost
// network the same file picks up where the portal says it stopped.
import { Alert, Button, Group, MultiSelect, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IMAGE_UPLOADS_PATH, imageUploadFormSchema, messages, uploadMetadataOf, userImageSchema, type UserImage } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Upload } from 'tus-js-client';
import { changeHeaders } from '../../../shared/api-client';
import { endpointQuery } from '../../../shared/endpoint-query';
import { formatBytes, formatSeconds } from '../format';
import classes from './image-upload.module.css';

const CHUNK_BYTES = 8 * 1024 * 1024;

interface Progressing {
  sent: number;
  total: number;
  speed: number;
}

export function ImageUpload({ onUploaded }: { onUploaded: (image: UserImage) => void }) {
  const nodes = useQuery(endpointQuery(flashing.nodes));
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('1');
  const [description, setDescription] = useState('');
  const [deviceTypes, setDeviceTypes] = useState<string[]>([]);
  const [checksum, setChecksum] = useState('');
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [paused, setPaused] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const speed = useRef({ at: 0, sent: 0, value: 0 });

  useEffect(() => () => void upload.current?.abort(), []);

  const form = imageUploadFormSchema.safeParse({ name, version, description, deviceTypes, ...(checksum.trim() ? { checksum: checksum.trim() } : {}), size: file?.size ?? 0 });
  const fieldError = (field: string) => (form.success || !file ? undefined : form.error.issues.find((issue) => issue.path[0] === field)?.message);
  const uploading = progress !== null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setError(null);
    if (!name) setName(chosen.name.replace(/\.[^.]*$/, '').slice(0, 64));
  };

  const start = async () => {
    if (!file || !form.success) return;
    setError(null);
    speed.current = { at: performance.now(), sent: 0, value: 0 };
    const tus = new Upload(file, {
      endpoint: IMAGE_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: uploadMetadataOf(form.data),
      // Read at each request: a session renewed meanwhile goes with the next chunk.
      onBeforeRequest: (request) => {
        for (const [header, value] of Object.entries(changeHeaders())) request.setHeader(header, value);
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        const now = performance.now();
        const elapsed = (now - speed.current.at) / 1000;
        if (elapsed >= 0.5) {
          const recent = (sent - speed.current.sent) / elapsed;
          speed.current = { at: now, sent, value: speed.current.value ? speed.current.value * 0.6 + recent * 0.4 : recent };
        }
        setProgress({ sent, total, speed: speed.current.value });
      },
      onShouldRetry: (failure) => {
        const status = (failure as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 423;
      },
      onSuccess: ({ lastResponse }) => {
        upload.current = null;
        setProgress(null);
        setFile(null);
        setName('');
        setChecksum('');
        setDescription('');
        setResumedAt(null);
        const image = userImageSchema.safeParse(JSON.parse(lastResponse.getBody() || 'null'));
        if (image.success) onUploaded(image.data);
      },
      onError: (failure) => {
        upload.current = null;
        setProgress(null);
        const body = (failure as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
        let message = failure.message;
        try {
          message = (JSON.parse(body ?? '') as { message?: string }).message ?? message;
        } catch {
          // Not the portal's JSON: tus-js-client's own sentence.
        }
        setError(message);
      },
    });
    upload.current = tus;
    // The same file uploaded before (a closed tab, a lost network): go on from where the portal stopped.
    const previous = await tus.findPreviousUploads();
    if (previous[0]) {
      tus.resumeFromPreviousUpload(previous[0]);
      setResumedAt(0);
    }
    setPaused(false);
    setProgress({ sent: 0, total: file.size, speed: 0 });
    tus.start();
  };

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  if (resumedAt === 0 && progress && progress.sent > 0) setResumedAt(percent);

  return (
    <Stack gap="sm">
      <div
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        role="button"
        tabIndex={0}
        aria-label={messages.IMAGE_DROP}
        onClick={() => !uploading && input.current?.click()}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && !uploading) {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          if (!uploading) choose(event.dataTransfer.files[0]);
        }}
      >
        <Text size="sm">{file ? `${file.name} (${formatBytes(file.size)})` : messages.IMAGE_DROP}</Text>
        <input ref={input} type="file" hidden aria-label={messages.IMAGE_FILE} onChange={(event) => choose(event.currentTarget.files?.[0])} />
      </div>
      <Group grow align="flex-start">
        <TextInput label={messages.IMAGE_NAME} withAsterisk value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={64} error={fieldError('name')} disabled={uploading} />
        <TextInput label={messages.IMAGE_VERSION} withAsterisk value={version} onChange={(event) => setVersion(event.currentTarget.value)} maxLength={32} error={fieldError('version')} disabled={uploading} />
      </Group>
      <MultiSelect
        label={messages.IMAGE_DEVICE_TYPES}
        withAsterisk
        data={Object.keys(nodes.data ?? {})}
        value={deviceTypes}
        onChange={setDeviceTypes}
        error={fieldError('deviceTypes')}
        disabled={uploading}
      />
      <Textarea label={messages.IMAGE_DESCRIPTION} value={description} onChange={(event) => setDescription(event.currentTarget.value)} maxLength={2000} autosize minRows={1} disabled={uploading} />
      <TextInput label={messages.IMAGE_CHECKSUM} value={checksum} onChange={(event) => setChecksum(event.currentTarget.value)} maxLength={64} error={fieldError('checksum')} disabled={uploading} />
      {progress && (
        <Stack gap={4}>
          <Progress value={percent} aria-label={messages.IMAGE_UPLOAD} animated={!paused} />
          <Text size="sm" aria-live="polite">
            {fill(messages.IMAGE_PROGRESS, {
              percent: String(percent),
              speed: formatBytes(progress.speed),
              left: progress.speed > 0 ? formatSeconds((progress.total - progress.sent) / progress.speed) : '…',
            })}
          </Text>
          {resumedAt !== null && resumedAt > 0 && <Text size="sm">{fill(messages.IMAGE_RESUMING, { percent: String(resumedAt) })}</Text>}
        </Stack>
      )}
      <Group gap="sm">
        {!uploading && (
          <Button onClick={() => void start()} disabled={!file || !form.success}>
            {messages.IMAGE_START_UPLOAD}
          </Button>
        )}
        {uploading && !paused && (
          <Button
            variant="default"
            onClick={() => {
              void upload.current?.abort();
              setPaused(true);
            }}
          >
            {messages.IMAGE_PAUSE}
          </Button>
        )}
        {uploading && paused && (
          <Button
            onClick={() => {
              setPaused(false);
              upload.current?.start();
            }}
          >
            {messages.IMAGE_RESUME}
          </Button>
        )}
        {uploading && (
          <Button
            variant="subtle"
            color="red.9"
            onClick={() => {
              const current = upload.current;
              upload.current = null;
              setProgress(null);
              setPaused(false);
              // Terminates the upload on the portal (its file and row go) and forgets its fingerprint.
              if (current) void current.abort(true);
            }}
          >
            {messages.IMAGE_CANCEL_UPLOAD}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
