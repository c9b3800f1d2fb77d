import { describe, expect, it } from 'vitest';
import { BatchedDestination, type LineSink } from '../../src/shared/log-destination.js';

/** A sink that records what it is handed, as sonic-boom would write it. */
function recordingSink() {
  const writes: string[] = [];
  const calls: string[] = [];
  const sink: LineSink = {
    write: (text) => {
      writes.push(text);
      return true;
    },
    flush: (callback) => {
      calls.push('flush');
      callback?.();
    },
    flushSync: () => {
      calls.push('flushSync');
    },
  };
  return { sink, writes, calls };
}

describe('the batched log destination', () => {
  it('holds lines until a batch is full, then hands them over in order, as one write', () => {
    const { sink, writes } = recordingSink();
    const destination = new BatchedDestination(sink, 20, 60_000);
    destination.write('{"a":1}\n');
    destination.write('{"b":2}\n');
    expect(writes).toEqual([]);
    destination.write('{"c":3}\n');
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n']);
  });

  it('hands over a partial batch within the flush interval', async () => {
    const { sink, writes } = recordingSink();
    const destination = new BatchedDestination(sink, 4096, 10);
    destination.write('{"quiet":true}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual(['{"quiet":true}\n']);
  });

  it('hands everything over on flush and flushSync (shutdown and exit)', () => {
    const { sink, writes, calls } = recordingSink();
    const destination = new BatchedDestination(sink, 4096, 60_000);
    destination.write('one\n');
    let flushed = false;
    destination.flush(() => (flushed = true));
    expect(writes).toEqual(['one\n']);
    expect(flushed).toBe(true);
    destination.write('two\n');
    destination.flushSync();
    expect(writes).toEqual(['one\n', 'two\n']);
    expect(calls).toEqual(['flush', 'flushSync']);
  });
});
