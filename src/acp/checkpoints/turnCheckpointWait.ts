/**
 * How long a prompt waits for its checkpoint. Taking one is quick (a listing of what changed, the
 * changed files hashed), but git can hang (a stalled network drive, a lock another tool holds):
 * each git call has its own 120 s limit, and a prompt must never wait minutes with a spinner.
 * Past the bound the message goes without a checkpoint, as when one fails; the checkpoint that
 * comes later is not that turn's "before", since the agent may have written files by then.
 */
import type { Logger } from "../ports";

export const TURN_CHECKPOINT_WAIT_MS = 15_000;

export const LATE = Symbol("late");

/** What `taking` resolves to, or LATE once `ms` have passed first; `taking` goes on either way. */
export function withinWait<T>(taking: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([taking, late]).finally(() => clearTimeout(timer));
}

/** Logs that the message `entryId` went without its checkpoint, and what became of that checkpoint. */
export function logLateCheckpoint(
  logger: Pick<Logger, "info" | "warn">,
  entryId: string,
  taking: Promise<unknown>,
  waitMs: number,
): void {
  logger.warn(`The checkpoint before ${entryId} was not ready after ${waitMs} ms; the message went without one`);
  taking.then(
    () => logger.info(`The checkpoint before ${entryId} came after its message had gone: not used`),
    (error: unknown) => logger.warn(`Checkpoint not taken: ${String(error)}`),
  );
}
