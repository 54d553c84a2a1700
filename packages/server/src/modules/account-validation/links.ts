import type { Config } from '../../config.js';

/** A link of the web app for a mail: the public address and the page's path. */
export function publicLink(config: Pick<Config, 'PUBLIC_URL'>, path: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
}
