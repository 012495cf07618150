import { promises as fs } from 'node:fs';

export default async function globalTeardown() {
  await globalThis.__embeddedTestDatabase?.stop();
  if (process.env.TEST_ROOT) await fs.rm(process.env.TEST_ROOT, { recursive: true, force: true });
}
