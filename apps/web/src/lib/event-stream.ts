/** One server-sent event: its name (`message` when the server named none) and its data. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamParser {
  /** Feeds the next piece of the body, cut anywhere (even inside a line or a CRLF). */
  push(chunk: string): void;
}

/**
 * The text/event-stream format (the WHATWG HTML standard's "server-sent events"), read by hand
 * because EventSource cannot send the Authorization header: lines end in LF, CR or CRLF;
 * a line starting with `:` is a comment (the server's keep-alive); `data:` lines of one event
 * are joined by LF; an empty line ends the event, which is dropped if it carried no data.
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void): EventStreamParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  // A chunk that ended in CR may be half of a CRLF: the LF that opens the next is not a new line.
  let skipLeadingLineFeed = false;

  const dispatch = () => {
    if (dataLines.length > 0)
      onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const readLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    // `id` and `retry` are not used: the reader reconnects on its own schedule.
  };

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLineFeed && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLineFeed = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        readLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLineFeed = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}

export interface FollowEventStreamOptions {
  /** Opens the stream (with the account's token); an ApiError whose session expired ends the following. */
  open: (signal: AbortSignal) => Promise<Response>;
  onEvent: (event: StreamEvent) => void;
  /** Aborting it closes the stream and stops reconnecting. */
  signal: AbortSignal;
  /** Wait before reconnect n (from 0), growing; the default doubles from 1 s to 30 s. */
  backoffMs?: (attempt: number) => number;
  /** True when an error means nobody is signed in any more, so reconnecting is pointless. */
  isFinal?: (error: unknown) => boolean;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const doublingBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads a server-sent event stream until `signal` aborts, reconnecting when it drops (the
 * server restarted, the network went away) after a wait that grows with each failure in a
 * row and starts over once a connection delivered an event.
 */
export async function followEventStream({
  open,
  onEvent,
  signal,
  backoffMs = doublingBackoff,
  isFinal = () => false,
  sleep = sleepUnlessAborted,
}: FollowEventStreamOptions): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let delivered = false;
    try {
      const response = await open(signal);
      if (!response.ok || !response.body) throw new Error(`Stream refused: ${response.status}`);
      const parser = createEventStreamParser((event) => {
        delivered = true;
        onEvent(event);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch (error) {
      if (signal.aborted || isFinal(error)) return;
    }
    failures = delivered ? 0 : failures + 1;
    await sleep(backoffMs(Math.max(0, failures - 1)), signal);
  }
}
