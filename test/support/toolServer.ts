/**
 * The VS Code tools behind the minimal MCP server, as agent "A" in session "s" sees them: answers
 * from a FakeIntelligence, paths outside `root` asked about through a ScriptedConsent.
 */
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { McpToolServer } from "../../src/acp/client/mcpTools/mcpToolServer";
import { ToolPaths } from "../../src/acp/client/mcpTools/toolPaths";
import { VscodeToolset } from "../../src/acp/client/mcpTools/vscodeToolset";
import { PathGrants } from "../../src/acp/client/callbacks/pathGrants";
import type { ConsentGate } from "../../src/acp/client/callbacks/consentGate";
import { ScriptedConsent, type ScriptedAnswers } from "./diskFiles";
import { FakeIntelligence, writeSampleWorkspace } from "./fakeIntelligence";
import { scratchDir } from "./scratchDir";

export function toolServer(root: string, intelligence: FakeIntelligence, answers: ScriptedAnswers, gate?: ConsentGate) {
  const consent = new ScriptedConsent(answers);
  const grants = new PathGrants();
  const paths = new ToolPaths({
    agent: "A",
    roots: () => [root],
    sessionId: () => "s",
    consent,
    grants: grants.scope("A"),
    ...(gate ? { gate } : {}),
  });
  const mcp = new McpToolServer(new VscodeToolset({ port: intelligence, paths, roots: () => [root] }));
  /** `tools/call`: the result's text, whether it is an error, and whether it was cut short. */
  const call = async (name: string, args: object = {}) => {
    const outcome = await mcp.dispatch("tools/call", { name, arguments: args });
    assert.ok("result" in outcome, `tools/call ${name} failed: ${JSON.stringify(outcome)}`);
    const result = outcome.result as {
      content: Array<{ text: string }>;
      isError?: boolean;
      _meta?: { truncated: boolean };
    };
    return {
      text: result.content.map((part) => part.text).join("\n"),
      isError: result.isError === true,
      truncated: result._meta?.truncated,
    };
  };
  return { consent, grants, mcp, call };
}

/** The tools over a fresh scratch workspace of the sample files, answered by a FakeIntelligence on it. */
export function sampleToolServer(answers: ScriptedAnswers = {}) {
  const root = realpathSync(scratchDir("acp-tools-ws-"));
  const files = writeSampleWorkspace(root);
  const intelligence = new FakeIntelligence(root);
  const { consent, grants, mcp, call } = toolServer(root, intelligence, answers);
  return { root, files, intelligence, consent, grants, mcp, call };
}
