/**
 * One consent question at a time per agent connection (issue 26): the prompts behind it (reads
 * outside the project, sensitive writes, unsaved buffers, the VS Code tools' reads, URLs) are
 * modal in VS Code, so an agent that asks sixty times at once would otherwise keep the workbench
 * blocked. The gate's rules:
 * - while a question is open, the same read (same key) waits for its answer; any other question is
 *   refused at once (`consent-busy`), without asking;
 * - "deny all for this turn" (`DENY_TURN`, also what closing a dialog means) refuses every
 *   further question from the agent without asking (`denied-for-turn`) until the user's next
 *   message starts a turn (`turnStarted`);
 * - what was refused without asking goes into the transcript as a warning notice: the busy
 *   refusals when the open question is answered, the turn's refusals when the turn ends or the
 *   next one starts.
 * The gate is per connection, not per session: a subagent's child session shares its parent's
 * turn and its dialog.
 */

import { english, type Translate } from "../../../shared/l10n";

/** The answer, to any consent question, that also denies everything else from the agent until the next turn. */
export const DENY_TURN = "deny-turn";
export type DenyTurn = typeof DENY_TURN;

export type RefusalReason = "consent-busy" | "denied-for-turn";

/** A question the gate refused without asking; callers turn it into their own error for the agent. */
export class ConsentRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    agent: string,
  ) {
    super(
      reason === "consent-busy"
        ? `Permission denied without asking: the user is answering another request from ${agent}; one question is asked at a time. Ask again once it is answered.`
        : `Permission denied without asking: the user denied every request from ${agent} until their next message.`,
    );
  }
}

export interface ConsentQuestion<T> {
  /** The session asking: where its notices go ("" when the request names none). */
  readonly sessionId: string;
  /** What is asked, for the transcript ("read /x/y"). */
  readonly key: string;
  /**
   * Requests with the same key that arrive while this one is open share its answer. Only for
   * questions whose answer covers them all alike (a read of one file); a write is asked for each.
   */
  readonly shared?: boolean;
  /** Shows the question to the user. */
  readonly ask: () => Promise<T | DenyTurn>;
  /** The plain denial, the answer when the prompt itself fails. */
  readonly denial: T;
}

/** Writes a warning notice into a session's transcript. */
export type ConsentNotice = (sessionId: string, title: string, description: string) => void;

interface OpenQuestion {
  readonly key: string;
  readonly shared: boolean;
  readonly answer: Promise<unknown>;
  readonly refused: string[];
}

const LISTED = 5;

export class ConsentGate {
  private open: OpenQuestion | undefined;
  private deniedForTurn = false;
  /** Refused because of a "deny for this turn", not yet in the transcript. */
  private refusedForTurn: string[] = [];
  /** The session of the running turn: where notices go when a request names none. */
  private turnSession = "";

  constructor(
    private readonly agent: string,
    private readonly notice: ConsentNotice = () => undefined,
    /** The user's language for the notices (what the agent is told stays English). */
    private readonly t: Translate = english,
  ) {}

  /** Asks `question` unless the gate refuses it (throws ConsentRefused). A DENY_TURN answer is returned as is. */
  async ask<T>(question: ConsentQuestion<T>): Promise<T | DenyTurn> {
    if (this.deniedForTurn) {
      this.refusedForTurn.push(question.key);
      throw new ConsentRefused("denied-for-turn", this.agent);
    }
    const open = this.open;
    if (open) {
      if (open.shared && question.shared === true && open.key === question.key)
        return (await open.answer) as T | DenyTurn;
      open.refused.push(question.key);
      throw new ConsentRefused("consent-busy", this.agent);
    }
    // A prompt that throws is a denial, never an allow.
    const answer = question.ask().catch(() => question.denial);
    const asked: OpenQuestion = { key: question.key, shared: question.shared === true, answer, refused: [] };
    this.open = asked;
    let result: T | DenyTurn;
    try {
      result = await answer;
    } finally {
      this.open = undefined;
    }
    const sessionId = question.sessionId || this.turnSession;
    const { t } = this;
    const refused = asked.refused.length;
    if (refused > 0) {
      this.notice(
        sessionId,
        refused === 1
          ? t("Refused 1 more request from {0} while you were answering one", this.agent)
          : t("Refused {0} more requests from {1} while you were answering one", refused, this.agent),
        `${t("One question is asked at a time; the agent was told to ask again.")} ${listed(asked.refused, t)}`,
      );
    }
    if (result === DENY_TURN) {
      this.deniedForTurn = true;
      this.notice(
        sessionId,
        t("Every request from {0} is refused until your next message", this.agent),
        t(
          "You denied {0} and everything else the agent asks for during this turn. Send a message to let it ask again.",
          question.key,
        ),
      );
    }
    return result;
  }

  /** The user's message starts a turn of `sessionId`: "deny for this turn" ends. */
  turnStarted(sessionId: string): void {
    this.flush();
    this.turnSession = sessionId;
    this.deniedForTurn = false;
  }

  /** The turn ended: what it refused without asking goes into the transcript. */
  turnEnded(): void {
    this.flush();
  }

  private flush(): void {
    const refused = this.refusedForTurn;
    if (refused.length === 0) return;
    this.refusedForTurn = [];
    const { t } = this;
    this.notice(
      this.turnSession,
      refused.length === 1
        ? t("Refused 1 request from {0} without asking (denied for this turn)", this.agent)
        : t("Refused {0} requests from {1} without asking (denied for this turn)", refused.length, this.agent),
      listed(refused, t),
    );
  }
}

/** The first few questions, as asked ("read /x/y"; agent-chosen paths, not translated). */
function listed(keys: readonly string[], t: Translate): string {
  const shown = keys.slice(0, LISTED).join("; ");
  return keys.length > LISTED ? t("{0}; and {1} more.", shown, keys.length - LISTED) : `${shown}.`;
}
