/**
 * A flood of consent questions (issue 26 item 1): one agent connection has at most one question
 * open; the others are refused at once with an error the agent can read (or, for the same read,
 * share its answer); "deny all for this turn" refuses the rest of the turn without asking, until
 * the next turn starts; and what was refused without asking is written into the transcript.
 * Through AgentServices, as the panel wires it: files, the VS Code tools and URL elicitation share
 * the one gate.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { AgentServices } from "../../src/acp/client/session/agentServices";
import { ConsentGate, DENY_TURN, type DenyTurn } from "../../src/acp/client/callbacks/consentGate";
import { PathGrants } from "../../src/acp/client/callbacks/pathGrants";
import { ToolInputError, ToolPaths } from "../../src/acp/client/mcpTools/toolPaths";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { DiskFiles } from "../support/diskFiles";
import { Cleanup } from "../support/hostHarness";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";
import type { ConsentPrompt, ReadConsent } from "../../src/acp/ports";

const signal = new AbortController().signal;
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** A consent prompt that stays open until the test answers it, like a modal dialog. */
class HeldConsent implements ConsentPrompt {
  readonly asked: string[] = [];
  private answers: ((answer: ReadConsent | boolean) => void)[] = [];

  /** Answers the question that is open now. */
  answer(answer: ReadConsent | boolean): void {
    const pending = this.answers;
    this.answers = [];
    for (const resolve of pending) resolve(answer);
  }

  private hold<T>(question: string): Promise<T> {
    this.asked.push(question);
    return new Promise((resolve) => this.answers.push((answer) => resolve(answer as T)));
  }

  allowReadOutsideWorkspace(_agent: string, path: string): Promise<ReadConsent> {
    return this.hold(`read ${path}`);
  }
  allowWriteOutsideWorkspace(_agent: string, path: string): Promise<boolean | DenyTurn> {
    return this.hold(`outside ${path}`);
  }
  allowSensitiveWrite(_agent: string, path: string): Promise<boolean | DenyTurn> {
    return this.hold(`sensitive ${path}`);
  }
  allowOverwriteUnsaved(_agent: string, path: string): Promise<boolean | DenyTurn> {
    return this.hold(`unsaved ${path}`);
  }
}

interface Settled {
  readonly ok: boolean;
  readonly reason?: string;
  readonly message?: string;
}

function settle(promise: Promise<unknown>): Promise<Settled> {
  return promise.then(
    () => ({ ok: true }),
    (error: { message?: string; data?: { reason?: string } }) => ({
      ok: false,
      ...(error.data?.reason === undefined ? {} : { reason: error.data.reason }),
      ...(error.message === undefined ? {} : { message: error.message }),
    }),
  );
}

/** Waits until the open prompt has been shown `count` times in all. */
const askedTimes = (consent: HeldConsent, count: number) =>
  waitFor(
    () => consent.asked.length,
    (asked) => asked >= count,
    `${count} prompt(s)`,
  );

function setup(count = 60) {
  const root = realpathSync(scratchDir("acp-flood-ws-"));
  const outside = realpathSync(scratchDir("acp-flood-out-"));
  for (let index = 1; index <= count; index++) writeFileSync(join(outside, `f${index}.txt`), `secret ${index}\n`);
  const consent = new HeldConsent();
  const urlsAsked: string[] = [];
  const notices: { sessionId: string; title: string }[] = [];
  const dispatch = (sessionId: string, action: ThreadAction) => {
    if (action.type === "acp/update" && action.update.sessionUpdate === "notice")
      notices.push({ sessionId, title: String(action.update.title) });
  };
  let ids = 0;
  const services = new AgentServices({
    agent: "Flooder",
    ports: {
      files: new DiskFiles(),
      consent,
      urls: {
        confirmAndOpen: async (_agent, _message, url) => {
          urlsAsked.push(url);
          return false;
        },
      },
    },
    dispatch,
    newId: () => `id-${++ids}`,
    roots: () => [root],
  });
  cleanup.add(() => services.dispose());
  const fs = services.callbacks.fs!;
  const read = (index: number) => fs.readTextFile({ sessionId: "s", path: join(outside, `f${index}.txt`) }, signal);
  const flood = (from = 1, to = count) =>
    Array.from({ length: to - from + 1 }, (_, offset) => settle(read(from + offset)));
  return { outside, consent, services, read, flood, notices, urlsAsked };
}

test("60 reads outside the workspace at once: one prompt; the other 59 are refused at once, saying why", async () => {
  const { consent, flood, notices } = setup();
  const settled: Settled[] = [];
  const answers = flood().map((answer) =>
    answer.then((value) => {
      settled.push(value);
      return value;
    }),
  );
  // The 59 are answered while the one question is still open.
  await waitFor(
    () => settled.length,
    (count) => count === 59,
    "59 reads answered while the prompt is open",
  );
  assert.equal(consent.asked.length, 1, "exactly one prompt shown");
  for (const answer of settled) {
    assert.equal(answer.ok, false);
    assert.equal(answer.reason, "consent-busy");
    assert.match(answer.message ?? "", /without asking: the user is answering another request from Flooder/);
  }
  consent.answer("file");
  const all = await Promise.all(answers);
  assert.equal(all.filter((answer) => answer.ok).length, 1, "the read asked about got its answer");
  assert.deepEqual(
    notices.map((notice) => notice.title),
    ["Refused 59 more requests from Flooder while you were answering one"],
    "the refusals without asking are in the transcript",
  );
});

