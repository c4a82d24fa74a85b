import { describe, expect, it } from 'vitest';
import { createEventStreamParser, followEventStream, type StreamEvent } from './event-stream';

/** The events a parser reads from `chunks`, fed one after the other. */
function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

const STREAM =
  ': connected\n\nevent: unread\ndata: {"unread": 3}\n\nevent: unread\ndata: {"unread": 4}\n\n';
const EXPECTED = [
  { event: 'unread', data: '{"unread": 3}' },
  { event: 'unread', data: '{"unread": 4}' },
];

describe('the event stream parser', () => {
  it('reads several events from one chunk and skips comments', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('reads the same events whatever the cut between chunks', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('takes CRLF and CR line ends, even a CRLF cut between two chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    for (let cut = 1; cut < crlf.length; cut++) {
      expect(parse([crlf.slice(0, cut), crlf.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
    expect(parse([STREAM.replaceAll('\n', '\r')])).toEqual(EXPECTED);
  });

  it('joins the data lines of one event, names an unnamed one message, drops one without data', () => {
    const events = parse(['data: first\ndata:second\n\nevent: unread\n\n:keep-alive\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'first\nsecond' }]);
  });

  it('holds an event back until its blank line arrives', () => {
    expect(parse(['event: unread\ndata: {"unread": 1}\n'])).toEqual([]);
  });
});

/** A response whose body is `chunks`, then its end. */
function streamResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200 });
}

describe('following an event stream', () => {
  it('reconnects when the stream ends or fails, waiting longer after each failure in a row', async () => {
    const controller = new AbortController();
    const waits: number[] = [];
    const events: string[] = [];
    const answers: (() => Promise<Response>)[] = [
      async () => streamResponse(['data: a\n\n']),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => streamResponse(['data: b\n\n']),
    ];
    await followEventStream({
      open: () => {
        const answer = answers.shift();
        if (!answer) {
          controller.abort();
          return Promise.reject(new DOMException('Aborted', 'AbortError'));
        }
        return answer();
      },
      onEvent: (event) => events.push(event.data),
      signal: controller.signal,
      backoffMs: (attempt) => 100 * 2 ** attempt,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(events).toEqual(['a', 'b']);
    // After a delivering stream the wait starts over; two failures in a row double it.
    expect(waits).toEqual([100, 100, 200, 100]);
  });

  it('stops when an error is final (the session is over)', async () => {
    let opened = 0;
    const final = new Error('signed out');
    await followEventStream({
      open: () => {
        opened++;
        return Promise.reject(final);
      },
      onEvent: () => {},
      signal: new AbortController().signal,
      isFinal: (error) => error === final,
      sleep: async () => {},
    });
    expect(opened).toBe(1);
  });
});
