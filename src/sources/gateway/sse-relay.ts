import { createParser, type EventSourceParser } from 'eventsource-parser';

const DONE = Buffer.from('data: [DONE]');
const DONE_TIGHT = Buffer.from('data:[DONE]');

/**
 * Passes a server-sent event stream on as it arrives while reading it. Two things are
 * held back: a line not yet complete (the client cannot use half a line anyway), and the
 * final `data: [DONE]` with whatever follows it, until the call is recorded, so a client
 * that saw the end of its answer knows the answer is in the store. Everything else is
 * passed on the moment it arrives: nothing is buffered for the record's sake.
 */
export class SseRelay {
  private readonly parser: EventSourceParser;
  private readonly decoder = new TextDecoder();
  private pending: Buffer = Buffer.alloc(0);
  private held: Buffer | undefined;

  constructor(onData: (data: string) => void) {
    this.parser = createParser({ onEvent: (event) => onData(event.data) });
  }

  /** Reads a chunk; returns the bytes to pass on now (possibly none). */
  take(chunk: Buffer): Buffer {
    this.parser.feed(this.decoder.decode(chunk, { stream: true }));
    if (this.held) {
      this.held = Buffer.concat([this.held, chunk]);
      return Buffer.alloc(0);
    }
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const end = bytes.lastIndexOf(0x0a) + 1;
    this.pending = bytes.subarray(end);
    const lines = bytes.subarray(0, end);
    const done = doneLine(lines);
    if (done < 0) return lines;
    this.held = Buffer.concat([lines.subarray(done), this.pending]);
    this.pending = Buffer.alloc(0);
    return lines.subarray(0, done);
  }

  /** What is left to pass on once the call is recorded: the `[DONE]` line and the rest. */
  rest(): Buffer {
    this.parser.feed(this.decoder.decode());
    const rest = Buffer.concat([this.held ?? Buffer.alloc(0), this.pending]);
    this.held = undefined;
    this.pending = Buffer.alloc(0);
    return rest;
  }
}

/** Offset of a line that is `data: [DONE]` (or `data:[DONE]`), or -1. */
function doneLine(lines: Buffer): number {
  for (const marker of [DONE, DONE_TIGHT]) {
    for (let at = lines.indexOf(marker); at >= 0; at = lines.indexOf(marker, at + 1)) {
      if (at === 0 || lines[at - 1] === 0x0a) return at;
    }
  }
  return -1;
}
