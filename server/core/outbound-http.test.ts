import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../tests/webhooks/receiver";
import {
  checkOutboundUrl,
  createOutboundPolicy,
  EXCERPT_CHARS,
  isForbiddenAddress,
  OutboundFailed,
  type OutboundPolicy,
  OutboundRefused,
  postGuarded,
  type Resolver,
} from "./outbound-http";

// The SSRF guard in its production mode refuses every private, loopback, link-local, CGNAT,
// unique-local, multicast and metadata address, whether written in the URL or resolved from a
// name, at save time and again when the socket connects; it never follows a redirect.

const production = (resolve?: Resolver): OutboundPolicy =>
  createOutboundPolicy({ nodeEnv: "production", resolve });
/** Outside production with private addresses refused: http allowed, so the receiver's port is reachable if ever tried. */
const guarded = (resolve?: Resolver): OutboundPolicy => createOutboundPolicy({ nodeEnv: "test", resolve });
const testing: OutboundPolicy = createOutboundPolicy({ nodeEnv: "test", allowPrivateAddresses: true });
const post = (url: string, policy: OutboundPolicy) => postGuarded(url, { headers: {}, body: "{}" }, policy);
const resolvingTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundRefused || error instanceof OutboundFailed) return error.reason;
    throw error;
  }
  return "NOT_REFUSED";
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "[::1]",
    "169.254.169.254",
    "fd00:ec2::254",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "100.64.0.1",
    "100.127.255.254",
    "fc00::1",
    "fe80::1",
    "224.0.0.1",
    "ff02::1",
    "0.0.0.0",
    "::",
    "255.255.255.255",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe("at save time, in production", () => {
  it.each([
    ["https://127.0.0.1/hooks", "PRIVATE_ADDRESS"],
    ["https://[::1]/hooks", "PRIVATE_ADDRESS"],
    ["https://169.254.169.254/latest/meta-data/", "PRIVATE_ADDRESS"],
    ["https://10.0.0.1/hooks", "PRIVATE_ADDRESS"],
    ["https://[::ffff:127.0.0.1]/hooks", "PRIVATE_ADDRESS"],
    ["https://[fd00:ec2::254]/", "PRIVATE_ADDRESS"],
    ["https://2130706433/hooks", "PRIVATE_ADDRESS"],
    ["https://0x7f.1/hooks", "PRIVATE_ADDRESS"],
    ["https://hooks.localhost/", "PRIVATE_ADDRESS"],
    ["https://LOCALHOST./", "PRIVATE_ADDRESS"],
    ["http://hooks.example.com/", "HTTPS_REQUIRED"],
    ["https://user:secret@hooks.example.com/", "CREDENTIALS_IN_URL"],
    ["ftp://hooks.example.com/", "INVALID_URL"],
    ["not a url", "INVALID_URL"],
  ])("%s is refused (%s)", async (url, reason) => {
    expect(await refusal(checkOutboundUrl(url, production()))).toBe(reason);
  });

  it.each(["127.0.0.1", "::1", "169.254.169.254", "10.0.0.1", "::ffff:127.0.0.1"])(
    "a name resolving to %s is refused",
    async (address) => {
      const policy = production(resolvingTo(address));
      expect(await refusal(checkOutboundUrl("https://hooks.customer.example/x", policy))).toBe(
        "PRIVATE_ADDRESS",
      );
    },
  );

  it("refuses a name when any one of its addresses is private", async () => {
    const policy = production(resolvingTo("93.184.215.14", "10.1.2.3"));
    expect(await refusal(checkOutboundUrl("https://hooks.customer.example/x", policy))).toBe(
      "PRIVATE_ADDRESS",
    );
  });

  it("refuses localhost through the system resolver", async () => {
    expect(await refusal(checkOutboundUrl("https://localhost/hooks", production()))).toBe("PRIVATE_ADDRESS");
  });

  it("accepts a public address", async () => {
    const policy = production(resolvingTo("93.184.215.14"));
    await expect(checkOutboundUrl("https://hooks.customer.example/x", policy)).resolves.toBeInstanceOf(URL);
  });

  it("cannot be opened to private addresses in production", () => {
    expect(() => createOutboundPolicy({ nodeEnv: "production", allowPrivateAddresses: true })).toThrow();
    // A policy built by hand cannot either: production wins.
    const forced: OutboundPolicy = { production: true, allowPrivateAddresses: true };
    return expect(refusal(checkOutboundUrl("https://127.0.0.1/", forced))).resolves.toBe("PRIVATE_ADDRESS");
  });
});

