import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/config.js';
import {
  checkKey,
  IMMUTABLE,
  mediaType,
  MediaUnavailable,
  type ByteRange,
  type MediaInfo,
  type MediaStore,
} from './media-store.js';

/** Deletes sent at once (one request each: the multi-object delete's checksum header is not taken by every store). */
const DELETE_CONCURRENCY = 8;

/** The object is not there (a missing bucket is another matter: the store is not set up). */
const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * The media in a bucket of any S3-compatible store (AWS S3, Alibaba OSS, Tencent COS, Garage, SeaweedFS…), through
 * the AWS SDK. Each object carries its media type and the immutable cache header, so a CDN in front of the bucket
 * serves it as the server would. A put is whole or nothing by the protocol.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  /** The bucket is known to exist (made if need be); until then every call first tries to make sure of it. */
  private ready: Promise<void> | null = null;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint ?? undefined,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials ?? undefined,
      // Checksums only where the protocol requires them: several compatible stores refuse the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  get where(): string {
    return `s3://${this.bucket}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}`;
  }

  /**
   * Creates the bucket when it does not exist (a self-hosted store's first start). A store that cannot be reached
   * now is tried again by the next call, so the server need not be restarted once it is back.
   */
  open(): Promise<void> {
    this.ready ??= this.call('open the bucket', async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      } catch (error) {
        if (!notFound(error)) throw error;
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      }
    }).then(
      () => undefined,
      (error: unknown) => {
        this.ready = null;
        throw error;
      },
    );
    return this.ready;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkKey(key);
    await this.open();
    await this.call(`store ${key}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: mediaType(key),
          CacheControl: IMMUTABLE,
        }),
      ),
    );
  }

  async stat(key: string): Promise<MediaInfo | null> {
    checkKey(key);
    await this.open();
    const head = await this.call(
      `look up ${key}`,
      () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
      true,
    );
    if (!head) return null;
    return {
      size: head.ContentLength ?? 0,
      modified: head.LastModified ?? new Date(0),
      etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    checkKey(key);
    await this.open();
    const object = await this.call(
      `read ${key}`,
      () =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        ),
      true,
    );
    if (!object?.Body) return null;
    const body = object.Body as Readable | ReadableStream<Uint8Array>;
    return body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  }

  async readBytes(key: string): Promise<Buffer | null> {
    const body = await this.read(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (error) {
      throw new MediaUnavailable(`Cannot read ${key} from ${this.where}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return Buffer.concat(chunks);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    await this.open();
    let token: string | undefined;
    do {
      const page = await this.call(`list ${prefix}`, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const object of page?.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.open();
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        const target = checkKey(key);
        await this.call(
          `delete ${target}`,
          () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: target })),
          true,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /**
   * Runs one call: with `missingIsNull`, `null` when the object is not there; any other failure is a
   * {@link MediaUnavailable}.
   */
  private async call<T>(what: string, run: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (missingIsNull && notFound(error)) return null;
      const reason =
        error instanceof S3ServiceException
          ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
          : (error as Error).message;
      throw new MediaUnavailable(`Cannot ${what} in ${this.where}: ${reason}`, { cause: error });
    }
  }
}
