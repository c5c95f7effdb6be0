// The files docs/deploy.md tells an operator to copy: each exists, the systemd units pass
// `systemd-analyze verify`, the Caddyfile passes `caddy validate`, and the environment file names
// only variables the shop knows, with values it accepts once the blanks are filled in. A tool
// that is missing is skipped with the reason (required when CI=true; .ci/run installs both).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv as parseEnvFile } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/services/env.server';

const guide = readFileSync('docs/deploy.md', 'utf8');
const UNITS = [
  'fieldhouse.service',
  'fieldhouse.socket',
  'fieldhouse-backup.service',
  'fieldhouse-backup.timer',
];

function available(tool: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (!found && process.env.CI === 'true') throw new Error(`${tool} is required when CI=true`);
  if (!found) console.log(`deploy files: ${tool} is not installed; its check is skipped`);
  return found;
}

/** The key=value settings of a unit file (the last one of a key wins, as systemd reads it). */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

/**
 * The units as they would be installed: paths under /srv/fieldhouse (the checkout in the guide)
 * point at this checkout, /usr/bin/node at the Node running the test, since verify checks that
 * each command exists. Nothing else is changed.
 */
function installedUnits(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-units-'));
  for (const unit of UNITS) {
    const text = readFileSync(path.join('deploy', unit), 'utf8')
      .replaceAll('/srv/fieldhouse', process.cwd())
      .replaceAll('/usr/bin/node', process.execPath);
    writeFileSync(path.join(dir, unit), text);
  }
  return dir;
}

function verify(dir: string, units: string[]) {
  return spawnSync('systemd-analyze', ['verify', ...units.map((u) => path.join(dir, u))], {
    encoding: 'utf8',
  });
}

describe('the deployment guide', () => {
  it('names only files that are in the repository', () => {
    const named = [...new Set(guide.match(/\bdeploy\/[\w.-]*\w/g) ?? [])];
    expect(named).toEqual(
      expect.arrayContaining([
        'deploy/Caddyfile',
        'deploy/env',
        ...UNITS.map((u) => `deploy/${u}`),
      ]),
    );
    for (const file of named) expect(existsSync(file), file).toBe(true);
  });
});

describe('the systemd units', () => {
  const service = unitSettings('deploy/fieldhouse.service');

  it('restart the shop on failure, cap its memory, read /etc/fieldhouse/env and reload on SIGHUP', () => {
    expect(service.get('Restart')).toEqual(['on-failure']);
    expect(service.get('MemoryMax')).toHaveLength(1);
    expect(service.get('Environment')).toContain(
      '"NODE_OPTIONS=--max-old-space-size=192 --max-semi-space-size=8"',
    );
    expect(service.get('EnvironmentFile')).toEqual(['/etc/fieldhouse/env']);
    expect(service.get('KillSignal')).toEqual(['SIGTERM']);
    expect(service.get('ExecReload')).toEqual(['/bin/kill -HUP $MAINPID']);
    // The backup is `npm run backup`'s command, run from the checkout's own tsx.
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(unitSettings('deploy/fieldhouse-backup.service').get('ExecStart')).toEqual([
      `/srv/fieldhouse/node_modules/.bin/${pkg.scripts.backup}`,
    ]);
  });

  it('hand the shop its port from a socket unit, on the address the Caddyfile proxies to', () => {
    expect(service.get('Requires')).toEqual(['fieldhouse.socket']);
    const socket = unitSettings('deploy/fieldhouse.socket');
    expect(socket.get('ListenStream')).toEqual(['127.0.0.1:3000']);
    expect(readFileSync('deploy/Caddyfile', 'utf8')).toContain('reverse_proxy 127.0.0.1:3000');
  });

  it('give a stopping server more time than its own time limit and closing the database', () => {
    const stopSeconds = Number(service.get('TimeoutStopSec')?.[0]);
    const { shutdownTimeoutMs } = parseEnv({ DATA_DIR: '/tmp/fh-deploy-test' });
    // The database gets 5 s after the requests (server/shutdown.ts).
    expect(stopSeconds * 1000).toBeGreaterThan(shutdownTimeoutMs + 5000);
  });

  it.runIf(available('systemd-analyze'))('pass systemd-analyze verify', () => {
    const dir = installedUnits();
    const result = verify(dir, UNITS);
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
    // The check can fail: a setting systemd does not know is reported.
    writeFileSync(
      path.join(dir, 'broken.service'),
      '[Service]\nExecStart=/bin/true\nRestartt=on-failure\n',
    );
    expect(verify(dir, ['broken.service']).stderr).toMatch(/Unknown key 'Restartt'/);
  });
});

describe('the Caddyfile', () => {
  const validate = (file: string) => {
    const home = mkdtempSync(path.join(tmpdir(), 'fieldhouse-caddy-'));
    return spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
    });
  };

  it('proxies to the shop and checks /readyz', () => {
    const text = readFileSync('deploy/Caddyfile', 'utf8');
    expect(text).toMatch(/reverse_proxy 127\.0\.0\.1:3000/);
    expect(text).toMatch(/health_uri \/readyz/);
    // The port it proxies to is the one the environment file sets.
    expect(parseEnvFile(readFileSync('deploy/env', 'utf8')).PORT).toBe('3000');
  });

  it.runIf(available('caddy'))('passes caddy validate', () => {
    const result = validate('deploy/Caddyfile');
    expect(result.stdout + result.stderr).toMatch(/Valid configuration/);
    expect(result.status).toBe(0);
    const broken = path.join(mkdtempSync(path.join(tmpdir(), 'fieldhouse-caddy-')), 'Caddyfile');
    copyFileSync('deploy/Caddyfile', broken);
    writeFileSync(broken, readFileSync(broken, 'utf8').replace('health_uri', 'health_url'));
    expect(validate(broken).status).not.toBe(0);
  });
});

describe('the environment file', () => {
  const settings = parseEnvFile(readFileSync('deploy/env', 'utf8'));

  it('names only variables in the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const name of Object.keys(settings))
      expect(readme.includes(`\`${name}\``), `${name} in the README`).toBe(true);
  });

  it('is refused until its blanks are filled in, and accepted then', () => {
    expect(() => parseEnv(settings)).toThrow(/AUTH_SECRET[\s\S]*ADMIN_PASSWORD/);
    const filled = Object.fromEntries(
      Object.entries(settings).map(([name, value]) => [
        name,
        (value ?? '').replaceAll(
          'FILL-IN',
          name === 'AUTH_SECRET' ? 'a'.repeat(64) : 'secret-value',
        ),
      ]),
    );
    const config = parseEnv(filled);
    expect(config.database.kind).toBe('postgres');
    expect(config.trustedHops).toBe(1);
    expect(config.secureCookies).toBe(true);
  });
});
