import type { Language } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { renderHtmlLayout, renderTextLayout } from "./mail.layout";

interface TemplateSpec {
  /** Every parameter the caller must give (texts live in shared/i18n/<lang>/mail.ts). */
  params: readonly string[];
  /** The parameter greeted by name; without it the greeting is anonymous. */
  greet?: string;
  /** The parameter holding the link of the call-to-action button. */
  action?: string;
  /** Parameters that may be ISO timestamps, shown as a date in the recipient's language. */
  dates?: readonly string[];
}

export const MAIL_TEMPLATES = {
  verifyEmail: { params: ["name", "url"], greet: "name", action: "url" },
  passwordReset: { params: ["name", "url"], greet: "name", action: "url" },
  passwordChanged: { params: ["name"], greet: "name" },
  mfaEnabled: { params: ["name"], greet: "name" },
  mfaDisabled: { params: ["name"], greet: "name" },
  /** A sign-up with an address that already has an account: its owner hears of it, nobody else. */
  signupExistingAccount: { params: ["name", "url"], greet: "name", action: "url" },
  invitation: {
    params: ["inviterName", "companyName", "url", "expiresAt"],
    action: "url",
    dates: ["expiresAt"],
  },
  guestInvitation: { params: ["inviterName", "companyName", "teamName", "url"], action: "url" },
  /** To each Admin of a company the provider just approved (Approval Required said they would hear). */
  companyApproved: { params: ["name", "companyName", "url"], greet: "name", action: "url" },
} as const satisfies Record<string, TemplateSpec>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(MAIL_TEMPLATES, name);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The paragraphs of a message in reading order; `action` is the button with its URL. */
export interface MailContent {
  lang: Language;
  subject: string;
  greeting: string;
  intro: string;
  action?: { label: string; url: string };
  linkFallback: string;
  note: string;
  footer: string;
}

/** An instant as e-mails show it: long date and time in UTC, in the reader's language. */
export function formatUtc(at: Date, lang: Language): string {
  const time = new Intl.DateTimeFormat(lang === "ja" ? "ja-JP" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at);
  return translate(lang, "mail.layout.utc", { time });
}

function formatDate(value: string, lang: Language): string {
  const at = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime())) return value;
  return formatUtc(at, lang);
}

/** Links go into href attributes: only web URLs, never javascript: or data: ones. */
function webUrl(value: string, template: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new Error(`mail template ${template}: the link is not an http(s) URL`);
  }
  return value;
}

export function mailContent(
  template: MailTemplate,
  given: Record<string, string>,
  lang: Language,
): MailContent {
  const spec: TemplateSpec = MAIL_TEMPLATES[template];
  const missing = spec.params.filter((name) => typeof given[name] !== "string");
  if (missing.length > 0) throw new Error(`mail template ${template} is missing ${missing.join(", ")}`);

  const params: Record<string, string> = { appName: translate(lang, "common.appName") };
  for (const name of spec.params) params[name] = given[name] ?? "";
  for (const name of spec.dates ?? []) params[name] = formatDate(params[name] ?? "", lang);
  const t = (key: string) => translate(lang, `mail.${template}.${key}`, params);
  const greetName = spec.greet ? params[spec.greet] : undefined;

  return {
    lang,
    // A header: user-given names must not break it into several lines.
    subject: t("subject").replace(/\s*[\r\n]+\s*/g, " "),
    greeting: greetName
      ? translate(lang, "mail.layout.greeting", { name: greetName })
      : translate(lang, "mail.layout.greetingAnonymous"),
    intro: t("intro"),
    ...(spec.action
      ? { action: { label: t("action"), url: webUrl(params[spec.action] ?? "", template) } }
      : {}),
    linkFallback: translate(lang, "mail.layout.linkFallback"),
    note: t("note"),
    footer: translate(lang, "mail.layout.footer", params),
  };
}

/** Subject, plain-text and HTML parts of one message in `lang`. */
export function renderMail(
  template: MailTemplate,
  params: Record<string, string>,
  lang: Language,
): RenderedMail {
  const content = mailContent(template, params, lang);
  return { subject: content.subject, text: renderTextLayout(content), html: renderHtmlLayout(content) };
}
