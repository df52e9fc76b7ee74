/**
 * A terminal's output as plain text for a prompt: escape sequences (CSI, OSC, and the shell
 * integration's own OSC 633 marks) removed, `\r\n` made `\n`, a line rewritten by `\r` kept as its
 * last state, other control characters dropped. The tail is kept when it is longer than the cap.
 */

export const MAX_TERMINAL_CHARS = 64 * 1024;

const OSC = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;
const OTHER_ESCAPE = /\x1b[@-Z\\-_]|\x1b[ -/]+[0-~]/g;
// Every C0 control except tab and newline, and DEL.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

export function terminalPlainText(raw: string): string {
  const stripped = raw.replace(OSC, "").replace(CSI, "").replace(OTHER_ESCAPE, "").replace(/\r\n/g, "\n");
  return stripped
    .split("\n")
    .map((line) => (line.includes("\r") ? (line.split("\r").filter(Boolean).pop() ?? "") : line))
    .join("\n")
    .replace(CONTROL, "");
}

/**
 * A bounded buffer that keeps the end of what was appended. An append costs the chunk, not the
 * buffer: chunks are kept as they come and joined into one string only once they pass twice the
 * cap (a command printing many small lines used to copy the whole 64 KiB tail on each of them).
 */
export class TailBuffer {
  private chunks: string[] = [];
  private size = 0;
  private total = 0;

  constructor(private readonly cap = MAX_TERMINAL_CHARS) {}

  append(chunk: string): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.total += chunk.length;
    if (this.size > 2 * this.cap) {
      const kept = this.text();
      this.chunks = [kept];
      this.size = kept.length;
    }
  }

  /** The last `cap` characters appended. */
  text(): string {
    const joined = this.chunks.join("");
    return joined.length > this.cap ? joined.slice(joined.length - this.cap) : joined;
  }

  /** Nothing was appended (or only empty chunks). */
  get empty(): boolean {
    return this.total === 0;
  }

  /** More than `cap` characters were appended: the start is gone. */
  get cut(): boolean {
    return this.total > this.cap;
  }
}
