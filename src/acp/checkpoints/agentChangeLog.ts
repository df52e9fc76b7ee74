/**
 * Which session's agent changed which file, and when, across the sessions of one workspace: a
 * restore of one session's checkpoint warns when another session's agent changed the same files
 * after it (issue 25 §6).
 */
export class AgentChangeLog {
  private readonly changes = new Map<
    string,
    Array<{ readonly owner: object; readonly name: string; readonly at: number }>
  >();

  constructor(private readonly now: () => number) {}

  /** The agent of the session `owner` (shown as `name`) changed `path` now. */
  note(owner: object, name: string, path: string): void {
    const list = (this.changes.get(path) ?? []).filter((change) => change.owner !== owner);
    list.push({ owner, name, at: this.now() });
    this.changes.set(path, list);
  }

  /** Other sessions whose agent changed one of `paths` after `since`, with those paths. */
  changedByOthers(owner: object, paths: readonly string[], since: number): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const path of paths)
      for (const change of this.changes.get(path) ?? [])
        if (change.owner !== owner && change.at >= since)
          found.set(change.name, [...(found.get(change.name) ?? []), path]);
    return found;
  }
}
