import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

// A local S3 for tests: s3rver (a real S3 protocol peer, in-process) behind a small proxy that
// checks presigned Signature V4 addresses the way S3 does, since s3rver itself does not verify
// V4 signatures. A request whose signed headers differ from what was signed is refused with
// 403 SignatureDoesNotMatch; an expired address with 403 AccessDenied.

export const FAKE_S3_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** RFC 3986 encoding, as SigV4 wants it. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

export type Verdict = { ok: true } | { ok: false; code: "SignatureDoesNotMatch" | "AccessDenied" };

/** Checks a presigned (query) SigV4 request, independently of the SDK that signed it. */
export function verifyPresigned(
  method: string,
  rawUrl: string,
  headers: http.IncomingHttpHeaders,
  secret: string,
  now: Date,
): Verdict {
  const url = new URL(rawUrl, "http://placeholder");
  const q = url.searchParams;
  const signature = q.get("X-Amz-Signature") ?? "";
  const amzDate = q.get("X-Amz-Date") ?? "";
  const credential = q.get("X-Amz-Credential") ?? "";
  const signedHeaders = (q.get("X-Amz-SignedHeaders") ?? "").split(";");
  const [, date, region, service] = credential.split("/");
  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${secret}`, date ?? ""), region ?? ""), service ?? ""),
    "aws4_request",
  );
  if (hmac(key, stringToSign).toString("hex") !== signature)
    return { ok: false, code: "SignatureDoesNotMatch" };
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
  );
  const expires = Number(q.get("X-Amz-Expires"));
  if (!(signedAt + expires * 1000 > now.getTime())) return { ok: false, code: "AccessDenied" };
  return { ok: true };
}

export interface FakeS3 {
  /** The endpoint to configure (the verifying proxy). */
  endpoint: string;
  bucket: string;
  /** Every presigned request the proxy judged, in order. */
  verdicts: { method: string; url: string; verdict: Verdict }[];
  close(): Promise<void>;
}

export async function startFakeS3(bucket = "attachments-test"): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const upstream = (await s3.run()) as AddressInfo;
  const verdicts: FakeS3["verdicts"] = [];

  const proxy = http.createServer((req, res) => {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    if (url.includes("X-Amz-Signature=")) {
      const verdict = verifyPresigned(method, url, req.headers, FAKE_S3_KEY.secretAccessKey, new Date());
      verdicts.push({ method, url, verdict });
      if (!verdict.ok) {
        req.resume();
        res.writeHead(403, { "content-type": "application/xml" });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${verdict.code}</Code></Error>`);
        return;
      }
    }
    const forward = http.request(
      { host: upstream.address, port: upstream.port, method, path: url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    verdicts,
    async close() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
