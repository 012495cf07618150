/** Types of scripts/scale-site.mjs for the TypeScript code that uses it (the query-plan test). */
export interface SiteSizes {
  articles: number;
  cases: number;
  leads: number;
  media: number;
  revisions: number;
}
export declare const LARGE_SITE: SiteSizes;
export declare function databaseUrl(server: { output(): string; dataDir: string }): string;
export declare function seedLargeSite(
  db: { query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> },
  sizes?: Partial<SiteSizes>,
): Promise<SiteSizes & { ms: number }>;
