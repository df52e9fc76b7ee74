/**
 * Standard subagents (unstable ACP): a parent announces a child session with `subagent_update`,
 * then the child's own `session/update`s arrive on the same connection under the child's
 * session id, with no load or subscription. Each announced child is attached here, and its
 * updates go to the parent's thread as output of the child's run (the same nested-run action as
 * Lody's subagent events). Children a child announces are attached too (their runs are listed
 * beside their parent's). Bounded: an agent cannot make the client hold unlimited children.
 */
import type { AgentClient } from "../connection/agentClient";
import type { ThreadSink } from "./sessionContext";
import { capDepth } from "../../../shared/thread/boundedDepth";

const MAX_CHILDREN = 256;

export class ChildSessions {
  private readonly children = new Map<string, { dispose(): void }>();

  /** `activity`: a child spoke (the parent's turn is not silent while its children work). */
  constructor(
    private readonly client: AgentClient,
    private readonly sink: ThreadSink,
    private readonly newId: () => string,
    private readonly parentId: string,
    private readonly activity: () => void,
  ) {}

  /** Whether `sessionId` is a child this session announced (its permission requests are ours). */
  owns(sessionId: string): boolean {
    return this.children.has(sessionId);
  }

  /** Looks at an update of the parent (or of a child) for a child it announces. */
  observe(update: unknown): void {
    const { sessionUpdate, sessionId } = update as { sessionUpdate?: unknown; sessionId?: unknown };
    if (sessionUpdate !== "subagent_update" || typeof sessionId !== "string" || sessionId === this.parentId) return;
    if (this.children.has(sessionId) || this.children.size >= MAX_CHILDREN) return;
    this.children.set(
      sessionId,
      this.client.attach(sessionId, {
        update: (childUpdate) => {
          if (typeof childUpdate !== "object" || childUpdate === null) return;
          this.observe(childUpdate);
          this.activity();
          this.sink({
            type: "subagent/event",
            entryId: this.newId(),
            event: { type: "output", runId: sessionId, update: capDepth(childUpdate) },
          });
        },
        extNotification: () => undefined,
      }),
    );
  }

  dispose(): void {
    for (const attachment of this.children.values()) attachment.dispose();
    this.children.clear();
  }
}
