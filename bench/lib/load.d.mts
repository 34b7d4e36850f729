// Types of ./load.mjs for the TypeScript bench scripts (bench/supplier-availability.ts).
import type { Agent } from 'node:http';

export type Answer = { status: number; latency: number; ttfb: number; body: string | null };

export function closedLoop(options: { seconds: number; connections: number }, task: (client: number) => Promise<unknown>): Promise<number>;
export function keepAliveAgent(connections: number): Agent;
export function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; agent: Agent }): Promise<Answer>;
export function getRaw(url: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
export function percentile(values: number[], p: number): number | null;
export function round(value: number | null | undefined, digits?: number): number | null;
export function runLoad(options: {
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  warmupSeconds?: number;
  connections: number;
  sample?: () => number;
}): Promise<Record<string, unknown>>;
