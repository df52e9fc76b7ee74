/**
 * The local index of sessions this client opened, per agent: it fills the session list for
 * agents without `session/list`, and remembers titles and times between restarts.
 */
export interface SessionRecord {
  readonly agent: string;
  readonly sessionId: string;
  readonly cwd: string;
  readonly title?: string;
  /** ISO 8601. */
  readonly updatedAt: string;
  /** The title is the user's (Rename): kept over the agent's, for agents that cannot store it. */
  readonly titleByUser?: boolean;
  /** Archived on the agent's side (`session/archive`). */
  readonly archived?: boolean;
}

export interface SessionIndexStorage {
  read(): SessionRecord[];
  write(records: SessionRecord[]): void;
}

export const SESSION_INDEX_LIMIT = 200;

export class SessionIndex {
  constructor(private readonly storage: SessionIndexStorage) {}

  all(): SessionRecord[] {
    return this.storage.read();
  }

  upsert(record: SessionRecord): void {
    const others = this.storage.read().filter((r) => !(r.agent === record.agent && r.sessionId === record.sessionId));
    const previous = this.storage.read().find((r) => r.agent === record.agent && r.sessionId === record.sessionId);
    const merged = {
      ...previous,
      ...record,
      ...(record.title === undefined && previous?.title ? { title: previous.title } : {}),
    };
    this.storage.write([merged, ...others].slice(0, SESSION_INDEX_LIMIT));
  }

  remove(agent: string, sessionId: string): void {
    this.storage.write(this.storage.read().filter((r) => !(r.agent === agent && r.sessionId === sessionId)));
  }
}
