/**
 * Splits a byte stream into lines (NDJSON), holding at most one line and one chunk. Lines
 * are cut at 0x0A bytes, which never occur inside a UTF-8 multi-byte sequence, so a
 * character split across chunks is joined before it is decoded. A line longer than
 * `maxLine` bytes is an Error: the input is attacker-controlled.
 */
export class LineSplitter {
  readonly #maxLine: number;
  readonly #onLine: (line: string) => void;
  #parts: Buffer[] = [];
  #held = 0;

  constructor(maxLine: number, onLine: (line: string) => void) {
    this.#maxLine = maxLine;
    this.#onLine = onLine;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (this.#parts.length === 0 && nl - start <= this.#maxLine) {
        this.#onLine(chunk.toString('utf8', start, nl)); // whole in this chunk: no copy
      } else {
        this.#hold(chunk.subarray(start, nl));
        this.#emit();
      }
      start = nl + 1;
    }
    if (start < chunk.length) this.#hold(chunk.subarray(start));
  }

  /** The last line, when the input does not end with a newline. */
  end(): void {
    if (this.#held > 0) this.#emit();
  }

  #hold(part: Buffer): void {
    this.#held += part.length;
    if (this.#held > this.#maxLine) throw new Error(`a line is longer than ${this.#maxLine} bytes`);
    // A copy: the chunk's buffer may be reused by the stream once this returns.
    this.#parts.push(Buffer.from(part));
  }

  #emit(): void {
    const line = Buffer.concat(this.#parts).toString('utf8');
    this.#parts = [];
    this.#held = 0;
    this.#onLine(line);
  }
}
