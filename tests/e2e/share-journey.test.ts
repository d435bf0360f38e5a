import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { pdfOfSize } from "../../server/modules/attachments/attachments.testkit";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, signInBrowser, uniqueEmail } from "./auth-support";
import { toast } from "./toast-support";

// The file-sharing journey in Chromium (decisions 0074, 0075): a member uploads two PDFs on the detail page's Files tab and
// shares one with a partner's address; the partner, signed in with that address, opens the share
// page, sees only the shared file, downloads it (the same bytes), cannot delete it, and uploads
// and deletes a file of their own.

const A = en.attachments;

describe("sharing a file with a guest", () => {
  let app: TestApp & { clock: TestClock };
  let browser: TestBrowser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "share-journey-"));
    const clock = new TestClock(new Date());
    app = { ...(await startTestApp({ clock, env: { DATA_DIR: dataDir } })), clock };
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const row = (page: Page, filename: string) =>
    page.getByTestId("attachment-row").filter({ hasText: filename });

  async function upload(page: Page, name: string, buffer: Buffer) {
    await page.getByTestId("file-input").setInputFiles({ name, mimeType: "application/pdf", buffer });
    await row(page, name).waitFor();
  }

  it("uploads a PDF, shares it with a guest, and the guest downloads it from the share page", async () => {
    const f = factories(app.database.db, app.clock.now());
    const { team, user } = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const shipment = await f.shipment(team, { title: "Wine to Singapore" });
    const guest = await f.user({ email: uniqueEmail("buyer") });
    const invoice = pdfOfSize(200 * 1024);
    const memo = pdfOfSize(50 * 1024);

    // The member: upload both, share only the invoice with the guest's address.
    await signInBrowser(browser, app, user);
    const member = await freshPage(browser, app, `/app/console/shipments/${shipment.id}`);
    await member.getByRole("tab", { name: en.shipmentDetail.tabs.files }).click();
    await upload(member, "Commercial invoice.pdf", invoice);
    await upload(member, "Internal memo.pdf", memo);
    await row(member, "Commercial invoice.pdf")
      .getByRole("button", { name: A.editVisibilityNamed.replace("{{filename}}", "Commercial invoice.pdf") })
      .click();
    const dialog = member.getByRole("dialog", { name: A.visibility.title });
    await dialog.getByLabel(A.scope.LIMITED_SHARING).check();
    await dialog.getByLabel(A.visibility.emails).fill(guest.email);
    await dialog.getByRole("button", { name: A.visibility.save }).click();
    await toast(member, A.visibility.saved).waitFor();
    await member.close();

    // The guest, signed in with that address, on the share page.
    await signInBrowser(browser, app, guest);
    const page = await freshPage(browser, app, `/app/share/${shipment.shareToken}`);
    await page.getByText(en.share.visitor.signedInAs.replace("{{email}}", guest.email)).waitFor();
    await page.getByRole("heading", { name: en.share.files.title }).waitFor();
    await row(page, "Commercial invoice.pdf").waitFor();
    await expect(row(page, "Internal memo.pdf").count()).resolves.toBe(0);
    // No edit controls, and no delete for a file someone else uploaded.
    await expect(page.getByRole("button", { name: en.shipmentDetail.actions.edit }).count()).resolves.toBe(0);
    await expect(
      row(page, "Commercial invoice.pdf")
        .getByRole("button", { name: /^Delete/ })
        .count(),
    ).resolves.toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row(page, "Commercial invoice.pdf")
        .getByRole("button", { name: A.downloadNamed.replace("{{filename}}", "Commercial invoice.pdf") })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("Commercial invoice.pdf");
    expect(await readFile((await download.path()) ?? "")).toEqual(invoice);

    // The guest's own upload: listed as theirs, and theirs to delete.
    await upload(page, "Packing list.pdf", pdfOfSize(10 * 1024));
    await expect(row(page, "Packing list.pdf").textContent()).resolves.toContain(A.own);
    await row(page, "Packing list.pdf")
      .getByRole("button", { name: A.deleteNamed.replace("{{filename}}", "Packing list.pdf") })
      .click();
    await page
      .getByRole("alertdialog", { name: A.deleteTitle })
      .getByRole("button", { name: A.delete })
      .click();
    await toast(page, A.deleted).waitFor();
    await expect.poll(() => row(page, "Packing list.pdf").count()).toBe(0);
    await row(page, "Commercial invoice.pdf").waitFor();
    await page.close();
  }, 120_000);
});
