import { randomUUID } from "node:crypto";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import contentDisposition from "content-disposition";
import type { AttachmentStorage, StorageConfig } from "./storage";

// S3 or any S3-compatible store. The presigned PUT signs the content type, the exact length and
// `x-amz-server-side-encryption: AES256` as headers (kept out of the query string), so the bucket
// refuses a PUT that leaves encryption out, changes the type or sends another size.
//
// A presigned PUT stays usable until it expires, so uploads land under uploads/ and the checked
// version (pinned by its ETag) is copied to a new key under attachments/: a later PUT to the old
// address reaches nothing anyone downloads. A bucket lifecycle rule may expire uploads/ after a day.

const UPLOADS = "uploads/";
const FILES = "attachments/";

/** Headers the signature covers; the browser must send them as given. */
export const S3_SIGNED_UPLOAD_HEADERS = ["content-length", "content-type", "x-amz-server-side-encryption"];

function clientFor(config: StorageConfig): S3Client {
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE === true,
    ...(credentials ? { credentials } : {}),
    // A checksum computed for the empty presigned request would be signed into the URL and refuse
    // the real body; the signed length and the server's own checks cover integrity here.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === "NotFound" || err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404;
}

export function createS3Storage(config: StorageConfig): AttachmentStorage {
  const bucket = config.S3_BUCKET;
  if (!bucket) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  const client = clientFor(config);
  const uploadKey = (key: string) => `${UPLOADS}${key}`;
  const fileKey = (key: string) => `${FILES}${key}`;

  async function head(objectKey: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    driver: "s3",
    async signUpload({ key, contentType, sizeBytes, expiresInSeconds, now }) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: uploadKey(key),
        ContentType: contentType,
        ContentLength: sizeBytes,
        ServerSideEncryption: "AES256",
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signingDate: now,
        signableHeaders: new Set(S3_SIGNED_UPLOAD_HEADERS),
        unhoistableHeaders: new Set(["x-amz-server-side-encryption"]),
      });
      return {
        url,
        method: "PUT",
        // Content-Length is set by the browser from the file itself.
        headers: { "content-type": contentType, "x-amz-server-side-encryption": "AES256" },
        expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
      };
    },
    async signDownload({ key, filename, contentType, expiresInSeconds, now }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: fileKey(key),
        ResponseContentDisposition: contentDisposition(filename, { type: "attachment" }),
        ResponseContentType: contentType,
      });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now });
      return { url, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000) };
    },
    async size(key) {
      const found = (await head(fileKey(key))) ?? (await head(uploadKey(key)));
      return found ? (found.ContentLength ?? 0) : null;
    },
    async inspect(key, bytes) {
      const found = await head(uploadKey(key));
      if (!found) return null;
      const size = found.ContentLength ?? 0;
      const version = found.ETag ?? null;
      if (size === 0) return { size, start: Buffer.alloc(0), version };
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: uploadKey(key),
          Range: `bytes=0-${bytes - 1}`,
          // The bytes judged must be those of the version whose size was read.
          ...(version ? { IfMatch: version } : {}),
        }),
      );
      const body = object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      return { size, start: body.subarray(0, bytes), version };
    },
    async finalize(key, inspected) {
      const kept = randomUUID();
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: fileKey(kept),
            CopySource: `${bucket}/${uploadKey(key)}`,
            ...(inspected.version ? { CopySourceIfMatch: inspected.version } : {}),
            ServerSideEncryption: "AES256",
            MetadataDirective: "COPY",
          }),
        );
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 412) return null;
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: uploadKey(key) }));
      return kept;
    },
    async *list() {
      for (const prefix of [UPLOADS, FILES]) {
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) {
            const key = object.Key?.slice(prefix.length);
            if (key) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
    },
    async delete(key) {
      await Promise.all(
        [uploadKey(key), fileKey(key)].map((Key) =>
          client.send(new DeleteObjectCommand({ Bucket: bucket, Key })),
        ),
      );
    },
  };
}
