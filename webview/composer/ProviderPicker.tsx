/**
 * The agent's LLM providers (unstable ACP `providers/*`), next to the model picker, only when
 * the agent offers them: one disclosure per provider showing its current routing ("anthropic"
 * or "off"), with an API type (from what the provider supports) and a base URL to apply, and
 * Disable for a provider that is on and not required.
 */
import { memo, useState, type SubmitEvent } from "react";
import type { ProviderView } from "../../src/shared/thread/thread";
import { useHostActions, usePanel } from "../host/hooks";
import { t } from "../l10n";

export function ProviderPicker() {
  const providers = usePanel((state) => state.thread.providers);
  if (!providers || providers.length === 0) return null;
  return (
    <>
      {providers.map((provider) => (
        <Provider key={provider.providerId} provider={provider} />
      ))}
    </>
  );
}

const Provider = memo(function Provider({ provider }: { provider: ProviderView }) {
  const { setProvider, disableProvider } = useHostActions();
  const { providerId, current, supported, required } = provider;
  const [apiType, setApiType] = useState(current?.apiType ?? supported[0] ?? "");
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? "");
  const valid = apiType !== "" && URL.canParse(baseUrl);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (valid) setProvider(providerId, apiType, baseUrl);
  };
  return (
    <details className="provider-picker" role="group" aria-label={t("Provider {0}", providerId)}>
      <summary title={current ? t("{0} at {1}", current.apiType, current.baseUrl) : t("{0} is off", providerId)}>
        {current ? t("Provider {0}: {1}", providerId, current.apiType) : t("Provider {0}: off", providerId)}
      </summary>
      <form className="provider-form" onSubmit={submit}>
        <select aria-label={t("API type")} value={apiType} onChange={(event) => setApiType(event.currentTarget.value)}>
          {supported.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <input
          type="url"
          aria-label={t("Base URL")}
          placeholder="https://…"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.currentTarget.value)}
        />
        <div className="provider-actions">
          <button type="submit" className="text-button" disabled={!valid}>
            {t("Apply")}
          </button>
          {current && !required ? (
            <button type="button" className="text-button" onClick={() => disableProvider(providerId)}>
              {t("Disable")}
            </button>
          ) : null}
        </div>
      </form>
    </details>
  );
});
