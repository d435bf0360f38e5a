import { translate } from "../../../shared/i18n";
import { escapeHtml, MAIL_FONT, renderHtmlShell } from "../mail/mail.layout";
import type { MessageModel } from "./notify.compose";

// A notification as the plain-text and HTML parts of one message. Every text may carry user data
// (titles, remarks, custom fields), so all of it is escaped; mail clients ignore <style>, so the
// styles are inline and the layout is tables.

export function renderNotificationText(m: MessageModel): string {
  const t = (key: string) => translate(m.lang, `notifications.message.${key}`);
  const blocks = [m.intro];
  if (m.changes.length > 0) {
    const rows = m.changes.map((c) =>
      [
        `* ${c.label}`,
        `  ${t("before")}: ${c.before}`,
        `  ${t("after")}: ${c.after}${c.note ? ` (${c.note})` : ""}`,
      ].join("\n"),
    );
    blocks.push(`${t("changes")}\n${rows.join("\n")}`);
  }
  blocks.push(...m.notes);
  blocks.push(`${t("details")}\n${m.details.map((d) => `${d.label}: ${d.value}`).join("\n")}`);
  blocks.push(`${m.openLabel}:\n${m.links.shipmentUrl}`);
  blocks.push(`${m.unsubscribeLabel}:\n${m.links.unsubscribeUrl}`);
  blocks.push(m.why, `-- \n${m.footer}`);
  return `${blocks.join("\n\n")}\n`;
}

const PARAGRAPH = `margin:0 0 16px;${MAIL_FONT};font-size:15px;line-height:1.6;color:#0f172a`;
const HEADING = `margin:24px 0 8px;${MAIL_FONT};font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#475569`;
const CELL = `padding:6px 8px;border-top:1px solid #e2e8f0;${MAIL_FONT};font-size:14px;line-height:1.5;vertical-align:top`;
const SMALL = `margin:0 0 8px;${MAIL_FONT};font-size:12px;line-height:1.5;color:#64748b`;
const BUTTON =
  `display:inline-block;padding:10px 18px;border-radius:6px;background:#1d4ed8;color:#ffffff;` +
  `${MAIL_FONT};font-size:14px;font-weight:600;text-decoration:none`;

const p = (text: string, style = PARAGRAPH) => `<p style="${style}">${escapeHtml(text)}</p>`;

function changesTable(m: MessageModel): string {
  if (m.changes.length === 0) return "";
  const t = (key: string) => escapeHtml(translate(m.lang, `notifications.message.${key}`));
  const head = `<tr><th align="left" style="${CELL};color:#475569"></th><th align="left" style="${CELL};color:#475569">${t("before")}</th><th align="left" style="${CELL};color:#475569">${t("after")}</th></tr>`;
  const rows = m.changes
    .map(
      (c) =>
        `<tr><td style="${CELL};font-weight:600">${escapeHtml(c.label)}</td>` +
        `<td style="${CELL};color:#64748b;text-decoration:line-through">${escapeHtml(c.before)}</td>` +
        `<td style="${CELL};color:#0f172a;font-weight:600">${escapeHtml(c.after)}` +
        (c.note ? `<br><span style="color:#b45309;font-weight:400">${escapeHtml(c.note)}</span>` : "") +
        `</td></tr>`,
    )
    .join("\n");
  return `<p style="${HEADING}">${t("changes")}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${head}
${rows}</table>`;
}

function detailsTable(m: MessageModel): string {
  const title = escapeHtml(translate(m.lang, "notifications.message.details"));
  const rows = m.details
    .map(
      (d) =>
        `<tr><td style="${CELL};color:#475569;width:38%">${escapeHtml(d.label)}</td><td style="${CELL}">${escapeHtml(d.value)}</td></tr>`,
    )
    .join("\n");
  return `<p style="${HEADING}">${title}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${rows}</table>`;
}

export function renderNotificationHtml(m: MessageModel): string {
  const open = escapeHtml(m.links.shipmentUrl);
  const unsubscribe = escapeHtml(m.links.unsubscribeUrl);
  const body = [
    p(m.intro),
    changesTable(m),
    ...m.notes.map((note) => p(note)),
    detailsTable(m),
    `<p style="margin:24px 0"><a href="${open}" style="${BUTTON}">${escapeHtml(m.openLabel)}</a></p>`,
    `<p style="${SMALL}">${escapeHtml(m.why)}</p>`,
    `<p style="${SMALL}"><a href="${unsubscribe}" style="color:#1d4ed8">${escapeHtml(m.unsubscribeLabel)}</a></p>`,
  ]
    .filter(Boolean)
    .join("\n");
  return renderHtmlShell({ ...m, body, width: 640 });
}
