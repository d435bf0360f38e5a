import type { Language } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { renderHtmlLayout, renderTextLayout } from "../mail/mail.layout";
import type { RenderedEmail } from "../mail/mail.service";
import type { MailContent } from "../mail/mail.templates";

// The plans module's messages (to the provider's sales address and to the submitting Admin), in
// the shared mail layout; texts in shared/i18n/<lang>/plans.ts under "mail".

export interface PlansMail {
  to: string;
  lang: Language;
  companyId: string;
  /** Unique per event and recipient, so a retried request mails once. */
  dedupeKey: string;
  kind: "sales" | "admin" | "api";
  params: Record<string, string>;
  /** Greet the person by name (the Admin); the sales desk is greeted anonymously. */
  name?: string;
}

export function renderPlansMail(mail: PlansMail): RenderedEmail {
  const params = { appName: translate(mail.lang, "common.appName"), ...mail.params };
  const t = (key: string) => translate(mail.lang, `plans.mail.${mail.kind}${key}`, params);
  const content: MailContent = {
    lang: mail.lang,
    subject: t("Subject").replace(/\s*[\r\n]+\s*/g, " "),
    greeting: mail.name
      ? translate(mail.lang, "mail.layout.greeting", { name: mail.name })
      : translate(mail.lang, "mail.layout.greetingAnonymous"),
    intro: t("Intro"),
    linkFallback: translate(mail.lang, "mail.layout.linkFallback"),
    note: t("Note"),
    footer: translate(mail.lang, "mail.layout.footer", params),
  };
  return {
    to: [mail.to],
    subject: content.subject,
    text: renderTextLayout(content),
    html: renderHtmlLayout(content),
    template: `plans.${mail.kind}`,
    lang: mail.lang,
    companyId: mail.companyId,
    dedupeKey: mail.dedupeKey,
  };
}