test("the same read sent twice while its question is open shares the one answer", async () => {
  const { consent, read } = setup(1);
  const both = [settle(read(1)), settle(read(1))];
  await askedTimes(consent, 1);
  consent.answer("file");
  assert.deepEqual(await Promise.all(both), [{ ok: true }, { ok: true }]);
  assert.equal(consent.asked.length, 1, "asked once for both");
});

test("deny all for this turn: no further prompt until the next turn, and the refusals are recorded", async () => {
  const { consent, services, read, flood, notices } = setup(5);
  services.turnStarted("s");
  const first = settle(read(1));
  await askedTimes(consent, 1);
  consent.answer(DENY_TURN);
  assert.equal((await first).ok, false, "the question answered DENY_TURN is denied");
  assert.ok(notices.some((notice) => notice.title === "Every request from Flooder is refused until your next message"));

  const later = await Promise.all(flood(2, 5));
  assert.equal(consent.asked.length, 1, "no prompt after deny all for this turn");
  assert.ok(later.every((answer) => !answer.ok && answer.reason === "denied-for-turn"));
  services.turnEnded();
  assert.equal(
    notices.at(-1)?.title,
    "Refused 4 requests from Flooder without asking (denied for this turn)",
    "the turn's automatic denials are recorded when it ends",
  );

  services.turnStarted("s");
  const next = settle(read(2));
  await askedTimes(consent, 2); // the next turn asks again
  consent.answer("deny");
  assert.equal((await next).reason, "outside-workspace");
  const again = settle(read(3));
  await askedTimes(consent, 3); // a plain Deny lets the agent ask again
  consent.answer("deny");
  assert.equal((await again).ok, false);
});

test("a URL to open and a write, while a read's question is open, are refused without asking", async () => {
  const { outside, consent, services, read, urlsAsked } = setup(1);
  const open = settle(read(1));
  await askedTimes(consent, 1);
  const url = await services.forms.create(
    {
      sessionId: "s",
      mode: "url",
      message: "Sign in",
      url: "https://example.com/login",
    } as acp.CreateElicitationRequest,
    signal,
  );
  assert.deepEqual(url, { action: "decline" });
  assert.deepEqual(urlsAsked, [], "the URL was not asked about");
  const write = await settle(
    services.callbacks.fs!.writeTextFile({ sessionId: "s", path: join(outside, "new.txt"), content: "x" }, signal),
  );
  assert.equal(write.reason, "consent-busy");
  assert.deepEqual(consent.asked, [`read ${join(outside, "f1.txt")}`]);
  consent.answer("deny");
  await open;
});

test("the VS Code tools' reads go through the same gate as fs/read_text_file", async () => {
  const outside = realpathSync(scratchDir("acp-flood-tools-"));
  writeFileSync(join(outside, "a.ts"), "export {}\n");
  writeFileSync(join(outside, "b.ts"), "export {}\n");
  const consent = new HeldConsent();
  const gate = new ConsentGate("Flooder");
  const paths = new ToolPaths({
    agent: "Flooder",
    roots: () => [],
    sessionId: () => "s",
    consent,
    grants: new PathGrants().scope("Flooder"),
    gate,
  });
  const first = paths.checkInput(join(outside, "a.ts"));
  await askedTimes(consent, 1);
  await assert.rejects(paths.checkInput(join(outside, "b.ts")), ToolInputError);
  assert.equal(consent.asked.length, 1);
  consent.answer(DENY_TURN);
  await assert.rejects(first, /did not allow reading/);
  await assert.rejects(paths.checkInput(join(outside, "b.ts")), /denied every request from Flooder/);
  assert.equal(consent.asked.length, 1);
  gate.turnStarted("s");
  const next = paths.checkInput(join(outside, "b.ts"));
  await askedTimes(consent, 2); // the next turn asks again
  consent.answer("deny");
  await assert.rejects(next, ToolInputError);
});

test("the notices are in the user's language; what the agent is told stays English", async () => {
  const notices: string[] = [];
  const gate = new ConsentGate(
    "Flooder",
    (_session, title) => notices.push(title),
    (message, ...args) => `[zh] ${message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)]))}`,
  );
  let answer: (value: ReadConsent) => void = () => undefined;
  const first = gate.ask<ReadConsent>({
    sessionId: "s",
    key: "read /a",
    ask: () => new Promise((resolve) => (answer = resolve)),
    denial: "deny",
  });
  const busy = gate.ask<ReadConsent>({ sessionId: "s", key: "read /b", ask: async () => "file", denial: "deny" });
  await assert.rejects(busy, /^Error: Permission denied without asking: the user is answering another request/);
  answer(DENY_TURN);
  assert.equal(await first, DENY_TURN);
  assert.deepEqual(notices, [
    "[zh] Refused 1 more request from Flooder while you were answering one",
    "[zh] Every request from Flooder is refused until your next message",
  ]);
});
