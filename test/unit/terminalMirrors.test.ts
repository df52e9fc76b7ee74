/**
 * Issue 26 item 9, agent terminals as VS Code terminal mirrors: a mirror goes with its terminal's
 * release (and there are never more than a cap of them), the echoed command can't carry control
 * sequences that redraw the screen, and the command is shown before its process starts.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { TerminalManager } from "../../src/acp/client/callbacks/terminalManager";
import {
  MAX_TERMINAL_MIRRORS,
  TerminalMirrorSet,
  TerminalOutputFilter,
  visibleCommand,
} from "../../src/acp/client/callbacks/terminalMirrorSet";
import { cpuMillis } from "../support/cpuMillis";

const managers: TerminalManager[] = [];
after(async () => Promise.all(managers.map((m) => m.dispose())));
const never = new AbortController().signal;

/** A mirror set over views that record what they were shown and whether they were disposed. */
function mirrors(cap?: number) {
  const views: Array<{ name: string; text: string; disposed: boolean }> = [];
  const set = new TerminalMirrorSet((name, header) => {
    const view = { name, text: header, disposed: false };
    views.push(view);
    return {
      write: (text) => void (view.text += text),
      dispose: () => void (view.disposed = true),
    };
  }, cap);
  return { set, views, live: () => views.filter((view) => !view.disposed).length };
}

test("a create/release loop leaves no mirror behind: each goes with its terminal's release", async () => {
  const { set, views, live } = mirrors();
  const m = new TerminalManager({ defaultCwd: () => tmpdir(), events: set.events });
  managers.push(m);
  for (let index = 0; index < 30; index++) {
    const { terminalId } = await m.create({ sessionId: "s", command: "true" });
    await m.waitForExit({ sessionId: "s", terminalId }, never);
    await m.release({ sessionId: "s", terminalId });
  }
  assert.equal(views.length, 30);
  assert.equal(live(), 0, "every released terminal's mirror is disposed");
  assert.equal(set.size, 0);
  const { terminalId } = await m.create({ sessionId: "t", command: "sleep 30" });
  assert.ok(terminalId);
  await m.releaseSession("t");
  assert.equal(live(), 0, "a session's end releases its mirrors too");
});

test("two agents' terminals with the same id are two mirrors: releasing one leaves the other", () => {
  const { set, views } = mirrors();
  set.events.created?.("session-of-a", "term-1", "npm test");
  set.events.created?.("session-of-b", "term-1", "cargo build");
  assert.deepEqual(
    views.map((view) => view.disposed),
    [false, false],
  );
  set.events.released?.("session-of-a", "term-1");
  assert.deepEqual(
    views.map((view) => view.disposed),
    [true, false],
  );
});

test("mirrors are capped: the oldest is disposed when one more is made", () => {
  const { set, views, live } = mirrors();
  for (let index = 0; index < 300; index++) set.events.created?.("s", `term-${index}`, `echo ${index}`);
  assert.equal(live(), MAX_TERMINAL_MIRRORS);
  assert.equal(views[0]!.disposed, true);
  assert.equal(views.at(-1)!.disposed, false);
  set.events.output?.("s", "term-0", "late output for a disposed mirror");
  assert.doesNotMatch(views[0]!.text, /late output/);
});

test("control sequences and bidi controls in the command are shown, never obeyed", () => {
  const hostile = "ls\x1b[2J\x1b[H\x1b]0;title\x07\r\u202Efdp.exe\x9b31m\x00 done";
  const shown = visibleCommand(hostile);
  assert.doesNotMatch(shown, /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  assert.match(shown, /^ls\\x1b\[2J\\x1b\[H\\x1b\]0;title\\x07\\x0d\\u202efdp\.exe\\x9b31m\\x00 done$/);
  const { set, views } = mirrors();
  set.events.created?.("s", "term-1", `${hostile}\nsecond line`);
  const view = views[0]!;
  assert.doesNotMatch(view.text, /\x1b\[2J|\x1b\[H|\x1b\]|\u202e|\x9b|\x00|\r(?!\n)/, "only the mirror's own styling");
  assert.doesNotMatch(view.name, /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  assert.match(views[0]!.text, /second line/, "a multi-line command is shown on several lines");
});

test("the command is shown before its process starts", async () => {
  const seen: Array<{ command: string; running: number }> = [];
  const m: TerminalManager = new TerminalManager({
    defaultCwd: () => tmpdir(),
    events: { created: (_s, _id, command) => void seen.push({ command, running: m.runningPids().length }) },
  });
  managers.push(m);
  const { terminalId } = await m.create({ sessionId: "s", command: "sleep", args: ["30"] });
  assert.deepEqual(seen, [{ command: "sleep 30", running: 0 }], "no process ran yet when the command was shown");
  await m.release({ sessionId: "s", terminalId });
});

test("the program's output can colour and redraw its own line, but never reach the echoed command above it", () => {
  const filter = new TerminalOutputFilter();
  const hostile =
    "\x1b[2J\x1b[H$ ls\x1b[31mred\x1b[0m\x1b[1A\x1b[3;1f\x1bM\x1b7\x1b(B\x1b]0;title\x07\x1b]52;c;aGk=\x1b\\" +
    "\x1b[?1049h\x1bP1$r\x1b\\\x9b2J\x07done 50%\r\x1b[Kdone 100%\x1b[10G!\n";
  assert.equal(filter.feed(hostile), "$ ls\x1b[31mred\x1b[0mdone 50%\r\x1b[Kdone 100%\x1b[10G!\n");
  assert.equal(filter.feed("\x9d0;title\x9cok\x90q\x1b\\!"), "ok!", "8-bit OSC and DCS");
  // A sequence split between chunks is judged whole.
  assert.equal(filter.feed("a\x1b["), "a");
  assert.equal(filter.feed("2"), "");
  assert.equal(filter.feed("Jb\x1b[3"), "b");
  assert.equal(filter.feed("2mc"), "\x1b[32mc");
  assert.equal(filter.feed("\x1b]0;never ends"), "");
  assert.equal(filter.feed(`${"x".repeat(5000)}\x07after`), "after", "an OSC split over chunks is dropped whole");
  const { set, views } = mirrors();
  set.events.created?.("s", "term-1", "make");
  set.events.output?.("s", "term-1", "\x1b[2J\x1b[Hfake prompt\n");
  assert.equal(views[0]!.text.endsWith("fake prompt\r\n"), true);
  assert.doesNotMatch(views[0]!.text, /\x1b\[2J|\x1b\[H/);
});

test("output full of unterminated OSC and DCS introducers is filtered in linear time (no extension-host stall)", () => {
  // 64 KiB of `ESC ]` took the old filter about 23 s (each introducer searched the rest of the chunk for its end).
  const chunk = (unit: string) => unit.repeat(65536 / unit.length);
  let outputs: string[] = [];
  const elapsed = cpuMillis(
    () =>
      (outputs = ["\x1b]", "\x1bP", "\x9d", "\x1b]x\x1bPy"].map((unit) =>
        new TerminalOutputFilter().feed(chunk(unit)),
      )),
  );
  // The introducers go; what follows them stays as text (the last, unfinished one waits for more).
  assert.deepEqual(
    outputs.map((out) => /[\x1b\x9d]/.test(out)),
    [false, false, false, false],
  );
  assert.ok(/^\]{28000,}$/.test(outputs[0]!) && /^P{28000,}$/.test(outputs[1]!) && outputs[2] === "");
  assert.ok(/^(\]xPy){10000,}/.test(outputs[3]!));
  assert.ok(elapsed < 1500, `took ${Math.round(elapsed)} ms`);
});
