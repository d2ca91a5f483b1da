// Types for scripts/pg.mjs, for the API's TypeScript tests that start their own cluster.
export interface PostgresCluster {
  url: string;
  port: number;
  dir: string;
  dataDir: string;
  bin: string;
  /** Shuts the server down (fast: open sessions end with SQLSTATE 57P01) and keeps the cluster. */
  halt(): void;
  /** Starts a halted server again on the same port. */
  resume(): void;
  /** `pg_ctl restart -m fast`: sessions end with 57P01, the server is back on the same port when it returns. */
  restart(): void;
  /** Stops the server and deletes the cluster; idempotent. */
  stop(): void;
}
export const isRoot: boolean;
export function freePort(): Promise<number>;
export function hasCommand(name: string): boolean;
export function ensureDebianPackage(pkg: string, isPresent: () => boolean): void;
export function findPgBin(): string | undefined;
export function ensurePostgres(): string;
export function startPostgres(options?: { settings?: Record<string, string | number> }): Promise<PostgresCluster>;
/** A streaming replica (hot standby, read-only) of `primary` on its own port: pg_basebackup -R, then the standby replays as WAL streams. */
export function startStandby(primary: PostgresCluster, options?: { settings?: Record<string, string | number> }): Promise<PostgresCluster>;
