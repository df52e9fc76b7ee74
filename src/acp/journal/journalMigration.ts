/**
 * Moves the transcripts the older store kept in workspace state (transcriptStore.ts: the newest
 * 500 entries of at most 50 conversations) into the journal, once. Each becomes the journal of its
 * session, created exclusively: a conversation the journal has already is left alone, and two
 * windows migrating the same workspace at once write each file once.
 */
import { parseTranscripts } from "./transcriptStore";
import { conversationKey, type JournalArchive } from "./journalArchive";
import { errorCode, journalFile, type JournalFs } from "./journalFs";
import { recordLine } from "./journalRecords";

/** Migrates `raw` (what workspace state holds); returns how many conversations were written. */
export async function migrateTranscripts(
  archive: JournalArchive,
  fs: JournalFs,
  raw: unknown,
  cwd: string | undefined,
): Promise<number> {
  const transcripts = parseTranscripts(raw);
  if (transcripts.length === 0) return 0;
  await fs.mkdir(archive.dir);
  let written = 0;
  for (const transcript of transcripts) {
    const key = conversationKey(transcript.agent, transcript.sessionId);
    const lines = [
      recordLine({
        t: "o",
        w: "migration",
        at: transcript.savedAt,
        agent: transcript.agent,
        sessionId: transcript.sessionId,
        ...(cwd === undefined ? {} : { cwd }),
      }),
      ...(transcript.title === undefined ? [] : [recordLine({ t: "t", title: transcript.title })]),
      ...transcript.entries.map((e, j) => recordLine({ t: "e", j, e })),
    ];
    try {
      await fs.createExclusive(journalFile(archive.dir, key), lines.join(""));
      written += 1;
      archive.changed(key);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
  }
  return written;
}
