import type { Server } from 'node:net';
import type { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import { keepBytecode } from './keep-bytecode.js';
import { batchedStdout } from './log-destination.js';
import { keepNextTickShape } from './next-tick-shape.js';
import { stopPretenuring } from './no-pretenuring.js';
import { corkUntilTurnEnds } from './turn-cork.js';
import { coalesceWrites } from './write-coalescing.js';

/**
 * Every change this service makes to Node's, Fastify's, pino's or ioredis's behaviour for speed,
 * behind one switch: RUNTIME_TUNING (Config.runtimeTuning, default on). Off, each of these does
 * nothing and the service runs on its dependencies' plain public behaviour; CI runs the whole
 * suite both ways. Each tuning's file says what it changes, why, and how to tell it has stopped
 * working; bench/README.md keeps the A/B figures that justify it (a tuning that goes through a
 * dependency's internals stays only while it is worth 5% or more on the bench).
 *
 * Nothing outside src/runtime/ reaches into a dependency's internals (private symbols, `_write`,
 * `lib/` or `dist/` paths): the dependency-cruiser rules check it.
 */
export interface RuntimeTunings {
  /** Whether the tunings are applied (RUNTIME_TUNING=on). */
  readonly on: boolean;
  /** First thing in a long-running process (server or worker): keeps nextTick's maps (next-tick-shape.ts) and compiled code (keep-bytecode.ts), and stops pretenuring (no-pretenuring.ts). */
  startProcess(): void;
  /** The process log's destination (log-destination.ts); undefined leaves pino's default (stdout, each line written as it comes). */
  logDestination(): DestinationStream | undefined;
  /** Holds the writes of every connection the HTTP server accepts until the end of the turn (write-coalescing.ts). */
  coalesceServerWrites(server: Server, connectionEvent: 'connection' | 'secureConnection'): void;
  /** Before a command is sent on the Redis connection or a pipelined PostgreSQL one: a turn's commands leave in one write (turn-cork.ts). */
  readonly holdWrites: (stream: Writable) => void;
}

const tuned: RuntimeTunings = {
  on: true,
  startProcess: () => {
    keepNextTickShape();
    keepBytecode();
    stopPretenuring();
  },
  logDestination: batchedStdout,
  coalesceServerWrites: coalesceWrites,
  holdWrites: corkUntilTurnEnds,
};

const untuned: RuntimeTunings = {
  on: false,
  startProcess: () => {},
  logDestination: () => undefined,
  coalesceServerWrites: () => {},
  holdWrites: () => {},
};

/** The tunings for RUNTIME_TUNING's value: all of them, or none. */
export function runtimeTunings(on: boolean): RuntimeTunings {
  return on ? tuned : untuned;
}
