// The format of an image, told by its first bytes (never by its name): the compressed containers by their
// magic numbers, ELF by its header, Intel HEX by its record lines, a raw disk image by its partition table
// (an MBR boot signature or a GPT header). Anything else is a raw binary, which a microcontroller's type
// may accept as it is.
import type { ImageFormat } from '@testbed/contract';

/** How many bytes of the start of a file detectFormat looks at. */
export const FORMAT_PROBE_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[]) => head.length >= bytes.length && bytes.every((byte, at) => head[at] === byte);

/** Every line of the probe is an Intel HEX record (`:` then hexadecimal digits); the last may be cut short. */
function isIntelHex(head: Buffer): boolean {
  if (head[0] !== 0x3a) return false;
  const lines = head.toString('latin1').split('\n');
  if (lines.length > 1 && head.length >= FORMAT_PROBE_BYTES) lines.pop();
  return lines.every((line, index) => /^:[0-9A-Fa-f]{10,}\r?$/.test(line) || (index === lines.length - 1 && line === ''));
}

/** A partition table: the MBR's boot signature at byte 510, or the GPT header's signature at byte 512. */
const isDiskImage = (head: Buffer) =>
  (head.length >= 512 && head[510] === 0x55 && head[511] === 0xaa) || head.subarray(512, 520).toString('latin1') === 'EFI PART';

export function detectFormat(head: Buffer): ImageFormat {
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (startsWith(head, [0x28, 0xb5, 0x2f, 0xfd])) return 'zstd';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (isIntelHex(head)) return 'ihex';
  if (isDiskImage(head)) return 'raw';
  return 'bin';
}

/** Whether a device type that lists `accepted` takes a file of this format: `bin` takes any bytes as they are. */
export const acceptsFormat = (accepted: readonly string[], format: ImageFormat) => accepted.includes(format) || accepted.includes('bin');
