// Preloaded into a server under test (NODE_OPTIONS=--import …): when the process exits it writes
// the files of the CommonJS modules it loaded, one a line, to LOADED_MODULES_FILE. Packages that
// the shop's ES modules import are CommonJS here (OpenTelemetry's, pino), so a test can tell
// whether one was loaded at all.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

process.on('exit', () => {
  writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n'));
});
