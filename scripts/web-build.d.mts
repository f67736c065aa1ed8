export function webBuildIsStale(root: string): boolean;
export function ensureWebBuild(root: string, log?: (message: string) => void): boolean;
export function ensureWebBuildInBackground(root: string, log?: (message: string) => void): Promise<boolean>;
