import { promises as fs } from 'node:fs';

/** Whether a file or folder is there (and reachable by this process). */
export async function pathExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
