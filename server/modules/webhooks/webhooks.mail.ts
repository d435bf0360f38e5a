import { and, eq } from "drizzle-orm";
import { type Language, ROLE_IDS } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import type { ServiceContext } from "../../core/context";
import { companies, users } from "../../db/schema";
import { queueRenderedEmailsOnce, type RenderedEmail } from "../mail/mail.internal";
import { renderHtmlLayout, renderTextLayout } from "../mail/mail.layout";
import { formatUtc, type MailContent } from "../mail/mail.templates";

// The e-mail to a company's Admins when deliveries to an endpoint were stopped after failing for
// days; texts in shared/i18n/<lang>/mail.ts under webhookDisabled.

export function renderWebhookDisabledMail(input: {
  to: string;
  name: string;
  lang: Language;
  companyId: string;
  companyName: string;
  endpointUrl: string;
  since: Date;
  settingsUrl: string;
  dedupeKey: string;
}): RenderedEmail {
  const { lang } = input;
  const params = {
    appName: translate(lang, "common.appName"),
    companyName: input.companyName,
    // Only the origin and path: a query string may hold the customer's own tokens.
    endpointUrl: endpointLabel(input.endpointUrl),
    since: formatUtc(input.since, lang),
  };
  const t = (key: string) => translate(lang, `mail.webhookDisabled.${key}`, params);
  const content: MailContent = {
    lang,
    subject: t("subject").replace(/\s*[\r\n]+\s*/g, " "),
    greeting: translate(lang, "mail.layout.greeting", { name: input.name }),
    intro: t("intro"),
    action: { label: t("action"), url: input.settingsUrl },
    linkFallback: translate(lang, "mail.layout.linkFallback"),
    note: t("note"),
    footer: translate(lang, "mail.layout.footer", params),
  };
  return {
    to: [input.to],
    subject: content.subject,
    text: renderTextLayout(content),
    html: renderHtmlLayout(content),
    template: "webhooks.disabled",
    lang,
    companyId: input.companyId,
    dedupeKey: input.dedupeKey,
  };
}

export function endpointLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Mails every Admin of the company, once per disabling (the dedupe key names it). */
export async function mailAdminsEndpointDisabled(
  ctx: ServiceContext,
  input: {
    companyId: string;
    endpointId: string;
    endpointUrl: string;
    since: Date;
    disabledAt: Date;
    appUrl: string;
  },
): Promise<void> {
  const [company] = await ctx.db
    .select({ name: companies.companyName })
    .from(companies)
    .where(eq(companies.id, input.companyId));
  if (!company) return;
  const admins = await ctx.db
    .select({ id: users.id, email: users.email, nickname: users.nickname, language: users.language })
    .from(users)
    .where(and(eq(users.companyId, input.companyId), eq(users.roleId, ROLE_IDS.ADMIN)));
  const settingsUrl = new URL("/app/console/api", input.appUrl).href;
  await queueRenderedEmailsOnce(
    ctx,
    admins.map((admin) =>
      renderWebhookDisabledMail({
        to: admin.email,
        name: admin.nickname,
        lang: admin.language,
        companyId: input.companyId,
        companyName: company.name,
        endpointUrl: input.endpointUrl,
        since: input.since,
        settingsUrl,
        dedupeKey: `webhooks.disabled:${input.endpointId}:${input.disabledAt.toISOString()}:${admin.id}`,
      }),
    ),
  );
}
