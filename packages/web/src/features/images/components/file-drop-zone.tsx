// Where an image file is dropped, or chosen by click or keyboard; it names the file once chosen.
import { Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '../format';
import classes from './image-upload.module.css';

export function FileDropZone({ file, disabled, onChoose }: { file: File | null; disabled: boolean; onChoose: (file: File | undefined) => void }) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div
      className={classes.dropzone}
      data-dragging={dragging || undefined}
      role="button"
      tabIndex={0}
      aria-label={messages.IMAGE_DROP}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !disabled) {
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
        if (!disabled) onChoose(event.dataTransfer.files[0]);
      }}
    >
      <Text size="sm">{file ? `${file.name} (${formatBytes(file.size)})` : messages.IMAGE_DROP}</Text>
      <input ref={input} type="file" hidden aria-label={messages.IMAGE_FILE} onChange={(event) => onChoose(event.currentTarget.files?.[0])} />
    </div>
  );
}
