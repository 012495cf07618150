/**
 * Waits until `check` holds, looking every 50 ms, and fails naming `what` after `timeoutMs`: a guard against
 * something that never happens, far above the time it takes, so that a busy machine is only slower.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
