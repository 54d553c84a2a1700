// Where `testbed login` keeps the portal's address and the API token: $XDG_CONFIG_HOME/testbed/config.json
// (~/.config/testbed/config.json by default), readable by its owner only since the token acts as them.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import * as z from 'zod/mini';

export const configSchema = z.object({ url: z.url(), token: z.string().check(z.minLength(1)) });
export type CliConfig = z.infer<typeof configSchema>;

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(homedir(), '.config');
  return path.join(base, 'testbed', 'config.json');
}

export async function readConfig(file = configPath()): Promise<CliConfig | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = configSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export async function writeConfig(config: CliConfig, file = configPath()): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file: an older one keeps its rights unless told.
  await chmod(file, 0o600);
}
