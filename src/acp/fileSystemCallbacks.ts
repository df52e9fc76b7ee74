/**
 * `fs/read_text_file` and `fs/write_text_file` over a FileSystemPort. Reads see unsaved editor
 * buffers; writes go through the editor so they can be undone, and land on disk at once (agents
 * run tools that read the file right after writing it). Paths outside the session's roots need
 * the user's explicit consent; a buffer with unsaved user edits is never clobbered silently.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "./connection";
import type { FileSystemCallbacks } from "./clientCallbacks";
import { resolveAgentPath } from "./workspacePaths";
import type { BoundedText, ReadRange } from "./boundedRead";

export interface FileSystemPort {
  /** The text of an open editor buffer for this file (unsaved changes included), if one is open. */
  openBufferText(path: string): string | undefined;
  /** True when an open buffer has edits not yet saved. */
  isDirty(path: string): boolean;
  /** The whole file on disk; undefined when it does not exist (the "before" of a write). */
  readDisk(path: string): Promise<string | undefined>;
  /**
   * The file on disk for an agent's read, never holding more than `maxBytes`: the size is checked
   * before reading, `line`/`limit` are streamed (see `readTextBounded` in boundedRead.ts).
   * undefined when it does not exist.
   */
  readDiskBounded(path: string, range: ReadRange, maxBytes: number): Promise<BoundedText | undefined>;
  /**
   * Replace the whole file through the editor (undoable), create it and its folders if missing, then save.
   * `resolved`: `path` was resolved (symlinks included) when it was checked; a folder that resolves
   * elsewhere by the time of writing is refused (see atomicWrite.ts).
   */
  writeThroughEditor(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void>;
  /** Delete a file (undoing the creation of a file by the agent). */
  deleteFile(path: string): Promise<void>;
}

export interface ConsentPrompt {
  /** Ask before writing outside the workspace. Never silent: false means denied. */
  allowWriteOutsideWorkspace(agent: string, path: string): Promise<boolean>;
  /** Ask before replacing a buffer that has unsaved edits of the user's. */
  allowOverwriteUnsaved(agent: string, path: string): Promise<boolean>;
}

export interface FileWrite {
  readonly sessionId: string;
  readonly path: string;
  /** undefined: the file was created. */
  readonly before: string | undefined;
  readonly after: string;
}

export interface FileSystemOptions {
  readonly agent: string;
  readonly roots: (sessionId: string) => readonly string[];
  readonly files: FileSystemPort;
  readonly consent: ConsentPrompt;
  /** Every write, for the "Files changed" review. */
  readonly onWrite?: (write: FileWrite) => void;
  /** Larger files are refused with a clear error instead of flooding the agent. */
  readonly maxReadBytes?: number;
}

export const DEFAULT_MAX_READ_BYTES = 10 * 1024 * 1024;

/** Our answer when the user refuses a write (ACP has no standard code for it; the message says what happened). */
export const WRITE_DENIED = -32003;

export function fileSystemCallbacks(options: FileSystemOptions): FileSystemCallbacks {
  const maxBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  return {
    async readTextFile(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
      const resolved = await resolveAgentPath(params.path, options.roots(params.sessionId));
      const range: ReadRange = { line: params.line ?? undefined, limit: params.limit ?? undefined };
      // An open buffer wins (unsaved edits); it is already in memory, so it is sliced, then capped.
      const buffer = options.files.openBufferText(resolved.real) ?? options.files.openBufferText(params.path);
      const read = buffer === undefined ? await options.files.readDiskBounded(resolved.real, range, maxBytes) : capText(buffer, range, maxBytes);
      if (read === undefined) throw RequestError.resourceNotFound(params.path);
      if (read.kind === "too-large") {
        throw RequestError.invalidParams({ path: params.path, limitBytes: maxBytes }, read.part
          ? `the requested part of the file is larger than ${maxBytes} bytes; ask for fewer lines with "limit"`
          : `file is larger than ${maxBytes} bytes; read it in parts with "line" and "limit"`);
      }
      return { content: read.text };
    },

    async writeTextFile(params: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse> {
      const resolved = await resolveAgentPath(params.path, options.roots(params.sessionId));
      if (!resolved.insideRoots && !(await options.consent.allowWriteOutsideWorkspace(options.agent, resolved.real))) {
        throw new RequestError(WRITE_DENIED, `Permission denied: the user did not allow writing outside the workspace (${params.path}).`, { path: params.path, reason: "outside-workspace" });
      }
      if (options.files.isDirty(resolved.real) && !(await options.consent.allowOverwriteUnsaved(options.agent, resolved.real))) {
        throw new RequestError(WRITE_DENIED, `Permission denied: ${params.path} has unsaved changes and the user kept them.`, { path: params.path, reason: "unsaved-changes" });
      }
      const before = options.files.openBufferText(resolved.real) ?? (await options.files.readDisk(resolved.real));
      await options.files.writeThroughEditor(resolved.real, params.content, { resolved: true });
      options.onWrite?.({ sessionId: params.sessionId, path: resolved.real, before, after: params.content });
      return {};
    },
  };
}

/** `line` is 1-based; `limit` is a number of lines. Line endings are preserved. */
export function sliceLines(text: string, line: number | undefined, limit: number | undefined): string {
  if (line === undefined && limit === undefined) return text;
  const lines = text.split(/(?<=\n)/);
  const start = Math.max(0, (line ?? 1) - 1);
  const end = limit === undefined ? lines.length : start + Math.max(0, limit);
  return lines.slice(start, end).join("");
}

/** The same answer as `readTextBounded`, for text already in memory (an open editor buffer). */
function capText(text: string, range: ReadRange, maxBytes: number): BoundedText {
  const whole = range.line === undefined && range.limit === undefined;
  const part = whole ? text : sliceLines(text, range.line, range.limit);
  return Buffer.byteLength(part, "utf8") > maxBytes ? { kind: "too-large", part: !whole } : { kind: "text", text: part };
}
