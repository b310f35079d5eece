/**
 * Blob bytes in an S3-compatible bucket under `blobs/ab/<sha256>`, for servers whose disk should
 * hold only the database. The objects are immutable (a key names its content), so no versioning,
 * locking or multipart logic is needed: BlobStore orders writes and deletes, across instances
 * too (decision 063).
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { onUse } from '../load-on-use';
import { blobPath, type BlobBytes, type ByteRange } from './blob-bytes';

const loadS3 = onUse<typeof S3>('@aws-sdk/client-s3');

function isMissing(error: unknown): boolean {
  const e = error as { name?: string };
  // HEAD answers have no body, so the SDK names every 404 NotFound; GET says NoSuchKey (or NoSuchBucket, which is an error).
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound';
}

/** "bytes 0-9/100" → 100. */
function totalOf(contentRange: string | undefined): number | null {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  return total === undefined ? null : Number(total);
}

export class S3Bytes implements BlobBytes {
  readonly describe: string;
  private readonly client: S3.S3Client;
  private readonly sdk = loadS3();
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.describe = `S3 ${config.bucket}`;
    this.bucket = config.bucket;
    this.client = new this.sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // default extra CRC headers, and the sha-256 key already says what the bytes must be.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(hash: string): string {
    return `blobs/${blobPath(hash)}`;
  }

  async has(hash: string): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async write(hash: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.key(hash), Body: bytes, ContentLength: bytes.byteLength }));
  }

  async writeFile(hash: string, file: string, size: number): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.key(hash), Body: fs.createReadStream(file), ContentLength: size }));
  }

  async read(hash: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(hash: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(hash), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!answer.Body) return null;
      const size = range ? totalOf(answer.ContentRange) : (answer.ContentLength ?? null);
      if (size === null) throw new Error(`S3 did not say how large ${this.key(hash)} is`);
      // In Node the SDK's body is the HTTP response itself: a Readable, read as it arrives.
      return { body: answer.Body as Readable, size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(hash: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
  }
}
