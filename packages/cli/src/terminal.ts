// Output for people (aligned tables) and for scripts (JSON), and the few terminal reads the client needs.
import Table from 'cli-table3';

export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

/** A table without borders, columns aligned, easy to read and to cut. */
export function printTable(head: string[], rows: string[][]): void {
  const table = new Table({
    head,
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  table.push(...rows);
  console.log(table.toString().split('\n').map((line) => line.trimEnd()).join('\n'));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks for a secret on the terminal without echoing it. */
export async function promptSecret(question: string): Promise<string> {
  if (!process.stdin.isTTY) return (await readStdin()).trim();
  process.stderr.write(question);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let answer = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done();
          return resolve(answer);
        }
        if (char === '\u0003') {
          done();
          return reject(new Error('Interrupted.'));
        }
        answer = char === '\u007f' ? answer.slice(0, -1) : answer + char;
      }
    };
    const done = () => {
      process.stdin.off('data', onData);
      process.stdin.setRawMode(false);
      process.stdin.pause();
      process.stderr.write('\n');
    };
    process.stdin.on('data', onData);
  });
}
