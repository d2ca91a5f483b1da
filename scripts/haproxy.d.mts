// Types for scripts/haproxy.mjs, for the API's TypeScript tests.
export const HAPROXY_CONFIG: string;
export function findHaproxy(): string | undefined;
export function startHaproxy(options: {
  instances: string[];
  port?: number;
}): Promise<{ url: string; port: number; pid: number; log(): string; stop(): Promise<void> }>;
