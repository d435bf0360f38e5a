import type { Config } from "../../../config";
import { createLocalStorage } from "./storage.local";
import { createS3Storage } from "./storage.s3";

// Attachments live in object storage behind one interface: the browser sends the bytes straight
// to a signed, expiring address (this app for the local store, the bucket for S3), and the server
// only signs, inspects and deletes.

export interface SignedUpload {
  url: string;
  method: "PUT";
  /** The headers the PUT must carry exactly: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadRequest {
  key: string;
  contentType: string;
  /** The size the uploader declared; the store refuses a body of any other length. */
  sizeBytes: number;
  expiresInSeconds: number;
  /** The service clock's time, so expiry follows it (tests move it). */
  now: Date;
}

export interface DownloadRequest {
  key: string;
  filename: string;
  contentType: string;
  expiresInSeconds: number;
  now: Date;
}

export interface InspectedObject {
  size: number;
  start: Buffer;
  /** The store's version tag (S3's ETag); null where a stored file cannot change (local). */
  version: string | null;
}

export interface AttachmentStorage {
  readonly driver: "local" | "s3";
  signUpload(request: UploadRequest): Promise<SignedUpload>;
  signDownload(request: DownloadRequest): Promise<{ url: string; expiresAt: Date }>;
  /** The stored object's real size, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /**
   * What an upload stored: its real size, up to `bytes` bytes from its start (enough for its
   * magic number), and the version those were read from; null when nothing was stored.
   */
  inspect(key: string, bytes: number): Promise<InspectedObject | null>;
  /**
   * Makes the inspected version the file that is kept, out of reach of the upload address (which
   * stays valid until it expires). Returns the key to keep, or null when the object changed
   * since it was inspected.
   */
  finalize(key: string, inspected: InspectedObject): Promise<string | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object's key and when it was written (for sweeping files nothing refers to). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export type StorageConfig = Pick<
  Config,
  | "STORAGE_DRIVER"
  | "DATA_DIR"
  | "APP_URL"
  | "SECRETS_KEY"
  | "NODE_ENV"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

const built = new WeakMap<object, AttachmentStorage>();

/** The configured store, built once per configuration (the S3 client keeps its connections). */
export function storageFor(config: StorageConfig): AttachmentStorage {
  const existing = built.get(config);
  if (existing) return existing;
  const storage = config.STORAGE_DRIVER === "s3" ? createS3Storage(config) : createLocalStorage(config);
  built.set(config, storage);
  return storage;
}
