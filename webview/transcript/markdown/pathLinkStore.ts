/**
 * The host's answers on which plain paths name workspace files (`paths/check` → `paths/exist`),
 * kept for the webview's life. Blocks ask for what they show; asks made in one task go out as one
 * message (at most MAX_PATHS_PER_CHECK paths each), and a path is asked once, answered or not.
 * Bounded: past MAX_KNOWN paths the oldest answers are forgotten (asked again if shown again).
 */
import type { HostMessage, WebviewMessage } from "../../../src/shared/wire/protocol";
import { MAX_PATHS_PER_CHECK } from "../../../src/shared/wire/pathLinkLimits";

const MAX_KNOWN = 5_000;

export class PathLinkStore {
  /** Path → the workspace file's absolute path, or null when it names none; absent: not answered. */
  private readonly answers = new Map<string, string | null>();
  private readonly asked = new Set<string>();
  private queued: string[] = [];
  private flushing = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly post: (message: WebviewMessage) => void) {}

  /** The file `path` names: a string once the host confirmed it, null when it denied, undefined before. */
  file(path: string): string | null | undefined {
    return this.answers.get(path);
  }

  /** Asks the host about the paths not yet asked (in one message, after the current task). */
  request(paths: Iterable<string>): void {
    for (const path of paths) {
      if (this.asked.size >= MAX_KNOWN) break; // a host that never answers: stop asking
      if (this.asked.has(path) || this.answers.has(path)) continue;
      this.asked.add(path);
      this.queued.push(path);
    }
    if (this.queued.length === 0 || this.flushing) return;
    this.flushing = true;
    queueMicrotask(() => {
      this.flushing = false;
      const queued = this.queued;
      this.queued = [];
      for (let at = 0; at < queued.length; at += MAX_PATHS_PER_CHECK)
        this.post({ type: "paths/check", paths: queued.slice(at, at + MAX_PATHS_PER_CHECK) });
    });
  }

  receive(message: Extract<HostMessage, { type: "paths/exist" }>): void {
    for (const { path, file } of message.results) {
      if (!this.asked.delete(path)) continue; // never asked: not ours to keep
      this.answers.set(path, file);
    }
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= MAX_KNOWN) break;
      this.answers.delete(oldest);
    }
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
