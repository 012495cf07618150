import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests (the npm package `s3rver`: S3's HTTP API over files on disk), so that the
 * S3 media driver is exercised through the AWS SDK over HTTP as against AWS, OSS or COS. Each test asks for a
 * bucket of its own; the driver creates it at start.
 */
export interface TestS3 {
  endpoint: string;
  /** The variables that put a server's media in `bucket` of this store. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials (it checks signatures against them). */
export const S3RVER_KEY = 'S3RVER';

/** `port`: a fixed one (a store that comes back where it was); by default a free one. */
export async function startTestS3(port = 0): Promise<TestS3> {
  // The SDK's notice that its releases from 2027 need Node 22 says nothing about the test.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = path.join(process.env.TEST_ROOT ?? '/tmp', `s3-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(directory, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  return {
    endpoint,
    env: (bucket) => ({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () => server.close(),
  };
}

/** A bucket name no other test uses. */
export const bucketName = (what: string) => `${what}-${randomBytes(4).toString('hex')}`;
