import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { runtimeTunings } from '../../src/runtime/tunings.js';

describe('RUNTIME_TUNING', () => {
  it('is on by default, off with "off", and refuses any other value naming the setting', () => {
    expect(loadConfig({}).runtimeTuning).toBe(true);
    expect(loadConfig({ RUNTIME_TUNING: 'on' }).runtimeTuning).toBe(true);
    expect(loadConfig({ RUNTIME_TUNING: 'off' }).runtimeTuning).toBe(false);
    expect(() => loadConfig({ RUNTIME_TUNING: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ RUNTIME_TUNING: 'fast' })).toThrow('RUNTIME_TUNING must be "on" or "off", got "fast"');
  });

  it('off, leaves pino its own destination and applies no tuning', () => {
    const off = runtimeTunings(false);
    expect(off.on).toBe(false);
    expect(off.logDestination()).toBeUndefined();
    expect(runtimeTunings(true).on).toBe(true);
  });
});
