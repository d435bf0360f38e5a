import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { SettingsSection } from "../../components/ui/section";
import { trpc } from "../../lib/trpc";

/** Once approved: where and how to call the API, next to the key that does it. */
export function ApiGuide() {
  const { t } = useTranslation();
  const status = trpc.apiSettings.keyStatus.useQuery();
  const endpoint = `${window.location.origin}/graphql`;
  return (
    <SettingsSection id="api-guide" title={t("plans.api.applicationTitle")}>
      <div className="space-y-3 text-sm text-slate-700">
        <Alert tone="success">{t("plans.api.approved")}</Alert>
        <p>{t("apiSettings.guide", { endpoint })}</p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100">
          {`curl ${endpoint} \\\n  -H "Authorization: Bearer <API key>" \\\n  -H "Content-Type: application/json" \\\n  -d '{"query":"{ shippingLines { code label } }"}'`}
        </pre>
        {status.data ? <p>{t("apiSettings.rateLimit", { limit: status.data.rateLimitPerMinute })}</p> : null}
        <p>
          <a
            className="font-medium text-blue-700 underline hover:text-blue-800"
            href="/graphql/schema.graphql"
          >
            {t("apiSettings.schema")}
          </a>
        </p>
      </div>
    </SettingsSection>
  );
}
