/**
 * What the transcript says when the agent answers `session/prompt`: the `turn/ended` action with
 * the stop reason and usage, preceded by a warning or an error for two agent quirks (below).
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { SessionContext } from "./sessionContext";
import { turnUsageSchema } from "../../../shared/thread/turnUsage";
import { english } from "../../../shared/l10n";
import { warningNotice } from "../../../shared/thread/warningNotice";

/**
 * `afterCancel`: the previous turn was stopped; `updatesThisTurn`: how many session updates the
 * answered turn brought.
 */
export function reportTurnEnd(
  context: SessionContext,
  response: acp.PromptResponse,
  afterCancel: boolean,
  updatesThisTurn: number,
): void {
  const { sink, newId } = context;
  const t = context.translate ?? english;
  const usage = turnUsageSchema.safeParse((response as { usage?: unknown }).usage);
  // Quirk (claude-agent-acp, its issue #551): the prompt after a stopped turn is answered at
  // once with the stopped turn's leftover end (no update, zero usage) while the agent goes on
  // with it in the background; its output then arrives during the next prompt. Say so.
  if (
    afterCancel &&
    response.stopReason === "end_turn" &&
    updatesThisTurn === 0 &&
    (!usage.success || usage.data.totalTokens === 0)
  ) {
    sink(
      warningNotice(
        newId(),
        t("{0} ended the turn without replying", context.client.name),
        t(
          "After a stopped turn, some agents answer the next prompt at once and keep working on it in the background: the reply may arrive with your next message. Restart the agent if replies stay out of step.",
        ),
      ),
    );
  }
  // CodeBuddy reports model errors as `refusal` with a JSON error message in `_meta`.
  const vendorError = response._meta?.["codebuddy.ai/errorMessage"];
  if (response.stopReason === "refusal") {
    const vendor = vendorError === undefined ? undefined : describeVendorError(vendorError);
    sink({
      type: "thread/error",
      entryId: newId(),
      message: vendor ? t("The agent refused to continue: {0}", vendor.message) : t("The agent refused to continue."),
      ...(vendor?.details ? { details: vendor.details } : {}),
    });
  }
  sink({ type: "turn/ended", stopReason: response.stopReason, ...(usage.success ? { usage: usage.data } : {}) });
}

/**
 * CodeBuddy's `codebuddy.ai/errorMessage`: a JSON-RPC error serialised as a string, whose useful
 * text is in `data` (`{"message":"Internal error","data":{"message":"fake error 401","details":"401 …"}}`).
 */
export function describeVendorError(value: unknown): { message: string; details?: string } {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { message: value };
    }
  }
  if (typeof parsed !== "object" || parsed === null) return { message: String(value) };
  const { message, data } = parsed as { message?: unknown; data?: { message?: unknown; details?: unknown } | null };
  const text =
    typeof data?.message === "string" ? data.message : typeof message === "string" ? message : JSON.stringify(parsed);
  const details = typeof data?.details === "string" && data.details !== text ? data.details : undefined;
  return details ? { message: text, details } : { message: text };
}
