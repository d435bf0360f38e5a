import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Shipment, User } from "../../server/db/schema";
import { fillAttachments, pdfOfSize } from "../../server/modules/attachments/attachments.testkit";
import {
  ATTACHMENT_GUEST_QUOTA_BYTES,
  ATTACHMENT_STORAGE_QUOTA_BYTES,
  LOCAL_STORAGE_KEYS,
  storageQuotaLabel,
} from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, signInBrowser, uniqueEmail } from "./auth-support";

// A full storage says so where the upload was tried, in the viewer's language: the Files tab for
// members (the company's quota by plan), the share page for a guest (their allowance).

describe("storage quotas in the browser", () => {
  let app: TestApp;
  let browser: TestBrowser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "files-quota-e2e-"));
    app = await startTestApp({ env: { DATA_DIR: dataDir } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const fill = (shipment: Shipment, bytes: number, guest?: User) =>
    fillAttachments(app.database.db, shipment, bytes, guest);

  async function tryUpload(page: Page, name: string) {
    await page
      .getByTestId("file-input")
      .setInputFiles({ name, mimeType: "application/pdf", buffer: pdfOfSize(2000) });
    return page.getByTestId("upload-item").filter({ hasText: name }).getByRole("alert");
  }

  it("the Files tab says the company's storage is full, in English and in Japanese", async () => {
    const f = factories(app.database.db, app.clock.now());
    const { team, user } = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const shipment = await f.shipment(team, { title: "Full storage" });
    await fill(shipment, ATTACHMENT_STORAGE_QUOTA_BYTES.FREE);
    await signInBrowser(browser, app, user);
    const quota = { quota: storageQuotaLabel(ATTACHMENT_STORAGE_QUOTA_BYTES.FREE) };

    const page = await freshPage(browser, app, `/app/console/shipments/${shipment.id}`);
    await page.getByRole("tab", { name: en.shipmentDetail.tabs.files }).click();
    const refused = await tryUpload(page, "one-more.pdf");
    const enText = en.errors.ATTACHMENT_STORAGE_FULL.replace("{{quota}}", quota.quota);
    await refused.filter({ hasText: enText }).waitFor();

    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "ja"), [LOCAL_STORAGE_KEYS.language]);
    await page.reload();
    await page.getByRole("tab", { name: ja.shipmentDetail.tabs.files }).click();
    const refusedJa = await tryUpload(page, "もう一つ.pdf");
    await refusedJa
      .filter({ hasText: ja.errors.ATTACHMENT_STORAGE_FULL.replace("{{quota}}", quota.quota) })
      .waitFor();
  }, 90_000);

  it("the share page tells a guest their upload allowance is used up", async () => {
    const f = factories(app.database.db, app.clock.now());
    const { team } = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const shipment = await f.shipment(team, { title: "Guest allowance" });
    const guest = await f.user({ email: uniqueEmail("partner") });
    await fill(shipment, ATTACHMENT_GUEST_QUOTA_BYTES, guest);
    await signInBrowser(browser, app, guest);

    const page = await freshPage(browser, app, `/app/share/${shipment.shareToken}`);
    const refused = await tryUpload(page, "packing-list.pdf");
    const text = en.errors.ATTACHMENT_GUEST_QUOTA_REACHED.replace(
      "{{quota}}",
      storageQuotaLabel(ATTACHMENT_GUEST_QUOTA_BYTES),
    );
    await refused.filter({ hasText: text }).waitFor();
  }, 90_000);
});
