// Types of scripts/cluster.mjs for the TypeScript specs and bench scripts that import it.

export type ClusterOptions = {
  /** nginx listens here; portals on basePort + 1…, PostgreSQL basePort + 10, Redis basePort + 11. Default 4500. */
  basePort?: number;
  /** Portal processes behind nginx (1–8). Default 2. */
  portals?: number;
  /** Start redis-server and give the portals REDIS_URL. Default true. */
  redis?: boolean;
  /** nginx's proxy cache on (false: plain load balancing). Default true. */
  nginxCache?: boolean;
  /** Extra environment for the portals (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Every process's output to the console instead of files in `dir`. */
  log?: boolean;
  /** Keep `dir` (logs, data) after stop(). */
  keep?: boolean;
};

export type ClusterPortal = {
  readonly index: number;
  readonly url: string;
  readonly port: number;
  readonly logFile: string;
  readonly pid: number | null;
  readonly running: boolean;
  /** Signals the process group (SIGKILL by default); resolves when it has exited. */
  kill(signal?: NodeJS.Signals): Promise<unknown>;
  /** SIGTERM, waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** Starts it again and waits until it is ready. */
  start(): Promise<void>;
};

export type ClusterService = { start(): Promise<void>; stop(): Promise<void>; readonly pid: number | null };

export type Cluster = {
  /** http://127.0.0.1:<basePort>: nginx, the load balancer. */
  url: string;
  dir: string;
  ports: { nginx: number; portals: number[]; postgres: number; redis: number };
  databaseUrl: string;
  redisUrl: string | null;
  portals: ClusterPortal[];
  postgres: ClusterService;
  redis: ClusterService | null;
  nginx: { purgeUrl?: string; reload(): Promise<void>; configFile: string };
  /** The environment the portals run with. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export type MissingBinary = { what: string; debian: string };

export function startCluster(options?: ClusterOptions): Promise<Cluster>;
export function missingBinaries(options?: { redis?: boolean }): MissingBinary[];
export function missingBinariesMessage(missing: MissingBinary[]): string;
export const BINARIES: Record<string, { path(): string | null; debian: string }>;
