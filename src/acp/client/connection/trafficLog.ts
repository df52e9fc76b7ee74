/**
 * The raw protocol traffic of every agent, both directions, in a bounded ring buffer ("ACP: Show
 * Traffic"): at most `capacity` lines and `budgetChars` characters, the newest kept (a session
 * replaying megabytes of history would otherwise keep 5,000 lines of it alive). Lines are stored as rendered (`logJson`: bounded, secrets by position already
 * replaced), shortened into flat copies when too long; secret shapes are redacted when they are read
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
/** About 2 M characters (a few MB) of the most recent traffic. */
export const TRAFFIC_BUDGET_CHARS = 2 * 1024 * 1024;
/** A single huge message (a 10 MB chunk) is shortened in the log, never in the protocol. */
export const TRAFFIC_LINE_LIMIT = 16 * 1024;

export class TrafficLog {
  /** Oldest first from `head`; slots before it are let go and compacted now and then. */
  private lines: Array<TrafficLine | undefined> = [];
  private head = 0;
  private chars = 0;

  constructor(
    private readonly capacity = TRAFFIC_CAPACITY,
    private readonly budgetChars = TRAFFIC_BUDGET_CHARS,
  ) {}

  /**
   * `text` of at most TRAFFIC_LINE_LIMIT characters is kept as it is, so it must not be a slice of
   * a larger string (the port's producers give a line decoded from the wire, or `logJson`'s joined
   * output); a longer one is shortened into a copy of its own.
   */
  add(agent: string, direction: "in" | "out", text: string, at: number): void {
    // Shortened here, the text is a view into `text`: copied, so the log never keeps `text` alive.
    const stored =
      text.length > TRAFFIC_LINE_LIMIT
        ? flatCopy(`${text.slice(0, TRAFFIC_LINE_LIMIT)}… (${text.length} characters)`)
        : text;
    const line: TrafficLine = { at, agent, direction, text: stored };
    this.lines.push(line);
    this.chars += line.text.length;
    // The newest line always stays, even alone over the budget.
    while (
      this.lines.length - this.head > 1 &&
      (this.lines.length - this.head > this.capacity || this.chars > this.budgetChars)
    ) {
      this.chars -= this.lines[this.head]?.text.length ?? 0;
      this.lines[this.head++] = undefined;
    }
    if (this.head > 1024 && this.head * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.head = 0;
    }
  }

  /** Oldest first, redacted. */
  snapshot(): TrafficLine[] {
    return this.lines.slice(this.head).flatMap((line) => (line ? [{ ...line, text: redactSecrets(line.text) }] : []));
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
