/**
 * `fs/read_text_file` and `fs/write_text_file` over a FileSystemPort. Reads see unsaved editor
 * buffers; writes go through the editor so they can be undone, and land on disk at once (agents
 * run tools that read the file right after writing it). Consent, checked on resolved paths before
 * anything is read or written:
 * - reading outside the session's roots asks (this file, or its folder, for the session; or deny);
 * - writing outside them asks every time, and so does writing a sensitive file inside them
 *   (`.git/`, `.vscode/`, `.env*`, package-manager config: see sensitivePaths.ts);
 * - with no folder open there are no roots: every read and write asks; so it is with only the
 *   home folder, a parent of it or a filesystem root open, and ~/.ssh, ~/.config, shell rc files
 *   & co. ask under any root (consentRoots.ts);
 * - a buffer with unsaved user edits is never clobbered silently.
 * Every question goes through the connection's ConsentGate (consentGate.ts): one at a time, and
 * none after "deny all for this turn".
 * A refusal reaches the agent as a JSON-RPC error (PERMISSION_DENIED) that says what happened.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "../connection/connection";
import { ConsentGate, ConsentRefused, type ConsentQuestion, type DenyTurn } from "./consentGate";
import type { FileSystemCallbacks } from "../connection/clientCallbacks";
import { PathGrants, grantableFolder, type GrantScope } from "./pathGrants";
import { sensitiveWriteReason } from "./sensitivePaths";
import { consentRoots, homeSecretReason } from "../../platform/consentRoots";
import { resolveAgentPath, type ResolvedPath } from "../../platform/workspacePaths";
import type { BoundedText, ReadRange } from "./boundedRead";
import type { ConsentPrompt, FileSystemPort } from "../../ports";

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
  /** One question at a time, and "deny for this turn" (default: private to these callbacks). */
  readonly gate?: ConsentGate;
  /** Where "allow for this session" read grants are kept (default: private to these callbacks). */
  readonly grants?: GrantScope;
  /** Every write, for the "Files changed" review. */
  readonly onWrite?: (write: FileWrite) => void;
  /** Larger files are refused with a clear error instead of flooding the agent. */
  readonly maxReadBytes?: number;
  /** The user's home folder (default: the process's), for consentRoots.ts. */
  readonly home?: string;
}

/** Where a path stands for consent: the roots that count, and why nothing may be inside. */
interface ConsentView {
  readonly roots: readonly string[];
  /** No folder is open at all. */
  readonly noFolder: boolean;
  /** Folders are open, but each is the home folder, a parent of it or a filesystem root. */
  readonly broad: boolean;
}

function consentView(options: FileSystemOptions, sessionId: string): ConsentView {
  const open = options.roots(sessionId);
  const roots = consentRoots(open, options.home);
  return { roots, noFolder: open.length === 0, broad: open.length > 0 && roots.length === 0 };
}

export const DEFAULT_MAX_READ_BYTES = 10 * 1024 * 1024;

/** Our answer when the user refuses a read or a write (ACP has no standard code for it; the message says what happened). */
export const PERMISSION_DENIED = -32003;

