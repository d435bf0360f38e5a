import { timingSafeEqual } from "node:crypto";
import { type FileHandle, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { secretBoxFor } from "../../../core/secret-box";
import type { AttachmentStorage, StorageConfig } from "./storage";

// The default store: files under DATA_DIR/attachments, written and read through this app's
// /storage routes at addresses signed with SECRETS_KEY. The signature covers the method, the key,
// the content type, the exact size (uploads) or the filename (downloads), and the expiry, so a
// changed parameter or an old address is refused.

export const LOCAL_STORAGE_PREFIX = "/storage/attachments";

/** Keys are ids this app generated; anything else never reaches the file system. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function localRoot(config: Pick<StorageConfig, "DATA_DIR">): string {
  return path.resolve(config.DATA_DIR, "attachments");
}

export function localPath(config: Pick<StorageConfig, "DATA_DIR">, key: string): string {
  if (!isStorageKey(key)) throw new Error("invalid storage key");
  return path.join(localRoot(config), key);
}

export interface SignedPut {
  key: string;
  contentType: string;
  size: number;
  expires: number;
}

export interface SignedGet {
  key: string;
  contentType: string;
  filename: string;
  expires: number;
}

function canonicalPut(p: SignedPut): string {
  return ["PUT", p.key, p.contentType, String(p.size), String(p.expires)].join("\n");
}

function canonicalGet(p: SignedGet): string {
  return ["GET", p.key, p.contentType, p.filename, String(p.expires)].join("\n");
}

type Signer = Pick<StorageConfig, "SECRETS_KEY" | "NODE_ENV">;

function signature(config: Signer, canonical: string): string {
  return secretBoxFor(config).sign("attachments.storage-url", canonical).toString("base64url");
}

function sameSignature(config: Signer, canonical: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(signature(config, canonical));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type Query = Record<string, string | undefined>;

/** The signed upload's parameters when the address is intact and not expired, else null. */
export function verifyPut(config: Signer, key: string, query: Query, now: Date): SignedPut | null {
  const signed: SignedPut = {
    key,
    contentType: query.ct ?? "",
    size: Number(query.size),
    expires: Number(query.exp),
  };
  if (!isStorageKey(key) || !Number.isSafeInteger(signed.size) || !Number.isSafeInteger(signed.expires))
    return null;
  if (!sameSignature(config, canonicalPut(signed), query.sig)) return null;
  return signed.expires * 1000 > now.getTime() ? signed : null;
}

/** The signed download's parameters when the address is intact and not expired, else null. */
export function verifyGet(config: Signer, key: string, query: Query, now: Date): SignedGet | null {
  const signed: SignedGet = {
    key,
    contentType: query.ct ?? "",
    filename: query.fn ?? "",
    expires: Number(query.exp),
  };
  if (!isStorageKey(key) || !Number.isSafeInteger(signed.expires)) return null;
  if (!sameSignature(config, canonicalGet(signed), query.sig)) return null;
  return signed.expires * 1000 > now.getTime() ? signed : null;
}

function expiry(now: Date, seconds: number): { expires: number; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  return { expires, expiresAt: new Date(expires * 1000) };
}

export function createLocalStorage(config: StorageConfig): AttachmentStorage {
  const base = `${config.APP_URL.replace(/\/$/, "")}${LOCAL_STORAGE_PREFIX}`;
  return {
    driver: "local",
    async signUpload({ key, contentType, sizeBytes, expiresInSeconds, now }) {
      const { expires, expiresAt } = expiry(now, expiresInSeconds);
      const params = { key, contentType, size: sizeBytes, expires };
      const query = new URLSearchParams({
        ct: contentType,
        size: String(sizeBytes),
        exp: String(expires),
        sig: signature(config, canonicalPut(params)),
      });
      return {
        url: `${base}/${key}?${query}`,
        method: "PUT",
        headers: { "content-type": contentType },
        expiresAt,
      };
    },
    async signDownload({ key, filename, contentType, expiresInSeconds, now }) {
      const { expires, expiresAt } = expiry(now, expiresInSeconds);
      const query = new URLSearchParams({
        ct: contentType,
        fn: filename,
        exp: String(expires),
        sig: signature(config, canonicalGet({ key, contentType, filename, expires })),
      });
      return { url: `${base}/${key}?${query}`, expiresAt };
    },
    async size(key) {
      try {
        const info = await stat(localPath(config, key));
        return info.isFile() ? info.size : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async inspect(key, bytes) {
      let handle: FileHandle;
      try {
        handle = await open(localPath(config, key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return { size, start: buffer.subarray(0, bytesRead), version: null };
      } finally {
        await handle.close();
      }
    },
    // The PUT route links a finished file into place and never replaces it: it is final as is.
    async finalize(key) {
      return key;
    },
    async delete(key) {
      await rm(localPath(config, key), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await readdir(localRoot(config));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
      for (const name of names) {
        if (!isStorageKey(name)) continue;
        const info = await stat(path.join(localRoot(config), name)).catch(() => null);
        if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
      }
    },
  };
}
