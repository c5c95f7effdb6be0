import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubLine } from './log.server';

/** A logger whose lines are kept, and the lines parsed (each must still be JSON). */
function memoryLogger() {
  const lines: string[] = [];
  const logger = createLogger(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  );
  return { logger, text: () => lines.join('\n'), parsed: () => lines.map((l) => JSON.parse(l)) };
}

const EMAIL = 'wei.ming.tan+quotes@school.example.sg';
const TOKEN = 'Q2xhc3NpY1Rva2VuT2ZGb3J0eVRocmVlQ2hhcnNfLV9h';

describe('the logger', () => {
  it('redacts fields that carry personal data or secrets, at the top and one level down', () => {
    const { logger, text, parsed } = memoryLogger();
    logger.info(
      {
        email: EMAIL,
        name: 'Tan Wei Ming',
        phone: '+65 9123 4567',
        token: TOKEN,
        enquiry: { id: 42, name: 'Lim Mei Ling', email: EMAIL, phone: '+65 8765 4321' },
        headers: { cookie: 'better-auth.session_token=abc', authorization: 'Bearer secret-xyz' },
        req: { headers: { cookie: 'fh_cart=1', 'set-cookie': 'x=1' } },
      },
      'Enquiry received',
    );
    const out = text();
    for (const secret of [
      EMAIL,
      'Tan Wei Ming',
      '9123',
      TOKEN,
      'Lim Mei Ling',
      '8765',
      'session_token=abc',
      'secret-xyz',
      'fh_cart=1',
    ])
      expect(out).not.toContain(secret);
    const [line] = parsed();
    expect(line.msg).toBe('Enquiry received');
    expect(line.enquiry.id).toBe(42);
    expect(line.enquiry.name).toBe('[Redacted]');
  });

  it('removes e-mail addresses and link tokens from free text, messages and stacks included', () => {
    const { logger, text, parsed } = memoryLogger();
    logger.warn(`Mail to ${EMAIL} bounced`);
    logger.error(
      { err: new Error(`550 <${EMAIL}>: recipient rejected`) },
      'Mail could not be sent',
    );
    logger.info(`GET /enquiries/${TOKEN}?sent=1 and /reset-password?token=${TOKEN}&x=1`);
    // Right after an escape sequence the line must stay JSON.
    logger.info(`line one\n${EMAIL}\t${EMAIL}`);
    const out = text();
    expect(out).not.toContain(EMAIL);
    expect(out).not.toContain(TOKEN);
    const lines = parsed();
    expect(lines[0].msg).toBe('Mail to [email] bounced');
    expect(lines[1].err.message).toBe('550 <[email]>: recipient rejected');
    expect(lines[1].err.stack).toContain('550 <[email]>');
    expect(lines[2].msg).toBe(
      'GET /enquiries/[token]?sent=1 and /reset-password?token=[redacted]&x=1',
    );
    expect(lines[3].msg).toBe('line one\n[email]\t[email]');
  });

  it("keeps a failed query's values and a database error's row out of the error", () => {
    const { logger, text, parsed } = memoryLogger();
    const cause = Object.assign(new Error('null value in column "email" violates not-null'), {
      code: '23502',
      table: 'enquiries',
      column: 'email',
      detail: 'Failing row contains (7, Tan Wei Ming, +65 9123 4567, null).',
    });
    const error = new DrizzleQueryError(
      'insert into "enquiries" ("name", "phone") values ($1, $2)',
      ['Tan Wei Ming', '+65 9123 4567\nsecond line'],
      cause,
    );
    logger.error({ err: error }, 'Enquiry failed');
    const out = text();
    expect(out).not.toContain('Tan Wei Ming');
    expect(out).not.toContain('9123');
    const [{ err }] = parsed();
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toBe(
      'Failed query: insert into "enquiries" ("name", "phone") values ($1, $2)\nparams: [redacted]',
    );
    expect(err.stack).toMatch(/params: \[redacted\]\n {4}at /);
    expect(err.cause).toMatchObject({ code: '23502', table: 'enquiries', column: 'email' });
    expect(err.cause.detail).toBeUndefined();
  });

  it('scrubs a serialized line without breaking its escapes', () => {
    const line = JSON.stringify({ msg: `\u0001${EMAIL} "quoted" \\${EMAIL}` });
    const scrubbed = scrubLine(line);
    expect(JSON.parse(scrubbed).msg).toBe('\u0001[email] "quoted" \\[email]');
  });
});
