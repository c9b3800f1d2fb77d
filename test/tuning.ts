import { loadConfig } from '../src/config.js';
import { runtimeTunings } from '../src/runtime/tunings.js';

/** The runtime tunings of this run, read from RUNTIME_TUNING as the server reads it (CI runs the suite with them on and off). */
export const runTunings = runtimeTunings(loadConfig({ RUNTIME_TUNING: process.env.RUNTIME_TUNING }).runtimeTuning);

/** A test's title in this run: what it shows with the tunings on, or with them off. */
export function tuningTitle(on: string, off: string): string {
  return runTunings.on ? on : off;
}
