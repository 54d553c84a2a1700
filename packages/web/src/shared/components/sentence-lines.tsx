// Some catalogue messages are shown one sentence per line (the wrong sign-in's three lines, among others).
// The text stays one string, so assistive technology and text search read it as written.
import { Text, type TextProps } from '@mantine/core';

export function toSentenceLines(text: string): string {
  return text.replace(/([.!?]) +(?=\S)/g, '$1\n');
}

export function SentenceLines({ text, ...props }: TextProps & { text: string }) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-line' }}>
      {toSentenceLines(text)}
    </Text>
  );
}
