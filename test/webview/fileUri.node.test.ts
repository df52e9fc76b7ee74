/** `file:` URIs of id-addressed plans, to the path the host opens. */
import * as assert from "node:assert/strict";
import { it } from "node:test";
import { filePathOf } from "../../webview/ui/fileUri";

it("a file URI becomes its decoded path; a Windows drive loses the leading slash; anything else is no path", () => {
  assert.equal(filePathOf("file:///ws/PLAN%20v2.md"), "/ws/PLAN v2.md");
  assert.equal(filePathOf("file:///C:/ws/PLAN.md"), "C:/ws/PLAN.md");
  assert.equal(filePathOf("https://example.test/plan.md"), undefined);
  assert.equal(filePathOf("not a uri"), undefined);
});
