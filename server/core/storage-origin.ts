import type { Config } from "../config";

// Where the browser sends attachment bytes, for the Content-Security-Policy's connect-src: this
// app itself for the local store, the bucket's own origin for S3 (as the presigner addresses it).

export type StorageOriginConfig = Pick<
  Config,
  "STORAGE_DRIVER" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE"
>;

/** The bucket's origin when uploads go to S3, else null (same origin, already allowed). */
export function storageUploadOrigin(config: Partial<StorageOriginConfig>): string | null {
  if (config.STORAGE_DRIVER !== "s3" || !config.S3_BUCKET) return null;
  const bucket = config.S3_BUCKET;
  const region = config.S3_REGION ?? "us-east-1";
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    return config.S3_FORCE_PATH_STYLE ? endpoint.origin : `${endpoint.protocol}//${bucket}.${endpoint.host}`;
  }
  // Names with dots do not fit a TLS wildcard certificate: the SDK addresses them by path.
  if (config.S3_FORCE_PATH_STYLE || bucket.includes(".")) return `https://s3.${region}.amazonaws.com`;
  return `https://${bucket}.s3.${region}.amazonaws.com`;
}
