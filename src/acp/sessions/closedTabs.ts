/**
 * The tabs the user closed this window, most recent first, for *Reopen Closed Tab* (issue 29 §4):
 * the agent and session of each, nothing more (the conversation is the agent's and the journal's).
 * Bounded; a session deleted since is forgotten, so it is never offered again.
 */
export interface ClosedTab {
  readonly agent: string;
  readonly sessionId: string;
}

const MAX_CLOSED_TABS = 20;

export class ClosedTabs {
  private readonly stack: ClosedTab[] = [];

  /** `tab` becomes the most recent; an older record of the same session goes. */
  push(tab: ClosedTab): void {
    this.forget(tab.agent, tab.sessionId);
    this.stack.unshift(tab);
    this.stack.length = Math.min(this.stack.length, MAX_CLOSED_TABS);
  }

  /** The most recently closed tab, taken off the stack. */
  pop(): ClosedTab | undefined {
    return this.stack.shift();
  }

  forget(agent: string, sessionId: string): void {
    const at = this.stack.findIndex((tab) => tab.agent === agent && tab.sessionId === sessionId);
    if (at >= 0) this.stack.splice(at, 1);
  }

  get size(): number {
    return this.stack.length;
  }
}
