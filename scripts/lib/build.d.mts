// Types of build.mjs for the TypeScript tests and scripts that import it.
export declare const BUILD_SOURCES: readonly string[];
export declare const BUILD_OUTPUT: string;
export declare function buildLockPath(root?: string): string;
export declare function buildStaleness(root?: string): { stale: boolean; reason: string };
export declare function ensureFreshBuild(options?: {
  root?: string;
  build?: (root: string) => void;
  log?: (message: string) => void;
}): boolean;
