/**
 * Sessions this panel opened in which nothing was said yet ("New session, then another agent"):
 * the session manager does not write them to the index, and the listing hides an agent's row for
 * one unless the agent titled it (sessionListing.ts). Memory only, bounded: nothing is deleted,
 * here or on the agent's side.
 */
const LIMIT = 500;

export class UnusedSessions {
  private readonly keys = new Set<string>();

  static key(agent: string, sessionId: string): string {
    return `${agent}\u0000${sessionId}`;
  }

  note(agent: string, sessionId: string): void {
    this.keys.add(UnusedSessions.key(agent, sessionId));
    const oldest = this.keys.values().next();
    if (this.keys.size > LIMIT && !oldest.done) this.keys.delete(oldest.value);
  }

  /** Something was said (or shown) in it: it is history now. */
  used(agent: string, sessionId: string): void {
    this.keys.delete(UnusedSessions.key(agent, sessionId));
  }

  has(agent: string, sessionId: string): boolean {
    return this.keys.has(UnusedSessions.key(agent, sessionId));
  }
}
