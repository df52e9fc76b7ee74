/**
 * The fake agent's session store. With FAKE_AGENT_STATE it is a JSON file re-read on every call
 * (as Bub re-reads `acp-sessions.json`), so a restarted agent process can list, load and resume
 * the sessions of the one before it. Without a path it lives in memory.
 *
 * Each session keeps its replayable history: the updates `session/load` streams back (user and
 * agent text, tool calls and results, compaction markers; never thoughts or usage).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

export type HistoryUpdate = { readonly sessionUpdate: string } & Record<string, unknown>;

export interface StoredSession {
  sessionId: string;
  cwd: string;
  additionalDirectories?: string[];
  title?: string;
  /** Python isoformat: microseconds and `+00:00`. */
  updatedAt: string;
  /** False after `session/close`: gone from `session/list` until loaded or resumed again. */
  listed: boolean;
  /** FAKE_AGENT_SESSION_OPS: archived sessions leave the default `session/list`. */
  archived?: boolean;
  config: Record<string, string>;
  history: HistoryUpdate[];
}

interface StoreFile {
  /** Last timestamp handed out, in microseconds: keeps `updatedAt` strictly increasing. */
  clock: number;
  sessions: Record<string, StoredSession>;
}

export class SessionStore {
  private memory: StoreFile = { clock: 0, sessions: {} };

  constructor(private readonly path: string | undefined) {}

  get(sessionId: string): StoredSession | undefined {
    return this.read().sessions[sessionId];
  }

  /** Listed sessions, most recently updated first. */
  list(): StoredSession[] {
    return Object.values(this.read().sessions)
      .filter((session) => session.listed)
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  }

  /** Read-modify-write of one session; `change` may create it. Touches `updatedAt`. */
  update(
    sessionId: string,
    change: (session: StoredSession | undefined) => StoredSession | undefined,
  ): StoredSession | undefined {
    const file = this.read();
    const next = change(file.sessions[sessionId]);
    if (next) {
      file.clock = Math.max(Date.now() * 1000, file.clock + 1);
      file.sessions[sessionId] = { ...next, updatedAt: isoMicros(file.clock) };
    } else {
      delete file.sessions[sessionId];
    }
    this.write(file);
    return next && file.sessions[sessionId];
  }

  /** Writes sessions as given (seeding), keeping their `updatedAt`. */
  seed(sessions: readonly StoredSession[]): void {
    const file = this.read();
    for (const session of sessions) if (!file.sessions[session.sessionId]) file.sessions[session.sessionId] = session;
    this.write(file);
  }

  private read(): StoreFile {
    if (!this.path) return this.memory;
    if (!existsSync(this.path)) return { clock: 0, sessions: {} };
    return JSON.parse(readFileSync(this.path, "utf8")) as StoreFile;
  }

  private write(file: StoreFile): void {
    if (!this.path) {
      this.memory = file;
      return;
    }
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(file));
    renameSync(temp, this.path);
  }
}

/** `2026-08-21T10:15:30.123456+00:00` from microseconds since the epoch. */
export function isoMicros(micros: number): string {
  const date = new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19);
  return `${date}.${String(micros % 1_000_000).padStart(6, "0")}+00:00`;
}
