import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, reporter } from './logger';

/** The JSON lines a logger wrote, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('the server logger', () => {
  it('writes one JSON line per entry, naming the module, with structured fields', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).child({ module: 'ledger' }).info({ sessionId: 's1', lamports: '5000' }, 'payout sent');
    expect(lines).toEqual([expect.objectContaining({ level: 30, module: 'ledger', sessionId: 's1', lamports: '5000', msg: 'payout sent' })]);
  });

  it('never writes a token, a secret key or an authorization header', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.info({ req: { headers: { authorization: 'Bearer abc.def.ghi' } }, auth: { token: 'abc.def.ghi' }, keypair: { secretKey: [1, 2, 3] } }, 'request');
    const written = JSON.stringify(lines);
    expect(written).not.toContain('abc.def.ghi');
    expect(written).not.toContain('[1,2,3]');
    expect(written).toContain('[redacted]');
  });

  it('reports a failure as an error line with its stack, and writes nothing at level silent', () => {
    const { lines, stream } = capture();
    reporter(createLogger('info', stream).child({ module: 'duels' }))(new Error('database gone'), 'round write failed');
    expect(lines[0]).toMatchObject({ level: 50, module: 'duels', msg: 'round write failed', err: { message: 'database gone' } });
    expect(String((lines[0]?.err as { stack?: string }).stack)).toContain('database gone');

    const quiet = capture();
    reporter(createLogger('silent', quiet.stream))(new Error('x'), 'y');
    expect(quiet.lines).toEqual([]);
  });
});
