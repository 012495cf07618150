/**
 * Writes at most one line per kind of refusal every `everyMs`, with how many were refused since: a client
 * sending thousands of bad bodies cannot fill the log.
 */
export class BoundedLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly write: (line: string) => void,
    private readonly everyMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  note(kind: string, line: string): void {
    const seen = this.last.get(kind);
    const now = this.now();
    if (seen && now - seen.at < this.everyMs) {
      seen.suppressed++;
      return;
    }
    const more = seen?.suppressed ? ` (${seen.suppressed} more since the last report)` : '';
    this.last.set(kind, { at: now, suppressed: 0 });
    this.write(`${line}${more}`);
  }
}
