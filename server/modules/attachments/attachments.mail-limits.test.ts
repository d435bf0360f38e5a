import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_SHARE_MAIL_LIMITS } from "../../../shared/constants";
import type { ErrorCode } from "../../../shared/errors";
import { errorMessage } from "../../../shared/i18n";
import { DAY_MS } from "../../core/clock";
import { attachmentShares, outboundEmails, rateLimitBuckets } from "../../db/schema";
import { codeOf } from "../shipments/shipments.testkit";
import { updateAttachmentVisibility } from "./attachments.service";
import { serviceHarness, type Who } from "./attachments.service.testkit";
import { pdfOfSize } from "./attachments.testkit";

// "A file was shared with you" e-mails cannot be turned into a mass mailer: an address hears about
// a file once a day at most, and each sharer and each company have a quota of such e-mails, kept
// in Postgres and taken in the transaction that queues them. Parallel calls are real: each runs its
// own transaction on its own connection of the test pool.

const { t, as, world, upload, clock } = serviceHarness();
const settings = { appUrl: "https://tracking.example" };

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}@outside.example`);

async function fileOf(who: Who, shipmentId: string, name = "a.pdf") {
  return (await upload(who, shipmentId, name, "application/pdf", pdfOfSize(100))).result;
}

function shareWith(who: Who, attachmentId: string, emails: string[], sendNotification = true) {
  return updateAttachmentVisibility(
    as(who),
    {
      attachmentId,
      visibilityScope: emails.length > 0 ? "LIMITED_SHARING" : "INTERNAL_ONLY",
      emails,
      sendNotification,
      notificationMessage: "Your invoice is overdue: http://evil.example/pay",
    },
    settings,
  );
}

async function mailsOf(companyId: string) {
  return t.db
    .select({ to: outboundEmails.to })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.companyId, companyId), eq(outboundEmails.template, "attachments.shared")));
}

describe("share notifications per address and file", () => {
  it("toggling a file's share list mails each address once a day, however often it is re-added", async () => {
    const w = await world();
    const file = await fileOf(w.operator, w.shipment.id);
    const list = addresses("toggle", 3);
    for (let round = 0; round < 5; round++) {
      await shareWith(w.operator, file.id, list);
      await shareWith(w.operator, file.id, []);
    }
    expect(await mailsOf(w.company.id)).toHaveLength(3);
    // Another file to the same addresses is news to them.
    const other = await fileOf(w.operator, w.shipment.id, "b.pdf");
    await shareWith(w.operator, other.id, list);
    expect(await mailsOf(w.company.id)).toHaveLength(6);
    // A day later the first file may be announced again.
    clock.advance(ATTACHMENT_SHARE_MAIL_LIMITS.perRecipientAndFileMs + 1000);
    await shareWith(w.operator, file.id, [...list, "new@outside.example"]);
    const mails = await mailsOf(w.company.id);
    expect(mails).toHaveLength(10);
    expect(mails.filter((m) => m.to[0] === "new@outside.example")).toHaveLength(1);
  });
});

describe("share notification quotas", () => {
  it("parallel shares by one member: only what fits the sharer's quota is mailed, the rest refused whole", async () => {
    const w = await world();
    const per = 30;
    const files = await Promise.all(
      Array.from({ length: 5 }, (_, i) => fileOf(w.operator, w.shipment.id, `f${i}.pdf`)),
    );
    const results = await Promise.allSettled(
      files.map((file, i) => shareWith(w.operator, file.id, addresses(`sharer${i}`, per))),
    );
    const fits = Math.floor(ATTACHMENT_SHARE_MAIL_LIMITS.perSharer.limit / per);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(fits);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED",
        params: { minutes: 60 },
      });
    }
    expect(await mailsOf(w.company.id)).toHaveLength(fits * per);
    // A refused request changed nothing: its file is shared with nobody.
    const shares = await t.db.select({ id: attachmentShares.attachmentId }).from(attachmentShares);
    const sharedFiles = new Set(shares.map((s) => s.id));
    expect(files.filter((f) => sharedFiles.has(f.id))).toHaveLength(fits);
    // Saving without a notification still works, and another member has their own quota.
    const last = files.find((f) => !sharedFiles.has(f.id));
    if (!last) throw new Error("no refused file");
    expect(await codeOf(shareWith(w.operator, last.id, addresses("quiet", 5), false))).toBe("ok");
    expect(await codeOf(shareWith(w.operator2, last.id, addresses("colleague", 5)))).toBe("ok");
  });

  it("parallel shares by several members: the company's quota holds across them", async () => {
    const w = await world();
    // The company has nearly used its day's quota already.
    const used = ATTACHMENT_SHARE_MAIL_LIMITS.perCompany.limit - 50;
    await t.db.insert(rateLimitBuckets).values({
      key: `attachment-share-mail:company:${w.company.id}`,
      count: used,
      windowStart: clock.now(),
      resetAt: new Date(clock.now().getTime() + DAY_MS),
    });
    const sharers = [w.admin, w.manager, w.operator, w.operator2];
    const files = await Promise.all(sharers.map((who, i) => fileOf(who, w.shipment.id, `m${i}.pdf`)));
    const results = await Promise.allSettled(
      sharers.map((who, i) => shareWith(who, files[i]?.id ?? "", addresses(`member${i}`, 20))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED",
      });
    }
    expect(await mailsOf(w.company.id)).toHaveLength(40);
  });

  it.each([
    [
      "ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED",
      "You have sent too many file-sharing e-mails",
      "ファイル共有のメール",
    ],
    [
      "ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED",
      "Your company has sent too many",
      "貴社からのファイル共有のメール",
    ],
  ])("%s says so in English and Japanese, with the wait", (code, en, ja) => {
    expect(errorMessage("en", code as ErrorCode, { minutes: 12 })).toContain(en);
    expect(errorMessage("en", code as ErrorCode, { minutes: 12 })).toContain("12 minutes");
    expect(errorMessage("ja", code as ErrorCode, { minutes: 12 })).toContain(ja);
    expect(errorMessage("ja", code as ErrorCode, { minutes: 12 })).toContain("12分後");
  });
});
