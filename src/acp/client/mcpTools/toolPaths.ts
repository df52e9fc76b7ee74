/**
 * The workspace rules of `fs/*` (fileSystemCallbacks.ts), for the paths the VS Code tools take and
 * return:
 * - a path the agent names is resolved (symlinks included); outside the roots the user is asked,
 *   with the same prompt and the same session grants as `fs/read_text_file` (a grant given to
 *   one serves the other);
 * - a location the tools would return outside the roots (a definition in a library under ~, a
 *   symbol in another checkout) is left out unless a grant already covers it, and the result says
 *   how many were left out: asking once per returned location would flood the user with prompts;
 * - a file is opened only when fs/read_text_file would read it whole: a regular file within the
 *   read cap (VS Code loads a document entirely; a 400 MB log would sit in the extension host).
 * Sensitive files inside the roots (`.env`, `.git/`…) are readable through `fs/*` too: only writes
 * ask for them, and these tools never write. As for `fs/*`, a root that is the home folder (or a
 * parent, or a filesystem root) is no root, and ~/.ssh, ~/.config & co. are never inside
 * (consentRoots.ts).
 */
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ConsentGate, ConsentRefused } from "../callbacks/consentGate";
import { SourceScan, type ReferenceCache } from "./outsideSources";
import { wholeReadRefusal } from "../callbacks/boundedRead";
import { DEFAULT_MAX_READ_BYTES } from "../callbacks/fileSystemCallbacks";
import { grantableFolder, type GrantScope } from "../callbacks/pathGrants";
import { resolveAgentPath, type ResolvedPath } from "../../platform/workspacePaths";
import { consentRoots, homeSecretReason } from "../../platform/consentRoots";
import type { ConsentPrompt, ReadConsent } from "../../ports";

/** Whose tools they are and what they may reach: the same for the servers and for the paths they open. */
export interface ToolReach {
  readonly agent: string;
  readonly roots: () => readonly string[];
  /** The session the tools serve: grants are per session. */
  readonly sessionId: () => string;
  readonly consent: Pick<ConsentPrompt, "allowReadOutsideWorkspace">;
  readonly grants: GrantScope;
  /** The connection's gate, shared with `fs/*`: one question at a time (default: private). */
  readonly gate?: ConsentGate;
}

export interface ToolPathOptions extends ToolReach {
  /** The user's home folder (default: the process's). */
  readonly home?: string;
  /** The size cap of a file the tools open (default: fs/read_text_file's). */
  readonly maxReadBytes?: number;
}

/** Prompts one call may raise about the outside files a project reaches (each answer can cover more). */
const MAX_SOURCE_PROMPTS = 3;

/** A tool input the tools refuse: reported to the model as a tool error, not a protocol error. */
export class ToolInputError extends Error {}

export class ToolPaths {
  private readonly gate: ConsentGate;
  /** What each project file referenced, while unchanged: a hover after the first is quick. */
  private readonly references: ReferenceCache = new Map();

  constructor(private readonly options: ToolPathOptions) {
    this.gate = options.gate ?? new ConsentGate(options.agent);
  }

  /** Checks a path the agent sent; returns it normalised, or throws ToolInputError. */
  async checkInput(path: string): Promise<string> {
    const { roots, sessionId, grants } = this.options;
    const noFolder = roots().length === 0;
    let resolved;
    try {
      resolved = await this.resolve(path);
    } catch (error) {
      throw new ToolInputError(error instanceof Error ? error.message : String(error));
    }
    if (!resolved.exists) throw new ToolInputError(`no such file: ${path}`);
    // VS Code would load the whole file into memory: refuse what fs/read_text_file refuses.
    const refusal = await wholeReadRefusal(resolved.real, this.options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES);
    if (refusal !== undefined) throw new ToolInputError(refusal);
    if (resolved.insideRoots || grants.allowsRead(sessionId(), resolved.real)) return resolve(path);
    const answer = await this.askRead(resolved.real, path);
    if (answer === "deny" || answer === "deny-turn") {
      throw new ToolInputError(
        `Permission denied: the user did not allow reading ${noFolder ? "here: no folder is open, so every path is outside the workspace" : "outside the workspace"} (${path}).`,
      );
    }
    if (grants.allowsRead(sessionId(), resolved.real)) return resolve(path); // shared another read's answer
    const folder = answer === "folder" ? grantableFolder(resolved.real) : undefined;
    if (folder === undefined) grants.grantRead(sessionId(), "file", resolved.real);
    else grants.grantRead(sessionId(), "folder", folder);
    return resolve(path);
  }

