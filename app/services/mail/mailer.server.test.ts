import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxDir, sendMail } from './mailer.server';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the outbox', () => {
  it("keeps each message readable by the server's user only", async () => {
    // A folder left open by an older version is closed on the first message.
    rmSync(outboxDir(), { recursive: true, force: true });
    mkdirSync(outboxDir(), { recursive: true });
    chmodSync(outboxDir(), 0o755);
    await sendMail({ to: 'a@school.example', subject: 'Reset', text: 'A link' });
    expect(modeOf(outboxDir())).toBe(0o700);
    // And one made afresh (deleted meanwhile) is made closed.
    rmSync(outboxDir(), { recursive: true, force: true });
    await sendMail({ to: 'b@school.example', subject: 'Reset', text: 'A link' });
    expect(modeOf(outboxDir())).toBe(0o700);
    const files = readdirSync(outboxDir());
    expect(files).toHaveLength(1);
    expect(modeOf(path.join(outboxDir(), files[0]!))).toBe(0o600);
  });
});