export function fileSystemCallbacks(options: FileSystemOptions): FileSystemCallbacks {
  const maxBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  const grants = options.grants ?? new PathGrants().scope(options.agent);
  const gate = options.gate ?? new ConsentGate(options.agent);
  const ask = <T>(path: string, question: ConsentQuestion<T>) => gated(gate, path, question);
  return {
    async readTextFile(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
      const view = consentView(options, params.sessionId);
      const resolved = await resolveAgentPath(params.path, view.roots);
      await consentToRead(options, ask, grants, params, resolved, view);
      const range: ReadRange = { line: params.line ?? undefined, limit: params.limit ?? undefined };
      // An open buffer wins (unsaved edits); it is already in memory, so it is sliced, then capped.
      const buffer = options.files.openBufferText(resolved.real) ?? options.files.openBufferText(params.path);
      const read =
        buffer === undefined
          ? await options.files.readDiskBounded(resolved.real, range, maxBytes)
          : capText(buffer, range, maxBytes);
      if (read === undefined) throw RequestError.resourceNotFound(params.path);
      if (read.kind === "too-large") {
        throw RequestError.invalidParams(
          { path: params.path, limitBytes: maxBytes },
          read.part
            ? `the requested part of the file is larger than ${maxBytes} bytes; ask for fewer lines with "limit"`
            : `file is larger than ${maxBytes} bytes; read it in parts with "line" and "limit"`,
        );
      }
      return { content: read.text };
    },

    async writeTextFile(params: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse> {
      const view = consentView(options, params.sessionId);
      const resolved = await resolveAgentPath(params.path, view.roots);
      await consentToWrite(options, ask, params, resolved, view);
      if (
        options.files.isDirty(resolved.real) &&
        (await ask(params.path, {
          sessionId: params.sessionId,
          key: `replace unsaved changes in ${resolved.real}`,
          ask: () => options.consent.allowOverwriteUnsaved(options.agent, resolved.real),
          denial: false,
        })) !== true
      ) {
        throw new RequestError(
          PERMISSION_DENIED,
          `Permission denied: ${params.path} has unsaved changes and the user kept them.`,
          { path: params.path, reason: "unsaved-changes" },
        );
      }
      const before = options.files.openBufferText(resolved.real) ?? (await options.files.readDisk(resolved.real));
      await options.files.writeThroughEditor(resolved.real, params.content, { resolved: true });
      options.onWrite?.({ sessionId: params.sessionId, path: resolved.real, before, after: params.content });
      return {};
    },
  };
}

type Ask = <T>(path: string, question: ConsentQuestion<T>) => Promise<T | DenyTurn>;

/** Asks through the gate; a question it refuses without asking is a PERMISSION_DENIED that says why. */
async function gated<T>(gate: ConsentGate, path: string, question: ConsentQuestion<T>): Promise<T | DenyTurn> {
  try {
    return await gate.ask(question);
  } catch (error) {
    if (!(error instanceof ConsentRefused)) throw error;
    throw new RequestError(PERMISSION_DENIED, `${error.message} (${path})`, { path, reason: error.reason });
  }
}

async function consentToRead(
  options: FileSystemOptions,
  ask: Ask,
  grants: GrantScope,
  params: acp.ReadTextFileRequest,
  resolved: ResolvedPath,
  view: ConsentView,
): Promise<void> {
  const secret = homeSecretReason([params.path, resolved.real], options.home);
  if ((resolved.insideRoots && secret === undefined) || grants.allowsRead(params.sessionId, resolved.real)) return;
  const answer = await ask(params.path, {
    sessionId: params.sessionId,
    key: `read ${resolved.real}`,
    shared: true,
    ask: () => options.consent.allowReadOutsideWorkspace(options.agent, resolved.real, view.noFolder),
    denial: "deny",
  });
  if (answer === "deny" || answer === "deny-turn")
    throw denied("reading", params.path, view, resolved.insideRoots ? secret : undefined);
  // A read that shared another's answer finds the grant already recorded.
  if (grants.allowsRead(params.sessionId, resolved.real)) return;
  const folder = answer === "folder" ? grantableFolder(resolved.real) : undefined;
  // The prompt offers no folder that is too broad (see grantableFolder); if asked anyway, allow the file only.
  if (folder === undefined) grants.grantRead(params.sessionId, "file", resolved.real);
  else grants.grantRead(params.sessionId, "folder", folder);
}

async function consentToWrite(
  options: FileSystemOptions,
  ask: Ask,
  params: acp.WriteTextFileRequest,
  resolved: ResolvedPath,
  view: ConsentView,
): Promise<void> {
  const { path, sessionId } = params;
  if (!resolved.insideRoots) {
    const answer = await ask(path, {
      sessionId,
      key: `write ${resolved.real}`,
      ask: () => options.consent.allowWriteOutsideWorkspace(options.agent, resolved.real, view.noFolder),
      denial: false,
    });
    if (answer === true) return;
    throw denied("writing", path, view);
  }
  const why =
    homeSecretReason([path, resolved.real], options.home) ??
    (await sensitiveWriteReason(path, resolved.real, view.roots));
  if (
    why !== undefined &&
    (await ask(path, {
      sessionId,
      key: `write ${resolved.real}`,
      ask: () => options.consent.allowSensitiveWrite(options.agent, resolved.real, why),
      denial: false,
    })) !== true
  ) {
    throw new RequestError(
      PERMISSION_DENIED,
      `Permission denied: the user did not allow writing ${path}, which ${why}.`,
      { path, reason: "sensitive-file" },
    );
  }
}

/** `secret`: the path is inside a root but is one of the user's secrets (consentRoots.ts). */
function denied(doing: "reading" | "writing", path: string, view: ConsentView, secret?: string): Error {
  if (secret !== undefined)
    return new RequestError(
      PERMISSION_DENIED,
      `Permission denied: the user did not allow ${doing} ${path}, which ${secret}.`,
      {
        path,
        reason: "sensitive-file",
      },
    );
  const where = view.noFolder
    ? "here: no folder is open, so every path is outside the workspace"
    : view.broad
      ? "here: the open folder is the home folder, a parent of it or a filesystem root, so nothing in it counts as the workspace"
      : "outside the workspace";
  return new RequestError(PERMISSION_DENIED, `Permission denied: the user did not allow ${doing} ${where} (${path}).`, {
    path,
    reason: view.noFolder ? "no-folder" : view.broad ? "broad-folder" : "outside-workspace",
  });
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
  return Buffer.byteLength(part, "utf8") > maxBytes
    ? { kind: "too-large", part: !whole }
    : { kind: "text", text: part };
}
