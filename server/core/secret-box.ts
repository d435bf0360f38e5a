import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import type { Config } from "../config";

// Secrets the product must read back (a webhook signing secret, port-community passwords) are
// sealed with AES-256-GCM under SECRETS_KEY; a stolen database dump alone does not reveal them.

const VERSION = "v1";
/** Outside production, with no SECRETS_KEY, a fixed key: development data is not secret. */
const DEVELOPMENT_KEY = createHash("sha256").update("tracking development secrets key").digest();

export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the sealed text was altered or sealed under another key. */
  open(sealed: string): string;
  /** An HMAC-SHA256 under a key derived for `purpose` (e.g. signing storage URLs). */
  sign(purpose: string, data: string): Buffer;
}

function decodeKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("SECRETS_KEY must be 32 bytes, base64 or hex");
  return key;
}

export function secretKeyFrom(config: Pick<Config, "SECRETS_KEY" | "NODE_ENV">): Buffer {
  if (config.SECRETS_KEY) return decodeKey(config.SECRETS_KEY);
  if (config.NODE_ENV === "production") throw new Error("SECRETS_KEY is required in production");
  return DEVELOPMENT_KEY;
}

export function createSecretBox(key: Buffer): SecretBox {
  // Separate keys per use, so the sealing key never doubles as a signing key.
  const sealKey = createHmac("sha256", key).update("seal").digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(".");
      if (version !== VERSION || !payload) throw new Error("unknown sealed secret format");
      const raw = Buffer.from(payload, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
    sign(purpose, data) {
      const purposeKey = createHmac("sha256", key).update(`sign:${purpose}`).digest();
      return createHmac("sha256", purposeKey).update(data).digest();
    },
  };
}

export function secretBoxFor(config: Pick<Config, "SECRETS_KEY" | "NODE_ENV">): SecretBox {
  return createSecretBox(secretKeyFrom(config));
}
