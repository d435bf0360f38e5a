import { eq } from "drizzle-orm";
import type { Language } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import type { ServiceContext } from "../../core/context";
import { companies, users } from "../../db/schema";
import { queueRenderedEmailsOnce, type RenderedEmail } from "../mail/mail.internal";
import { renderHtmlLayout, renderTextLayout } from "../mail/mail.layout";
import { languageOfUserWithEmail } from "../mail/mail.queries";
import type { MailContent } from "../mail/mail.templates";

// "A file was shared with you": to each address newly added to a file's share list, in the
// recipient's language, with the sender's optional message and the share page's link. Texts in
// shared/i18n/<lang>/attachments.ts under "mail".

export interface ShareNotification {
  appUrl: string;
  attachment: { id: string; filename: string; companyId: string };
  shipment: { title: string | null; trackingNumber: string; shareToken: string };
  senderId: string;
  recipients: { id: string; email: string }[];
  message: string | null;
}

function render(
  lang: Language,
  to: string,
  params: Record<string, string>,
  message: string | null,
  link: string,
): Pick<RenderedEmail, "subject" | "text" | "html"> {
  const all = { appName: translate(lang, "common.appName"), ...params };
  const t = (key: string) => translate(lang, `attachments.mail.${key}`, all);
  const content: MailContent = {
    lang,
    // A header: a filename must not break it into several lines.
    subject: t("subject").replace(/\s*[\r\n]+\s*/g, " "),
    greeting: translate(lang, "mail.layout.greetingAnonymous"),
    intro: message ? `${t("intro")}\n\n${t("messageLabel")}\n${message}` : t("intro"),
    action: { label: t("action"), url: link },
    linkFallback: translate(lang, "mail.layout.linkFallback"),
    note: translate(lang, "attachments.mail.note", { ...all, email: to }),
    footer: translate(lang, "mail.layout.footer", all),
  };
  return { subject: content.subject, text: renderTextLayout(content), html: renderHtmlLayout(content) };
}

export async function queueShareNotifications(ctx: ServiceContext, n: ShareNotification): Promise<number> {
  const [sender] = await ctx.db
    .select({ nickname: users.nickname, companyName: companies.companyName })
    .from(users)
    .innerJoin(companies, eq(companies.id, n.attachment.companyId))
    .where(eq(users.id, n.senderId));
  const link = `${n.appUrl.replace(/\/$/, "")}/app/share/${encodeURIComponent(n.shipment.shareToken)}`;
  const params = {
    sender: sender?.nickname ?? "",
    companyName: sender?.companyName ?? "",
    filename: n.attachment.filename,
    shipment: n.shipment.title?.trim() ? n.shipment.title : n.shipment.trackingNumber,
  };
  const messages: RenderedEmail[] = [];
  for (const recipient of n.recipients) {
    const lang = (await languageOfUserWithEmail(ctx.db, recipient.email)) ?? ctx.lang;
    messages.push({
      to: [recipient.email],
      ...render(lang, recipient.email, params, n.message?.trim() || null, link),
      template: "attachments.shared",
      lang,
      companyId: n.attachment.companyId,
      // The share row is new each time an address is added; whether it is mailed again is decided
      // before (once a day per file and address, attachments.mail-limits).
      dedupeKey: `attachments.shared:${n.attachment.id}:${recipient.id}`,
    });
  }
  return queueRenderedEmailsOnce(ctx, messages);
}
