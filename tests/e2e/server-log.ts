// Global teardown of the end-to-end run: the server's log (playwright.config.ts writes it to
// $E2E_DATA_DIR/server.log) holds none of what the specs typed: no e-mail address at all, no guest
// link token, no session cookie, and none of the people's names the specs enter.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const LINK_TOKEN = /\/(?:enquiries|quotations)\/[\w-]{43}/g;
const SESSION = /better-auth\.session_token=[^;"\s]+/g;
/** The names the specs type into forms: every quoted 'Ms …', 'Mr …', 'Mdm …' in them. */
const NAME = /'((?:Ms|Mr|Mrs|Mdm|Dr) [A-Z][A-Za-z ]+)'/g;

export default function checkServerLog(): void {
  const log = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8');
  // The log is the server's: a check of an empty file would prove nothing.
  if (!log.includes('"msg":"request"')) throw new Error('The server log has no request lines.');
  const specs = readdirSync('tests/e2e')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(path.join('tests/e2e', file), 'utf8'))
    .join('\n');
  const names = [...new Set([...specs.matchAll(NAME)].map((m) => m[1]!)), 'Tan Ah Kow'];
  const found = new Set([
    ...(log.match(EMAIL) ?? []),
    ...(log.match(LINK_TOKEN) ?? []),
    ...(log.match(SESSION) ?? []),
    ...names.filter((name) => log.includes(name)),
  ]);
  if (found.size)
    throw new Error(`The server's log holds what the tests typed: ${[...found].join(', ')}`);
}
