/** A session index kept in memory, in place of workspace state. */
import type { SessionIndexStorage, SessionRecord } from "../../src/acp/sessions/sessionIndex";

export function memorySessionStorage(initial: SessionRecord[] = []): SessionIndexStorage {
  let records = initial;
  return { read: () => records, write: (next) => (records = next) };
}
