import { describe, expect, it } from 'vitest';
import { accessLogWriter, type RequestSummary } from '../../src/shared/access-log.js';
import { createLogger } from '../../src/server.js';

function recordingLogger(logLevel: string) {
  const lines: string[] = [];
  const logger = createLogger({ logLevel }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const summary: RequestSummary = {
  request_id: 'req_01jd4z3k9q8x7v6b5n4m3c2x1z',
  method: 'GET',
  url: '/api/v1/courses/"quoted"\\path\u0001é',
  route: '/api/v1/courses/:id',
  status: 200,
  ms: 0.37,
  key_id: 'key_01jd4z3k9q8x7v6b5n4m3c2x1z',
};

/** The line with its time value blanked, the one part that differs between two writes. */
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('the access log line', () => {
  it('is byte for byte the line logger.info(summary, "request completed") writes', () => {
    const { logger, lines } = recordingLogger('info');
    const write = accessLogWriter(logger);
    write(summary);
    logger.info(summary, 'request completed');
    const withoutKey = { ...summary, key_id: undefined, route: undefined };
    write(withoutKey);
    logger.info(withoutKey, 'request completed');
    expect(lines).toHaveLength(4);
    expect(withoutTime(lines[0]!)).toBe(withoutTime(lines[1]!));
    expect(withoutTime(lines[2]!)).toBe(withoutTime(lines[3]!));
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, pid: process.pid, msg: 'request completed', ...summary });
    expect(JSON.parse(lines[2]!)).not.toHaveProperty('key_id');
  });

  it('follows the logger level', () => {
    const { logger, lines } = recordingLogger('warn');
    const write = accessLogWriter(logger);
    write(summary);
    logger.level = 'info';
    write(summary);
    expect(lines).toHaveLength(1);
  });
});
