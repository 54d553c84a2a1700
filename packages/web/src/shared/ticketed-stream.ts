// A Server-Sent Events stream opened with a single-use ticket, since EventSource cannot send the bearer header:
// asks for the ticket, opens the stream and hands each named event's data to its handler. EventSource would
// reopen a lost stream with the used ticket, so a lost stream is closed and reported to the caller instead, which
// reads meanwhile and opens a new one (a new ticket) later.
import { reportFailure } from './report-failure';

export interface TicketedStream {
  /** What the stream is, for the report of a stream that could not be opened. */
  what: string;
  ticket: () => Promise<string>;
  url: (ticket: string) => string;
  /** A handler for each named event, given the event's data as parsed JSON. */
  on: Record<string, (data: unknown) => void>;
  onOpen: () => void;
  /** The server ended the stream: there is nothing more to follow. */
  onEnd: () => void;
  /** The stream could not be opened or was lost. */
  onLost: () => void;
}

/** Opens the stream; answers the function that closes it (after which no handler is called). */
export function openTicketedStream(stream: TicketedStream): () => void {
  let source: EventSource | undefined;
  let stopped = false;
  const lost = () => {
    source?.close();
    if (!stopped) stream.onLost();
  };
  stream
    .ticket()
    .then((ticket) => {
      if (stopped) return;
      source = new EventSource(stream.url(ticket));
      source.addEventListener('open', () => stream.onOpen());
      for (const [name, handle] of Object.entries(stream.on)) {
        source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent<string>).data)));
      }
      source.addEventListener('end', () => {
        source?.close();
        if (!stopped) stream.onEnd();
      });
      source.addEventListener('error', lost);
    })
    .catch((error: unknown) => {
      reportFailure(`${stream.what} could not be opened`, error);
      lost();
    });
  return () => {
    stopped = true;
    source?.close();
  };
}
