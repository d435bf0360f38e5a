import type { Language } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import type { RenderedEmail } from "../mail/mail.internal";
import { renderHtmlLayout, renderTextLayout } from "../mail/mail.layout";
import type { MailContent } from "../mail/mail.templates";

// The plans module's messages (to the provider's sales address, to the submitting Admin, and the
// provider's answer to an upgrade request to the company's Admins), in the shared mail layout;
// texts in shared/i18n/<lang>/plans.ts under "mail".

export interface PlansMail {
  to: string;
  lang: Language;
  companyId: string;
  /** Unique per event and recipient, so a retried request queues one message. */
  dedupeKey: string;
  kind: "sales" | "admin" | "api" | "accepted" | "refused";
  params: Record<string, string>;
  /** Greet the person by name (the Admin); the sales desk is greeted anonymously. */
  name?: string;
  /** A button to the console (its label key under plans.mail); the address comes from APP_URL. */
  action?: { labelKey: string; url: string };
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
    ...(mail.action
      ? {
          action: { label: translate(mail.lang, `plans.mail.${mail.action.labelKey}`), url: mail.action.url },
        }
      : {}),
    linkFallback: translate(mail.lang, "mail.layout.linkFallback"),
    // The sales desk is told how to answer the request with the admin CLI.
    note: mail.kind === "sales" ? `${t("Note")}\n\n${t("Action")}` : t("Note"),
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
