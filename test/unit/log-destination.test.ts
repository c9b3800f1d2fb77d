import { describe, expect, it } from 'vitest';
import { BatchedDestination, type ByteSink } from '../../src/runtime/log-destination.js';

/** A sink that records what it is handed, as sonic-boom would write it. */
function recordingSink() {
  const writes: string[] = [];
  const calls: string[] = [];
  const sink: ByteSink = {
    write: (bytes) => {
      writes.push(bytes.toString('utf8'));
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

describe('the batched log destination (RUNTIME_TUNING=on)', () => {
  it('holds lines until the next one might not fit, then hands them over in order, as one write', () => {
    const { sink, writes } = recordingSink();
    // 30 bytes: an 8-character line is only added where even 3 bytes per character (24) fit.
    const destination = new BatchedDestination(sink, 30, 60_000);
    destination.write('{"a":1}\n');
    expect(writes).toEqual([]);
    destination.write('{"b":2}\n');
    expect(writes).toEqual(['{"a":1}\n']);
    destination.write('{"c":3}\n');
    expect(writes).toEqual(['{"a":1}\n', '{"b":2}\n']);
    destination.flushSync();
  });

  it('keeps each batch it handed over intact while it fills the next', () => {
    const { sink } = recordingSink();
    const handed: Buffer[] = [];
    const destination = new BatchedDestination({ ...sink, write: (bytes) => handed.push(bytes) > 0 }, 40, 60_000);
    for (const name of ['one', 'two', 'six']) destination.write(`{"n":"${name}"}\n`);
    destination.flushSync();
    expect(handed.map((b) => b.toString())).toEqual(['{"n":"one"}\n', '{"n":"two"}\n', '{"n":"six"}\n']);
  });

  it('encodes UTF-8 and sends a line longer than a batch on its own, after the lines before it', () => {
    const { sink, writes } = recordingSink();
    const destination = new BatchedDestination(sink, 64, 60_000);
    destination.write('{"city":"Zürich ✓"}\n');
    const long = `{"path":"${'é'.repeat(40)}"}\n`;
    destination.write(long);
    destination.write('{"after":true}\n');
    destination.flushSync();
    expect(writes).toEqual(['{"city":"Zürich ✓"}\n', long, '{"after":true}\n']);
  });

  it('hands over a partial batch within the flush interval of its first line', async () => {
    const { sink, writes } = recordingSink();
    const destination = new BatchedDestination(sink, 4096, 10);
    destination.write('{"quiet":true}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual(['{"quiet":true}\n']);
    destination.write('{"later":true}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual(['{"quiet":true}\n', '{"later":true}\n']);
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
