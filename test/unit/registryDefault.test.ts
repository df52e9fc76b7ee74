/**
 * Where "ACP: Add Agent from Registry…" reads the index: the user's `acpPanel.registry`, else the
 * public ACP registry (the setting's default in package.json says the same), with an override of
 * that default for the offline e2e.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  DEFAULT_REGISTRY_ENV,
  PUBLIC_REGISTRY_INDEX,
  registryIndexLocation,
  registrySourceOf,
} from "../../src/acp/agents/registrySource";

test("with no setting the registry command reads the public ACP registry index", () => {
  assert.equal(PUBLIC_REGISTRY_INDEX, "https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json");
  assert.equal(registryIndexLocation(undefined, {}), PUBLIC_REGISTRY_INDEX);
  assert.equal(registryIndexLocation("   ", {}), PUBLIC_REGISTRY_INDEX, "a blank setting is no setting");
  assert.equal(registrySourceOf(registryIndexLocation(undefined, {})).kind, "remote");
});

test("the user's setting wins; the default can be moved (offline tests), never a set value", () => {
  assert.equal(
    registryIndexLocation(" /mirror/registry.json ", { [DEFAULT_REGISTRY_ENV]: "/other.json" }),
    "/mirror/registry.json",
  );
  assert.equal(
    registryIndexLocation(undefined, { [DEFAULT_REGISTRY_ENV]: "/local/registry.json" }),
    "/local/registry.json",
  );
  assert.equal(registryIndexLocation(undefined, { [DEFAULT_REGISTRY_ENV]: "" }), PUBLIC_REGISTRY_INDEX);
});

test("package.json shows the public index as the setting's default", () => {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
  };
  assert.equal(manifest.contributes.configuration.properties["acpPanel.registry"]?.default, PUBLIC_REGISTRY_INDEX);
});
