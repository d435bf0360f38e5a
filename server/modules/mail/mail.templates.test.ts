import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/enums";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { escapeHtml } from "./mail.layout";
import { MAIL_TEMPLATES, type MailTemplate, renderMail } from "./mail.templates";

const URL_WITH_QUERY = "https://app.tracking.test/app/auth/password-reset?token=abc&x=1";

const sampleParams: Record<MailTemplate, Record<string, string>> = {
  verifyEmail: { name: "Ann", url: "https://app.tracking.test/app/auth/email-verification/tok1" },
  passwordReset: { name: "Ann", url: URL_WITH_QUERY },
  passwordChanged: { name: "Ann" },
  mfaEnabled: { name: "Ann" },
  mfaDisabled: { name: "Ann" },
  signupExistingAccount: { name: "Ann", url: "https://app.tracking.test/app/auth/signin" },
  invitation: {
    inviterName: "Ben",
    companyName: "Osaka Imports",
    url: "https://app.tracking.test/app/invitations/inv1",
    expiresAt: "2026-02-01T09:30:00.000Z",
  },
  guestInvitation: {
    inviterName: "Ben",
    companyName: "Osaka Imports",
    teamName: "Kobe Team",
    url: "https://app.tracking.test/app/auth/signup?invitationToken=g1",
  },
  companyApproved: {
    name: "Ann",
    companyName: "Osaka Imports",
    url: "https://app.tracking.test/app/console",
  },
};

const messages = { en, ja } as const;
const templates = Object.keys(MAIL_TEMPLATES) as MailTemplate[];

describe.each(LANGUAGES)("templates in %s", (lang) => {
  const m = messages[lang].mail;

  it.each(templates)("%s has a subject, a text part and an HTML part from the catalogue", (template) => {
    const mail = renderMail(template, sampleParams[template], lang);
    const subjectKey = m[template].subject;
    expect(mail.subject).toBe(
      subjectKey
        .replace("{{appName}}", messages[lang].common.appName)
        .replace("{{inviterName}}", "Ben")
        .replace("{{companyName}}", "Osaka Imports")
        .replace("{{teamName}}", "Kobe Team"),
    );
    expect(mail.text).not.toMatch(/\{\{|\}\}/);
    expect(mail.html).not.toMatch(/\{\{|\}\}/);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.html).not.toMatch(/<(script|link|img)\b|src=|url\(/i);
    expect(mail.text).toContain(m.layout.footer.replace("{{appName}}", messages[lang].common.appName));
  });

  it.each(templates.filter((t) => "action" in MAIL_TEMPLATES[t]))(
    "%s shows its link as a button and as the raw URL, in both parts",
    (template) => {
      const url = sampleParams[template].url ?? "";
      const mail = renderMail(template, sampleParams[template], lang);
      const label = "action" in m[template] ? (m[template] as { action: string }).action : "";
      expect(mail.text).toContain(`${label}:\n${url}\n`);
      const href = escapeHtml(url);
      expect(mail.html).toContain(`<a href="${href}" style="display:inline-block`);
      expect(mail.html).toContain(`>${escapeHtml(label)}</a>`);
      expect(mail.html).toContain(`>${href}</a>`);
      expect(mail.html).toContain(escapeHtml(m.layout.linkFallback));
    },
  );
});

describe("rendering user data", () => {
  const hostile = `<script>alert("x")</script> & 'Co' {{url}}`;

  it("escapes every parameter in the HTML part and keeps the text part literal", () => {
    const mail = renderMail(
      "guestInvitation",
      { inviterName: hostile, companyName: hostile, teamName: hostile, url: URL_WITH_QUERY },
      "en",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;");
    expect(mail.html).toContain('href="https://app.tracking.test/app/auth/password-reset?token=abc&amp;x=1"');
    expect(mail.text).toContain(hostile);
    expect(mail.subject).toContain(hostile);
  });

  it("never interpolates a placeholder a user typed into a name", () => {
    const mail = renderMail("verifyEmail", { name: "{{url}} {{appName}}", url: URL_WITH_QUERY }, "en");
    expect(mail.text).toContain("Hello {{url}} {{appName}},");
  });

  it("keeps a subject on one header line whatever the names hold", () => {
    const mail = renderMail(
      "invitation",
      { ...sampleParams.invitation, inviterName: "Ben\r\nBcc: victim@example.com" },
      "en",
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Ben Bcc: victim@example.com");
  });

  it("shows an invitation's expiry as a date in the recipient's language", () => {
    expect(renderMail("invitation", sampleParams.invitation, "en").text).toContain(
      "expires on February 1, 2026 at 9:30 AM (UTC).",
    );
    expect(renderMail("invitation", sampleParams.invitation, "ja").text).toContain(
      "2026年2月1日 9:30（UTC）",
    );
  });

  it("refuses a message with a missing parameter or a link that is not a web URL", () => {
    expect(() => renderMail("verifyEmail", { name: "Ann" }, "en")).toThrow(/missing url/);
    expect(() => renderMail("passwordReset", { name: "Ann", url: "javascript:alert(1)" }, "en")).toThrow(
      /not an http\(s\) URL/,
    );
  });
});
