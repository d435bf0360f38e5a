import { useTranslation } from "react-i18next";
import { UpdateInvitationDomainsInput } from "../../../../shared/schemas";
import { Badge } from "../../components/ui/badge";
import { SubmitButton } from "../../components/ui/button";
import { TextAreaField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { errorAt, useZodForm } from "../../lib/form";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Settings = RouterOutputs["companies"]["settings"];

function workDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * The invitation domain rule made visible (decision 0043): members are invited only at the work e-mail's
 * domain plus the ones listed here; Admins edit the list, Managers see it.
 */
export function InvitationDomainsSection({ settings, isAdmin }: { settings: Settings; isAdmin: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const update = trpc.companies.updateInvitationDomains.useMutation();
  const form = useZodForm(UpdateInvitationDomainsInput, {
    domains: settings.extraInvitationDomains.join("\n"),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    const done = await run(
      () => update.mutateAsync(input),
      () => t("company.domains.saved"),
    );
    if (done) await utils.companies.settings.invalidate();
  });

  return (
    <SettingsSection
      id="invitation-domains"
      title={t("company.domains.title")}
      description={t("company.domains.description", { domain: workDomain(settings.workEmail) })}
    >
      <p className="text-sm font-medium text-slate-800">{t("company.domains.allowed")}</p>
      <ul aria-label={t("company.domains.title")} className="mt-2 flex flex-wrap gap-1.5">
        {settings.invitationDomains.map((domain) => (
          <li key={domain}>
            <Badge tone="info">{domain}</Badge>
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <form noValidate onSubmit={onSubmit} className="mt-5 grid max-w-lg gap-4">
          <TextAreaField
            label={t("company.domains.label")}
            name="domains"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            placeholder={t("company.domains.placeholder")}
            hint={t("company.domains.hint")}
            value={form.values.domains}
            onValueChange={(v) => form.set("domains", v)}
            error={errorAt(form.errors, "domains")}
          />
          <div>
            <SubmitButton submitting={form.submitting}>{t("common.save")}</SubmitButton>
          </div>
        </form>
      ) : null}
    </SettingsSection>
  );
}
