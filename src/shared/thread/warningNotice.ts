/**
 * A warning in the transcript (a `notice` update of severity "warning"): something the user should
 * know about the agent's behaviour that is not an error, such as silence, work after Stop, or a
 * setting that could not be sent.
 */
import type { ThreadAction } from "./threadActions";

export function warningNotice(entryId: string, title: string, description?: string): ThreadAction {
  return {
    type: "acp/update",
    entryId,
    update: {
      sessionUpdate: "notice",
      severity: "warning",
      title,
      ...(description === undefined ? {} : { description }),
    },
  };
}
