/** A FileSystemPort over the real disk with simulated open editor buffers, and a scripted consent. */
import { readFile, rm } from "node:fs/promises";
import { readTextBounded, type BoundedText, type ReadRange } from "../../src/acp/client/callbacks/boundedRead";
import { writeFileAtomic } from "../../src/acp/client/callbacks/atomicWrite";
import { diskIo } from "../../src/acp/checkpoints/workspaceCheckpoints";
import type { ConsentPrompt, FileSystemPort, ReadConsent } from "../../src/acp/ports";

export class DiskFiles implements FileSystemPort {
  /** path → { text, dirty } of "open editors". */
  readonly buffers = new Map<string, { text: string; dirty: boolean }>();
  readonly writes: string[] = [];
  openBufferText(path: string): string | undefined {
    return this.buffers.get(path)?.text;
  }
  isDirty(path: string): boolean {
    return this.buffers.get(path)?.dirty ?? false;
  }
  async readDisk(path: string): Promise<string | undefined> {
    try {
      return await readFile(path, "utf8");
    } catch {
      return undefined;
    }
  }
  readDiskBounded(path: string, range: ReadRange, maxBytes: number): Promise<BoundedText | undefined> {
    return readTextBounded(path, range, maxBytes);
  }
  async writeThroughEditor(path: string, content: string, options?: { resolved?: boolean }): Promise<void> {
    await writeFileAtomic(path, content, options);
    if (this.buffers.has(path)) this.buffers.set(path, { text: content, dirty: false });
    this.writes.push(path);
  }
  /** Bytes that are not text (as EditorFiles.writeBytes): written as they are. */
  async writeBytes(path: string, content: Buffer, executable: boolean): Promise<void> {
    await diskIo.write(path, content, executable);
    this.writes.push(path);
  }
  async deleteFile(path: string): Promise<void> {
    await rm(path, { force: true });
    this.buffers.delete(path);
  }
}

export interface ScriptedAnswers {
  outside?: boolean;
  unsaved?: boolean;
  /** Reads outside the workspace: "deny" unless told. */
  read?: ReadConsent;
  /** Writes to sensitive files inside the workspace. */
  sensitive?: boolean;
}

/** Answers every question as scripted (deny unless told) and records it: `"<question> <path>"`. */
export class ScriptedConsent implements ConsentPrompt {
  readonly asked: string[] = [];
  /** The reasons given for sensitive writes, in order. */
  readonly reasons: string[] = [];
  /** Whether each outside question was asked with no folder open, in order. */
  readonly noFolder: boolean[] = [];
  constructor(private readonly answers: ScriptedAnswers = {}) {}
  async allowWriteOutsideWorkspace(_agent: string, path: string, noFolder: boolean): Promise<boolean> {
    this.asked.push(`outside ${path}`);
    this.noFolder.push(noFolder);
    return this.answers.outside ?? false;
  }
  async allowReadOutsideWorkspace(_agent: string, path: string, noFolder: boolean): Promise<ReadConsent> {
    this.asked.push(`read ${path}`);
    this.noFolder.push(noFolder);
    return this.answers.read ?? "deny";
  }
  async allowSensitiveWrite(_agent: string, path: string, why: string): Promise<boolean> {
    this.asked.push(`sensitive ${path}`);
    this.reasons.push(why);
    return this.answers.sensitive ?? false;
  }
  async allowOverwriteUnsaved(_agent: string, path: string): Promise<boolean> {
    this.asked.push(`unsaved ${path}`);
    return this.answers.unsaved ?? false;
  }
}
