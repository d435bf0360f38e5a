import { FREE_TRIAL_DAYS } from "../../../shared/constants";
import { type Language, SHIPPING_LINES } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { escapeHtml } from "../mail/mail.layout";

// The built-in help, terms and privacy pages: plain server-rendered HTML with one same-origin
// stylesheet and no script, so they pass the strict CSP and work with JavaScript off.

export type PageKind = "help" | "terms" | "privacy";

export const PAGE_PATHS: Record<PageKind, string> = {
  help: "/help/",
  terms: "/legal/terms/",
  privacy: "/legal/privacy/",
};

/** When the terms and the privacy policy last changed (shown on the pages). */
const LEGAL_UPDATED = new Date("2026-11-24T00:00:00Z");

export interface PageSettings {
  supportEmail: string;
  /** The refresh interval in milliseconds (REFRESH_INTERVAL). */
  refreshIntervalMs: number;
}

function t(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  return escapeHtml(translate(lang, `pages.${key}`, params));
}

function formatInterval(ms: number, lang: Language): string {
  const hours = ms / 3_600_000;
  const unit = hours >= 1 ? "hour" : "minute";
  const value = hours >= 1 ? Math.round(hours * 10) / 10 : Math.max(1, Math.round(ms / 60_000));
  return new Intl.NumberFormat(lang === "ja" ? "ja-JP" : "en-US", {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}

function contact(lang: Language, settings: PageSettings): string {
  const email = escapeHtml(settings.supportEmail);
  const link = `<a href="mailto:${email}">${email}</a>`;
  // The address is inserted after translation so the message's escaping leaves the link intact.
  const body = t(lang, "contactBody", { email: "\u0000" }).replace("\u0000", link);
  return `<section id="contact"><h2>${t(lang, "contactTitle")}</h2><p>${body}</p></section>`;
}

function section(lang: Language, ns: string, title: string, paragraphs: string[], params = {}): string {
  const ps = paragraphs.map((p) => `<p>${t(lang, `${ns}.${p}`, params)}</p>`).join("");
  return `<section><h2>${t(lang, `${ns}.${title}`)}</h2>${ps}</section>`;
}

function helpBody(lang: Language, settings: PageSettings): string {
  const interval = formatInterval(settings.refreshIntervalMs, lang);
  const lines = SHIPPING_LINES.map(
    (l) =>
      `<li>${escapeHtml(l.label)}${l.beta ? ` <span class="beta">${t(lang, "help.beta")}</span>` : ""}</li>`,
  ).join("");
  return [
    `<p class="lead">${t(lang, "help.intro")}</p>`,
    section(lang, "help", "howTitle", ["how1", "how2", "how3", "how4"], { interval }),
    section(lang, "help", "numbersTitle", ["numbers1", "numbers2"]),
    `<section><h2>${t(lang, "help.linesTitle")}</h2><p>${t(lang, "help.linesBody")}</p><ul class="lines">${lines}</ul></section>`,
    section(lang, "help", "teamsTitle", ["teamsBody"]),
    section(lang, "help", "trialTitle", ["trialBody"], { days: FREE_TRIAL_DAYS }),
  ].join("");
}

function legalBody(lang: Language, kind: "terms" | "privacy"): string {
  const count = kind === "terms" ? 8 : 6;
  const date = new Intl.DateTimeFormat(lang === "ja" ? "ja-JP" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(LEGAL_UPDATED);
  const sections = Array.from({ length: count }, (_, i) =>
    section(lang, kind, `s${i + 1}Title`, [`s${i + 1}Body`], { days: FREE_TRIAL_DAYS }),
  );
  return [
    `<p class="updated">${t(lang, "updated", { date })}</p>`,
    `<p class="lead">${t(lang, `${kind}.intro`)}</p>`,
    ...sections,
  ].join("");
}

export function renderPage(kind: PageKind, lang: Language, settings: PageSettings): string {
  const title = t(lang, `${kind}.title`);
  const other: Language = lang === "ja" ? "en" : "ja";
  const body = kind === "help" ? helpBody(lang, settings) : legalBody(lang, kind);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title} · ${t(lang, "productName")}</title>
<link rel="stylesheet" href="/pages/pages.css">
</head>
<body>
<header><a class="brand" href="/app/console">${t(lang, "productName")}</a><nav><a href="${PAGE_PATHS[kind]}?lang=${other}" lang="${other}" hreflang="${other}">${t(lang, "otherLanguage")}</a><a href="/app/console">${t(lang, "backToConsole")}</a></nav></header>
<main>
<h1>${title}</h1>
${body}
${contact(lang, settings)}
</main>
</body>
</html>
`;
}

export const PAGES_CSS = `
:root { color-scheme: light; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", sans-serif; color: #0f172a; background: #f8fafc; }
body { margin: 0; line-height: 1.7; }
header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: 1rem 1.5rem; background: #fff; border-bottom: 1px solid #e2e8f0; }
header nav { display: flex; gap: 1.25rem; font-size: .875rem; }
.brand { font-weight: 700; color: #1d4ed8; text-decoration: none; font-size: 1.05rem; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
p { margin: .5rem 0; color: #334155; }
.lead { font-size: 1.05rem; color: #0f172a; }
.updated { font-size: .8rem; color: #64748b; }
a { color: #1d4ed8; }
a:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
.lines { columns: 2 12rem; padding-left: 1.2rem; color: #334155; }
.beta { font-size: .7rem; font-weight: 600; padding: 0 .35rem; border-radius: .25rem; background: #fef3c7; color: #92400e; }
`;
