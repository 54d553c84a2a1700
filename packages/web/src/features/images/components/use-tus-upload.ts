// One file sent up in chunks over the tus protocol (tus-js-client), with its share, speed, pause, resume
// and cancel. tus-js-client keeps each upload's address in localStorage under the file's fingerprint, so that
// after a reload or a lost network the same file picks up where the portal says it stopped.
import { IMAGE_UPLOADS_PATH } from '@testbed/contract';
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { changeHeaders } from '../../../shared/api-client';

const CHUNK_BYTES = 8 * 1024 * 1024;

export interface Progressing {
  sent: number;
  total: number;
  speed: number;
}

/** The portal's refusal as it words it, else tus-js-client's own sentence. */
function refusalOf(failure: Error): string {
  const body = (failure as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    return (JSON.parse(body ?? '') as { message?: string }).message ?? failure.message;
  } catch {
    return failure.message;
  }
}

export function useTusUpload() {
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [paused, setPaused] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const speed = useRef({ at: 0, sent: 0, value: 0 });

  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File, metadata: Record<string, string>, onSuccess: (body: string) => void) => {
    setError(null);
    speed.current = { at: performance.now(), sent: 0, value: 0 };
    const tus = new Upload(file, {
      endpoint: IMAGE_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata,
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
        setResumedAt(null);
        onSuccess(lastResponse.getBody());
      },
      onError: (failure) => {
        upload.current = null;
        setProgress(null);
        setError(refusalOf(failure));
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

  return {
    progress,
    percent,
    paused,
    resumedAt,
    error,
    clearError: () => setError(null),
    start,
    pause: () => {
      void upload.current?.abort();
      setPaused(true);
    },
    resume: () => {
      setPaused(false);
      upload.current?.start();
    },
    cancel: () => {
      const current = upload.current;
      upload.current = null;
      setProgress(null);
      setPaused(false);
      // Terminates the upload on the portal (its file and row go) and forgets its fingerprint.
      if (current) void current.abort(true);
    },
  };
}
