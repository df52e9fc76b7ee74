/**
 * Stop while the agent waits on a permission, as both Claude adapters' suites check it: the
 * pending request is answered `cancelled`, the turn ends cancelled and no permission is left.
 */
import assert from "node:assert/strict";
import type { Thread } from "../../src/shared/thread/thread";
import { waitFor } from "../support/waitFor";
import type { RealSession } from "./realSession";

/** Sends `prompt`, presses Stop once its permission is asked, and returns the thread after the turn. */
export async function stopDuringPermission(s: RealSession, prompt: string): Promise<Thread> {
  const turn = s.chat.prompt(prompt);
  await waitFor(
    () => s.thread().permissions,
    (list) => list.length === 1,
    "the permission",
    30_000,
  );
  await s.chat.cancel();
  await turn;
  const thread = s.thread();
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.deepEqual(thread.permissions, []);
  const [permission] = s.requests("session/request_permission");
  assert.deepEqual(s.answerTo(permission?.id)?.result, { outcome: { outcome: "cancelled" } });
  return thread;
}
