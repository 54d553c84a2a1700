// The HTTP side of the client: one request function that checks every reply against the contract's schema
// and turns what can go wrong into a sentence a person can act on.
import { API_TOKEN_PREFIX, errorReplySchema } from '@testbed/contract';
import type * as z from 'zod/mini';

/** Exit codes scripts can test. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

/** Ends the command with a message on stderr and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.refused,
    /** The HTTP status when the server answered. */
    readonly status?: number,
    /** The server's reply, for callers that read more than its message. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** The reply is text (iCalendar, CSV), checked against the schema as it is. */
  text?: boolean;
}

export class Portal {
  constructor(
    readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async request<S extends z.ZodMiniType>(method: string, path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
    const target = new URL(path, this.url);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) target.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(target, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `Cannot reach the portal at ${this.url} (${cause?.code ?? cause?.message ?? (error as Error).message}). ` +
          'Is the server running and the address right? Change it with: testbed login --url <address>',
      );
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): the status alone tells what happened.
    }
    if (response.ok) {
      const parsed = schema.safeParse(options.text ? text : body);
      if (!parsed.success) throw new CliError(`The portal at ${this.url} gave an answer this client does not understand (${method} ${path}).`);
      return parsed.data;
    }
    throw this.refusal(response.status, body, method, path);
  }

  private refusal(status: number, body: unknown, method: string, path: string): CliError {
    const error = errorReplySchema.safeParse(body);
    const tuple = body as { value1?: unknown } | undefined;
    const message = error.success
      ? error.data.message
      : Array.isArray(tuple?.value1)
        ? (tuple.value1 as string[]).join('\n')
        : `${method} ${path} answered ${status}`;
    if (status === 401) {
      if (!this.token) return new CliError('You are not signed in: run testbed login first.', EXIT.refused, status, body);
      if (this.token.startsWith(API_TOKEN_PREFIX)) {
        return new CliError(
          `The portal refused your API token: ${message} Create a new token on your profile page and run testbed login again.`,
          EXIT.refused,
          status,
          body,
        );
      }
    }
    return new CliError(message, EXIT.refused, status, body);
  }
}
