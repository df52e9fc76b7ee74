/**
 * Which tabs each window of a workspace has open, one file per window, so two windows on one
 * workspace never take each other's tabs. Workspace state (a Memento) cannot do this: every
 * window of a workspace shares it, and each write replaces the extension's whole value, so the
 * window written last decided what both windows reopened after a reload (both then wrote the same
 * sessions' journals).
 *
 * A window writes `<id>.json` in a folder of the workspace (shared by its windows on this
 * machine) whenever its tabs change, and marks it released when it shuts down. A window starting
 * (a reload, a restart, a crashed extension host coming back) claims the newest file of a window
 * that is gone: released, or whose extension host process is dead. Claiming is a rename, so two
 * windows starting at once never get the same tabs. A live window's file is never claimed.
 *
 * Writes are synchronous: the file is a few hundred bytes, and a release written at shutdown must
 * not be overtaken by an earlier write still under way.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { uptime } from "node:os";
import { join } from "node:path";
import type { OpenTabRecord } from "./sessionManager";

export interface SavedTabs {
  readonly tabs: OpenTabRecord[];
  readonly active?: number;
}

interface WindowFile extends SavedTabs {
  /** The extension host's process id: a dead one means the window is gone. */
  readonly pid: number;
  /** Epoch milliseconds of the write. */
  readonly at: number;
  readonly released?: boolean;
}

export interface WindowTabsOptions {
  readonly dir: string;
  /** This window's id (unique per extension host). */
  readonly id: string;
  readonly pid: number;
  readonly now: () => number;
  /** Whether a process is running (injected in tests). */
  readonly alive?: (pid: number) => boolean;
  /**
   * Epoch milliseconds the machine booted (default: now minus the uptime). A file written before it
   * is of a window gone with the reboot, whatever process has its pid now.
   */
  readonly bootTime?: number;
  /** How long `claim` waits for a window that is shutting down to release its file. */
  readonly releaseWaitMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Files older than this are removed (a window closed for good, or killed and never back). */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60_000;

export class WindowTabs {
  private last: SavedTabs | undefined;
  private released = false;

  constructor(private readonly options: WindowTabsOptions) {}

  private get file(): string {
    return join(this.options.dir, `${this.options.id}.json`);
  }

  /** Records this window's tabs. */
  save(saved: SavedTabs): void {
    if (this.released) return;
    this.last = saved;
    this.write({ ...saved, pid: this.options.pid, at: this.options.now() });
  }

  /** This window is shutting down: its tabs are for the next window that starts to claim. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.last) this.write({ ...this.last, pid: this.options.pid, at: this.options.now(), released: true });
  }

  /**
   * The tabs of the newest window that is gone, taken so no other window gets them; `{tabs: []}`
   * when every other window is live or claimed; undefined when no window ever wrote here (the
   * caller falls back to what workspace state holds from before).
   */
  async claim(): Promise<SavedTabs | undefined> {
    // A reload's old extension host releases first thing on deactivation (host.ts), so a second is
    // ample; a genuine second window cannot tell that live file from its own past self and waits it out.
    const deadline = this.options.now() + (this.options.releaseWaitMs ?? 1_000);
    for (;;) {
      const files = this.others();
      if (files === undefined) return undefined;
      const gone = files.filter((f) => this.gone(f.content));
      for (const candidate of gone.sort((a, b) => b.content.at - a.content.at)) {
        const taken = this.take(candidate.name);
        if (taken) {
          this.forgetOld();
          const saved = { tabs: taken.tabs, ...(taken.active === undefined ? {} : { active: taken.active }) };
          // take() removed the file: it is this window's own at once, so tabs whose restore fails, or
          // a reload before this window's first save, lose nothing.
          this.save(saved);
          return saved;
        }
      }
      // A window being reloaded may not have released its file yet: wait a little for it, but only
      // while some other window's file is still live (one of them may be this window's past self).
      if (files.length === gone.length || this.options.now() >= deadline) return { tabs: [] };
      await (this.options.sleep ?? defaultSleep)(250);
    }
  }

  private others(): { name: string; content: WindowFile }[] | undefined {
    let names: string[];
    try {
      names = readdirSync(this.options.dir).filter((name) => name.endsWith(".json"));
    } catch {
      return undefined; // never written: the folder is made by the first save and then stays
    }
    return names
      .filter((name) => name !== `${this.options.id}.json`)
      .flatMap((name) => {
        const content = readWindowFile(join(this.options.dir, name));
        return content ? [{ name, content }] : [];
      });
  }

  /** Moves another window's file out of reach (a rename: one claimer wins), reads it, removes it. */
  private take(name: string): WindowFile | undefined {
    const claiming = join(this.options.dir, `${this.options.id}.claiming`);
    try {
      renameSync(join(this.options.dir, name), claiming);
    } catch {
      return undefined; // another window claimed it first
    }
    const content = readWindowFile(claiming);
    try {
      unlinkSync(claiming);
    } catch {
      // gone already
    }
    return content;
  }

  private forgetOld(): void {
    for (const file of this.others() ?? [])
      if (this.options.now() - file.content.at > FORGET_AFTER_MS)
        try {
          unlinkSync(join(this.options.dir, file.name));
        } catch {
          // claimed or removed by another window
        }
  }

  /**
   * Released, or its process is dead. A pid can be reused after a power-off or SIGKILL (after a
   * reboot, in containers): a file with this process's own pid, or written before the machine
   * booted, is gone too, or it would be waited for and never claimed.
   */
  private gone(file: WindowFile): boolean {
    if (file.released || file.pid === this.options.pid) return true;
    const bootTime = this.options.bootTime ?? Date.now() - uptime() * 1000;
    return file.at < bootTime || !(this.options.alive ?? processAlive)(file.pid);
  }

  private write(content: WindowFile): void {
    const temporary = `${this.file}.tmp`;
    try {
      mkdirSync(this.options.dir, { recursive: true });
      writeFileSync(temporary, JSON.stringify(content));
      renameSync(temporary, this.file);
    } catch {
      // Best effort, as workspace state was: the next change writes again.
    }
  }
}

function readWindowFile(path: string): WindowFile | undefined {
  try {
    // Another window's file, or one a crash cut short: nothing in it is trusted until checked.
    const value = JSON.parse(readFileSync(path, "utf8")) as Unchecked<WindowFile>;
    if (!Array.isArray(value.tabs) || typeof value.pid !== "number" || typeof value.at !== "number") return undefined;
    const tabs = (value.tabs as unknown[]).filter(isTabRecord);
    return { ...(value as WindowFile), tabs };
  } catch {
    return undefined;
  }
}

type Unchecked<T> = { readonly [K in keyof T]?: unknown };

function isTabRecord(tab: unknown): tab is OpenTabRecord {
  if (typeof tab !== "object" || tab === null) return false;
  const record = tab as Unchecked<OpenTabRecord>;
  return typeof record.agent === "string" && typeof record.sessionId === "string";
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as { code?: unknown }).code === "EPERM";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
