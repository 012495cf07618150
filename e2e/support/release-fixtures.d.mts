/** Types of e2e/support/release-fixtures.mjs for the TypeScript tests that use it. */
export type ReleaseMutation = 'incompatible-react' | 'incompatible-platform' | 'ssr-throws' | 'browser-throws';
export declare function currentRelease(dist: string): string;
export declare function cloneRelease(options: {
  fromDist: string;
  toDist?: string;
  from?: string;
  to?: string;
  mutate?: ReleaseMutation;
}): string;
export declare function writeCurrent(dist: string, release: string): void;
