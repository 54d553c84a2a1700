// The HTTP side of the client: every call is an endpoint of the contract's table, its reply checked against
// the endpoint's schema, and what can go wrong turned into a sentence a person can act on.
import { API_TOKEN_PREFIX, errorReplySchema, successSchema, urlOf, type CallInput, type Endpoint, type ReplyOf } from '@testbed/contract';

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

export class Portal {
  constructor(
    readonly url: string,
    readonly token: string | undefined,
  ) {}

  /** Calls the endpoint; its reply, checked against the endpoint's success schema (JSON, or text such as iCalendar). */
  async call<E extends Endpoint>(endpoint: E, ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]): Promise<ReplyOf<E>> {
    const { method } = endpoint;
    const path = urlOf(endpoint, input);
    const body = (input as { body?: unknown } | undefined)?.body;
    const target = new URL(path, this.url);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `Cannot reach the portal at ${this.url} (${cause?.code ?? cause?.message ?? (error as Error).message}). ` +
          'Is the server running and the address right? Change it with: testbed login --url <address>',
      );
    }
    const text = await response.text();
    let reply: unknown;
    try {
      reply = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): the status alone tells what happened.
    }
    if (response.ok) {
      const json = (response.headers.get('content-type') ?? '').includes('json');
      const parsed = successSchema(endpoint).safeParse(json ? reply : text);
      if (!parsed.success) throw this.notUnderstood(method, path);
      return parsed.data as ReplyOf<E>;
    }
    throw this.refusal(response.status, reply, method, path);
  }

  /**
   * Opens a Server-Sent Events endpoint (its ticket in the query); yields each event's name and data as the server
   * sends it, until the server ends the stream. `signal` gives up waiting.
   */
  async *events<E extends Endpoint>(endpoint: E, input: CallInput<E>, signal?: AbortSignal): AsyncGenerator<{ event: string; data: unknown }> {
    const path = urlOf(endpoint, input);
    let response: Response;
    try {
      response = await fetch(new URL(path, this.url), { headers: { accept: 'text/event-stream' }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new CliError(`Cannot reach the portal at ${this.url} (${(error as Error).message}).`);
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      let reply: unknown;
      try {
        reply = JSON.parse(text);
      } catch {
        // Not JSON: the status says it.
      }
      throw this.refusal(response.status, reply, endpoint.method, path);
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        // Comments (keepalives) and the retry line carry no event.
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data ?? 'null');
        } catch {
          throw this.notUnderstood(endpoint.method, path);
        }
        yield { event, data: parsed };
      }
    }
  }

  notUnderstood(method: string, path: string): CliError {
    return new CliError(`The portal at ${this.url} gave an answer this client does not understand (${method} ${path}).`);
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
