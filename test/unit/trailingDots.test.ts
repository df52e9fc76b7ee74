/**
 * Windows drops trailing dots and spaces from a name (`.git. ` is `.git`), so the sensitive-file
 * checks strip them from the agent's path segments; the strip is linear, since `[. ]+$` tried the
 * rest of a run of dots and spaces from each of them (40,000 characters took 6 s on a write request).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { sensitiveReason } from "../../src/acp/client/callbacks/sensitivePaths";
import { homeSecretReason } from "../../src/acp/platform/consentRoots";
import { cpuMillis } from "../support/cpuMillis";

test("trailing dots and spaces are ignored in a segment, in linear time", () => {
  const home = "/home/u";
  assert.ok(sensitiveReason("a/.git. . /config"));
  assert.ok(homeSecretReason([join(home, ".ssh. .", "id_rsa")], home));
  const hostile = `${". ".repeat(20_000)}x`;
  const elapsed = cpuMillis(() => {
    assert.equal(sensitiveReason(`a/${hostile}/b.txt`), undefined);
    assert.equal(homeSecretReason([join(home, hostile, "b.txt")], home), undefined);
  });
  assert.ok(elapsed < 1000, `took ${Math.round(elapsed)} ms`);
});
