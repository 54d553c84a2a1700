// A button that opens the browser's file chooser, with the look every such button of the app has.
import { Button, FileButton, type ButtonProps } from '@mantine/core';

export interface ChooseFileButtonProps {
  label: string;
  /** The file types offered, as the input's accept attribute. */
  accept: string;
  onChoose: (file: File | null) => void;
  size?: ButtonProps['size'];
}

export function ChooseFileButton({ label, accept, onChoose, size }: ChooseFileButtonProps) {
  return (
    <FileButton onChange={onChoose} accept={accept}>
      {(props) => (
        <Button variant="default" size={size} {...props}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