  /** The read question, through the connection's gate (one at a time, "deny all this turn"). */
  private async askRead(real: string, shownPath: string): Promise<ReadConsent> {
    const { agent, roots, sessionId, consent } = this.options;
    const noFolder = roots().length === 0;
    try {
      return await this.gate.ask({
        sessionId: sessionId(),
        key: `read ${real}`,
        shared: true,
        ask: () => consent.allowReadOutsideWorkspace(agent, real, noFolder),
        denial: "deny",
      });
    } catch (error) {
      throw error instanceof ConsentRefused ? new ToolInputError(`${error.message} (${shownPath})`) : error;
    }
  }

  /**
   * Answers about `file` (`what`: "hover", "problems") come from its whole project, which may reach
   * files outside the roots (outsideSources.ts): each such file the user has not allowed is asked
   * about like a read (same prompt, same grants); a denial, or a project too large to check,
   * is a ToolInputError and VS Code is not asked.
   */
  async checkSources(file: string, what: string): Promise<void> {
    const { sessionId, grants } = this.options;
    for (let asked = 0; asked <= MAX_SOURCE_PROMPTS; asked++) {
      const verdict = await this.scan().verdict(file);
      if (verdict.kind === "unchecked")
        throw new ToolInputError(
          `The ${what} of ${file} is withheld: it could not be checked for text from files outside the workspace (${verdict.reason}).`,
        );
      const source = verdict.outside[0];
      if (source === undefined) return;
      if (asked === MAX_SOURCE_PROMPTS) break;
      const answer = await this.askRead(source, source);
      // Closing the dialog ("deny all this turn") denies too: anything but an explicit allow does.
      if (answer === "deny" || answer === "deny-turn")
        throw new ToolInputError(
          `Permission denied: the ${what} of ${file} can include text from ${source}, which is outside the workspace, and the user did not allow reading it.`,
        );
      const isFolder = (await stat(source).catch(() => undefined))?.isDirectory() === true;
      const folder =
        answer === "folder" || isFolder ? grantableFolder(isFolder ? join(source, "x") : source) : undefined;
      if (folder === undefined) grants.grantRead(sessionId(), "file", source);
      else grants.grantRead(sessionId(), "folder", folder);
    }
    throw new ToolInputError(
      `The ${what} of ${file} is withheld: its project reaches more files outside the workspace than the user was asked about.`,
    );
  }

  /** Keeps the items whose file's answers draw on nothing outside that is not allowed (never asks); counts the others. */
  async withoutOutsideSources<T>(
    items: readonly T[],
    pathOf: (item: T) => string,
  ): Promise<{ kept: T[]; hidden: number }> {
    const scan = this.scan();
    const verdicts = new Map<string, Promise<boolean>>();
    const clean = (path: string) => {
      let verdict = verdicts.get(path);
      if (!verdict) {
        verdict = scan.verdict(path).then((found) => found.kind === "checked" && found.outside.length === 0);
        verdicts.set(path, verdict);
      }
      return verdict;
    };
    const flags: boolean[] = [];
    for (const item of items) flags.push(await clean(pathOf(item)));
    const kept = items.filter((_, index) => flags[index]);
    return { kept, hidden: items.length - kept.length };
  }

  private scan(): SourceScan {
    const { roots, sessionId, grants } = this.options;
    return new SourceScan(roots(), (real) => grants.allowsRead(sessionId(), real), { cache: this.references });
  }

  /** Keeps the items whose path is inside the roots or already granted; counts the others. */
  async filterVisible<T>(
    items: readonly T[],
    pathOf: (item: T) => string | undefined,
  ): Promise<{ kept: T[]; hidden: number }> {
    const verdicts = new Map<string, Promise<boolean>>();
    const visible = (path: string) => {
      let verdict = verdicts.get(path);
      if (!verdict) {
        verdict = this.resolve(path).then(
          (resolved) => resolved.insideRoots || this.options.grants.allowsRead(this.options.sessionId(), resolved.real),
          () => false,
        );
        verdicts.set(path, verdict);
      }
      return verdict;
    };
    const flags = await Promise.all(
      items.map((item) => {
        const path = pathOf(item);
        return path === undefined ? Promise.resolve(true) : visible(path);
      }),
    );
    const kept = items.filter((_, index) => flags[index]);
    return { kept, hidden: items.length - kept.length };
  }

  /** resolveAgentPath over the roots that count for consent; a secret under ~ is never inside. */
  private async resolve(path: string): Promise<ResolvedPath> {
    const { roots, home } = this.options;
    const resolved = await resolveAgentPath(path, consentRoots(roots(), home));
    const secret = resolved.insideRoots && homeSecretReason([path, resolved.real], home) !== undefined;
    return secret ? { ...resolved, insideRoots: false } : resolved;
  }
}
