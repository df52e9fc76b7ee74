/**
 * One tab's turns, one after another: a prompt runs as a turn (the earlier conversation of a
 * rewound tab goes with the first one), and when it ends the next queued message goes out, unless
 * the session was replaced, is still busy, or its agent is gone. Stop cancels the turn and, when
 * the user pressed it, pauses the queue.
 */
import type { SessionController } from "../client/session/sessionController";
import type { PromptAttachment } from "../client/session/promptBuilder";
import type { AgentLifecycle } from "./agentLifecycle";
import type { PanelStore } from "./panelStore";
import type { PromptQueue } from "./promptQueue";

export class TurnRunner {
  /** Goes to the agent with the next prompt: the earlier conversation of a rewound tab. */
  pendingContext: string | undefined;

  constructor(
    private readonly store: PanelStore,
    private readonly queue: PromptQueue,
    private readonly lifecycle: AgentLifecycle,
  ) {}

  async run(session: SessionController, text: string, attachments: readonly PromptAttachment[]): Promise<void> {
    const context = this.pendingContext;
    this.pendingContext = undefined;
    const services = this.lifecycle.services;
    services?.turnStarted(session.sessionId); // a "deny all for this turn" ends here
    try {
      await session.prompt(text, attachments, context);
    } finally {
      services?.turnEnded();
    }
    if (this.lifecycle.session !== session) return;
    if (session.isStopUnconfirmed) void session.whenStopConfirmed().then(() => this.drain(session));
    const { turn } = this.store.state.thread;
    if (turn.phase === "idle" && turn.lastStop !== "error") this.lifecycle.turnSucceeded();
    await this.drain(session);
  }

  /** Sends the next queued message, if `session` is still the tab's and idle. */
  async drain(session: SessionController): Promise<void> {
    if (this.lifecycle.session !== session || session.isBusy) return;
    // The turn ended because the agent did (its crash is reported separately): sending now would
    // show the message as sent to an agent that can no longer receive it.
    if (session.agentGone) return this.queue.markNotSent();
    const next = this.queue.takeNext();
    if (next) await this.run(session, next.text, []);
  }

  async cancel(session: SessionController, manual: boolean): Promise<void> {
    if (manual) this.queue.paused = true;
    // ACP: the client answers every pending permission of the session `cancelled` on cancel.
    this.lifecycle.services?.cancelSession(session.sessionId);
    await session.cancel();
  }
}