describe("at connect time", () => {
  it.each(["127.0.0.1", "[::1]", "169.254.169.254", "10.0.0.1", "[::ffff:127.0.0.1]"])(
    "a request to %s is refused before anything is sent",
    async (host) => {
      const before = receiver.requests.length;
      expect(await refusal(post(`http://${host}:${receiver.port}/hooks`, guarded()))).toBe("PRIVATE_ADDRESS");
      expect(receiver.requests.length).toBe(before);
    },
  );

  it("checks the name again when connecting: one that resolved publicly when saved and to 127.0.0.1 now is refused", async () => {
    let answer = "93.184.215.14";
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }];
    const policy = guarded(rebinding);
    await checkOutboundUrl(`http://rebind.customer.example:${receiver.port}/hooks`, policy);
    answer = "127.0.0.1";
    const before = receiver.requests.length;
    expect(await refusal(post(`http://rebind.customer.example:${receiver.port}/hooks`, policy))).toBe(
      "PRIVATE_ADDRESS",
    );
    expect(receiver.requests.length).toBe(before);
  });

  it("refuses localhost resolved by the system resolver", async () => {
    const before = receiver.requests.length;
    expect(await refusal(post(`http://localhost:${receiver.port}/hooks`, guarded()))).toBe("PRIVATE_ADDRESS");
    expect(receiver.requests.length).toBe(before);
  });

  it("refuses http in production", async () => {
    expect(await refusal(post(`http://hooks.customer.example:${receiver.port}/`, production()))).toBe(
      "HTTPS_REQUIRED",
    );
  });
});

describe("with a local receiver allowed (tests only)", () => {
  it("returns a redirect as it is and never follows it, even to an allowed address", async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver(() => ({
      status: 302,
      headers: { location: `${target.url}/elsewhere` },
    }));
    try {
      const res = await post(redirecting.url, testing);
      expect(res.status).toBe(302);
      expect(redirecting.requests).toHaveLength(1);
      expect(target.requests).toHaveLength(0);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it("a redirect to the metadata address or loopback is a plain 3xx answer: nothing else is requested", async () => {
    const redirecting = await startReceiver(() => ({
      status: 307,
      headers: { location: "http://169.254.169.254/latest/meta-data/" },
    }));
    try {
      expect((await post(redirecting.url, testing)).status).toBe(307);
      expect(redirecting.requests).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });

  it("keeps only a short excerpt of a large answer", async () => {
    const big = await startReceiver(() => ({ status: 500, body: "x".repeat(1_000_000) }));
    try {
      const res = await post(big.url, testing);
      expect(res.status).toBe(500);
      expect(res.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
      expect(res.excerpt).toBe("x".repeat(EXCERPT_CHARS));
    } finally {
      await big.close();
    }
  });

  it("gives up on a receiver that does not answer within the time limit", async () => {
    const silent = await startReceiver(() => "hold");
    try {
      const quick = { ...testing, timeoutMs: 300 };
      expect(await refusal(post(silent.url, quick))).toBe("TIMEOUT");
    } finally {
      await silent.close();
    }
  });

  it("reports a refused connection", async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    expect(await refusal(post(url, testing))).toBe("CONNECTION_FAILED");
  });
});
