/**
 * A note given with a permission answer (issue 28 item 4): "yes, but use the test database".
 * ACP's `RequestPermissionResponse` has no feedback field, and no agent we know reads one from
 * `_meta` (claude-agent-acp 0.23 reads only `outcome.optionId`), so the note is not put on the
 * wire with the answer: it goes to the agent as a message of its own, first in the queue, sent
 * when the turn ends. The answer itself is always the option the user chose (a reject stays a
 * reject, never `cancelled`).
 */

/** The longest note the card takes. */
export const MAX_PERMISSION_NOTE = 2_000;

/** The message the agent gets: which request, what the user chose, then their words. */
export function permissionNoteMessage(what: string, chose: string, note: string): string {
  return `About your request "${what}", I answered "${chose}". My note: ${note.trim()}`;
}
