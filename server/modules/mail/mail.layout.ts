import type { Language } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import type { MailContent } from "./mail.templates";

/** Every text in a message may carry user data (names, company names): escape all of it. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderTextLayout(content: MailContent): string {
  const blocks = [content.greeting, content.intro];
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(content.note, `-- \n${content.footer}`);
  return `${blocks.join("\n\n")}\n`;
}

// Mail clients ignore <style> blocks and block remote assets: inline styles and tables only.
export const MAIL_FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Hiragino Sans','Hiragino Kaku Gothic ProN',Meiryo,sans-serif";
const PARAGRAPH = `margin:0 0 16px;${MAIL_FONT};font-size:15px;line-height:1.6;color:#0f172a`;
const SMALL = `margin:0 0 8px;${MAIL_FONT};font-size:13px;line-height:1.5;color:#475569`;
const BUTTON =
  `display:inline-block;padding:12px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;` +
  `${MAIL_FONT};font-size:15px;font-weight:600;text-decoration:none`;

function paragraph(text: string, style = PARAGRAPH): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

function actionBlock(action: NonNullable<MailContent["action"]>, fallback: string): string {
  const href = escapeHtml(action.url);
  return [
    `<p style="margin:24px 0"><a href="${href}" style="${BUTTON}">${escapeHtml(action.label)}</a></p>`,
    paragraph(fallback, SMALL),
    `<p style="${SMALL};margin-bottom:24px;word-break:break-all"><a href="${href}" style="color:#1d4ed8">${href}</a></p>`,
  ].join("\n");
}

export function renderHtmlLayout(content: MailContent): string {
  const body = [
    paragraph(content.greeting),
    paragraph(content.intro),
    content.action ? actionBlock(content.action, content.linkFallback) : "",
    paragraph(content.note),
  ]
    .filter(Boolean)
    .join("\n");
  return renderHtmlShell({ ...content, body, width: 560 });
}

/**
 * The frame every HTML e-mail shares: the product's name over a white card on a grey page, the
 * footer under it. `body` is HTML already escaped by the caller; `width` is the card's maximum
 * width in pixels (wider where a message holds tables, as the notification's changes do).
 */
export function renderHtmlShell(shell: {
  lang: Language;
  subject: string;
  footer: string;
  body: string;
  width: number;
}): string {
  const appName = escapeHtml(translate(shell.lang, "common.appName"));
  return `<!doctype html>
<html lang="${shell.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shell.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${shell.width}px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px 32px 0;${MAIL_FONT};font-size:18px;font-weight:700;color:#1d4ed8">${appName}</td></tr>
<tr><td style="padding:16px 32px 24px">
${shell.body}
</td></tr>
</table>
<p style="margin:16px 0 0;${MAIL_FONT};font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(shell.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;
}
