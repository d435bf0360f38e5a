import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, outboundEmails } from "../../server/db/schema";
import { pdfOfSize } from "../../server/modules/attachments/attachments.testkit";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// The Files tab in Chromium (spec 01 §2, spec 02 §3–§8): upload a PDF with per-file progress,
// share it with an address (which is mailed), download it under its Japanese name, delete it
// after confirming; and the browser's own refusals before anything is sent.

const A = en.attachments;

describe("the Files tab", () => {
  let app: TestApp;
  let browser: TestBrowser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "files-e2e-"));
    app = await startTestApp({ env: { DATA_DIR: dataDir } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function openFiles(role: "ADMIN" | "READONLY" = "ADMIN") {
    const f = factories(app.database.db, app.clock.now());
    const { team, user } = await f.companyWith(role, { company: { isConnectEnabled: true } });
    const shipment = await f.shipment(team, { title: "Machine parts to Oakland" });
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, `/app/console/shipments/${shipment.id}`);
    await page.getByRole("tab", { name: en.shipmentDetail.tabs.files }).click();
    return { page, shipment, user };
  }

  /** Every value the progress bars showed, recorded in the page as they change. */
  async function watchProgress(page: Page) {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const value = bar.getAttribute("aria-valuenow");
          if (value !== null && seen.at(-1) !== value) seen.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  }

  it("uploads a PDF with progress, shares it, downloads it and deletes it", async () => {
    const { page, shipment, user } = await openFiles();
    await page.getByText(A.empty).waitFor();
    const progress = await watchProgress(page);
    const body = pdfOfSize(3 * 1024 * 1024);
    const filename = "B-L 原本.pdf";
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: filename, mimeType: "application/pdf", buffer: body });

    const row = page.getByTestId("attachment-row").filter({ hasText: filename });
    await row.waitFor();
    await toast(page, A.uploadedCount.replace("{{n}}", "1")).waitFor();
    const values = await progress();
    expect(values.length).toBeGreaterThan(0);
    expect(values.at(-1)).toBe("100");
    await expect(row.textContent()).resolves.toContain("3 MB");
    await expect(row.textContent()).resolves.toContain(A.own);
    await expect(row.textContent()).resolves.toContain(A.scope.INTERNAL_ONLY);

    // Share it with a partner, who is mailed the share page's link with the message.
    await row.getByRole("button", { name: A.editVisibilityNamed.replace("{{filename}}", filename) }).click();
    const dialog = page.getByRole("dialog", { name: A.visibility.title });
    await dialog.getByLabel(A.scope.LIMITED_SHARING).check();
    await dialog.getByRole("button", { name: A.visibility.save }).click();
    await dialog.getByText(A.visibility.emailsRequired).waitFor();
    await dialog.getByLabel(A.visibility.emails).fill("buyer@partner.example, not-an-address");
    await dialog.getByRole("button", { name: A.visibility.save }).click();
    await dialog.getByText("Invalid email address: not-an-address").waitFor();
    await dialog.getByLabel(A.visibility.emails).fill("buyer@partner.example");
    await dialog.getByLabel(A.visibility.message).fill("Original B/L for customs.");
    await dialog.getByRole("button", { name: A.visibility.save }).click();
    await toast(page, A.visibility.saved).waitFor();
    await row.getByText(A.scope.LIMITED_SHARING).waitFor();
    const [mail] = await app.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, "attachments.shared"));
    expect(mail?.to).toEqual(["buyer@partner.example"]);
    expect(mail?.text).toContain("Original B/L for customs.");
    expect(mail?.text).toContain(`${app.url}/app/share/${shipment.shareToken}`);
    expect(mail?.subject).toBe(`${user.nickname} shared a file with you: ${filename}`);

    // Download: the bytes and the original name come back.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: A.downloadNamed.replace("{{filename}}", filename) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(filename);
    const saved = await download.path();
    expect(saved).toBeTruthy();
    expect(await readFile(saved ?? "")).toEqual(body);

    // Delete, after confirming.
    await row.getByRole("button", { name: A.deleteNamed.replace("{{filename}}", filename) }).click();
    const confirm = page.getByRole("alertdialog", { name: A.deleteTitle });
    await confirm.getByRole("button", { name: A.delete }).click();
    await toast(page, A.deleted).waitFor();
    await page.getByText(A.empty).waitFor();
    expect(
      await app.database.db.select().from(attachments).where(eq(attachments.shipmentId, shipment.id)),
    ).toEqual([]);
  }, 120_000);

  it("refuses too large files and other types in the browser, and a renamed PNG on the server", async () => {
    const { page, shipment } = await openFiles();
    await page.getByText(A.empty).waitFor();
    await page.getByTestId("file-input").setInputFiles([
      { name: "huge.pdf", mimeType: "application/pdf", buffer: pdfOfSize(5 * 1024 * 1024 + 1) },
      { name: "notes.docx", mimeType: "application/msword", buffer: Buffer.from("doc") },
    ]);
    await toast(page, "1 file(s) exceeded the maximum size of 5 MB").waitFor();
    await page.getByText(en.errors.ATTACHMENT_TYPE_NOT_ALLOWED).first().waitFor();

    const png = Buffer.from(
      "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
        "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b5f60000000049454e44ae426082",
      "hex",
    );
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: png });
    await toast(page, en.errors.ATTACHMENT_UPLOAD_FAILED).waitFor();
    const refused = page.getByTestId("upload-item").filter({ hasText: "scan.pdf" }).getByRole("alert");
    await refused.waitFor();
    // Not "this type is not allowed": the name said PDF, the content is something else.
    expect(await refused.textContent()).toContain(
      "does not match its name: scan.pdf is not really a PDF file",
    );
    await page.getByText(A.empty).waitFor();
    expect(
      await app.database.db.select().from(attachments).where(eq(attachments.shipmentId, shipment.id)),
    ).toEqual([]);
  }, 60_000);

  it("shows Readonly the files without upload, sharing or delete", async () => {
    const { page } = await openFiles("READONLY");
    await page.getByText(A.emptyReadOnly).waitFor();
    await expect(page.getByRole("button", { name: A.choose }).count()).resolves.toBe(0);
  });
});
