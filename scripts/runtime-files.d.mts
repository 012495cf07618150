/** Types of scripts/runtime-files.mjs for the TypeScript code that uses it (the runtime-image test). */
export declare const LEFT_OUT: Set<string>;
export declare function productionClosure(
  lock: { packages: Record<string, unknown> },
  workspace: string,
  leftOut?: Set<string>,
): Set<string>;
export declare function copyRuntimeFiles(target: string, options?: { from?: string }): string;
export declare function folderBytes(folder: string): number;
