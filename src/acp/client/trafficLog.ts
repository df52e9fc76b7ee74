/**
 * The raw protocol traffic of every agent, both directions, in a bounded ring buffer ("ACP: Show
 * Traffic"). Lines are stored as rendered (`logJson`: bounded, secrets by position already
 * replaced), shortened, as flat copies; secret shapes are redacted when they are read
 * (`redactSecrets`): a dozen regular expressions over every message would otherwise run on the
 * hot path of a stream or a session replay, for a log that is rarely opened.
 */
import { Buffer } from "node:buffer";
import { redactSecrets } from "./secretRedaction";

export interface TrafficLine {
  readonly at: number;
  readonly agent: string;
  readonly direction: "in" | "out";
  readonly text: string;
}

export const TRAFFIC_CAPACITY = 5000;
/** A single huge message (a 10 MB chunk) is shortened in the log, never in the protocol. */
export const TRAFFIC_LINE_LIMIT = 16 * 1024;

export class TrafficLog {
  private readonly lines: TrafficLine[] = [];
  private start = 0;

  constructor(private readonly capacity = TRAFFIC_CAPACITY) {}

  add(agent: string, direction: "in" | "out", text: string, at: number): void {
    const shortened =
      text.length > TRAFFIC_LINE_LIMIT ? `${text.slice(0, TRAFFIC_LINE_LIMIT)}… (${text.length} characters)` : text;
    const line: TrafficLine = { at, agent, direction, text: flatCopy(shortened) };
    if (this.lines.length < this.capacity) this.lines.push(line);
    else {
      this.lines[this.start] = line;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Oldest first, redacted. */
  snapshot(): TrafficLine[] {
    return [...this.lines.slice(this.start), ...this.lines.slice(0, this.start)].map((line) => ({
      ...line,
      text: redactSecrets(line.text),
    }));
  }

  render(): string {
    return this.snapshot()
      .map(
        (line) =>
          `${new Date(line.at).toISOString()} ${line.agent} ${line.direction === "in" ? "←" : "→"} ${line.text}`,
      )
      .join("\n");
  }
}

/**
 * A copy that shares no memory with `text`. V8 represents `slice` as a view into the parent string
 * and `a + b` as a pair of pointers, so a 16 Ki slice of a 1 MB message keeps the 1 MB alive (and
 * `(" " + s).slice(1)` flattens the whole parent first). Decoding fresh bytes gives a new string.
 * Lone surrogates become U+FFFD, which is fine for a log.
 */
function flatCopy(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}
