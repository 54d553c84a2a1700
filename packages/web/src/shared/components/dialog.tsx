// The app's dialog: Mantine's Modal built from its parts so that its header is a plain block (Mantine's own
// header is a second banner landmark for axe), with a named close button.
import { commonMessages } from '@testbed/contract';
import { Button, Code, CopyButton, Group, Modal, Stack, Text, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  centered?: boolean;
  zIndex?: number;
  children: ReactNode;
}

export function Dialog({ opened, onClose, title, size, centered = true, zIndex, children }: DialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered={centered} zIndex={zIndex}>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md" pb="xs">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={commonMessages.CLOSE} />
        </Group>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** A secret the server shows once (an API token, a calendar feed address), with a copy button. */
export function ShownOnceDialog({ value, onClose, title, text, testId }: { value: string | null; onClose: () => void; title: string; text: string; testId: string }) {
  return (
    <Dialog opened={value !== null} onClose={onClose} title={title} size="lg" zIndex={1055}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={value ?? ''}>
            {({ copied, copy }) => (
              <Button onClick={copy} data-autofocus>
                {copied ? commonMessages.COPIED : commonMessages.COPY}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {commonMessages.DONE}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
