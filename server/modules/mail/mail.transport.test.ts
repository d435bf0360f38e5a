import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMailTransport } from "./mail.transport";

function warnings() {
  const seen: string[] = [];
  return { seen, log: { warn: (message: string) => void seen.push(message) } as never };
}

describe("the mail transport chosen by configuration", () => {
  it("sends over SMTP when SMTP_URL is set", () => {
    const { seen, log } = warnings();
    const transport = createMailTransport(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }), log);
    expect(transport.kind).toBe("smtp");
    transport.close();
    expect(seen).toEqual([]);
  });

  it("keeps mail in the outbox without SMTP_URL, quietly in development", () => {
    const { seen, log } = warnings();
    expect(createMailTransport(loadConfig({ NODE_ENV: "development" }), log).kind).toBe("outbox");
    expect(seen).toEqual([]);
  });

  it("warns when production has no SMTP server, since nothing would reach anyone", () => {
    const { seen, log } = warnings();
    expect(
      createMailTransport(
        loadConfig({ NODE_ENV: "production", SECRETS_KEY: Buffer.alloc(32, 1).toString("base64") }),
        log,
      ).kind,
    ).toBe("outbox");
    expect(seen).toEqual([expect.stringContaining("SMTP_URL is not set")]);
  });
});
