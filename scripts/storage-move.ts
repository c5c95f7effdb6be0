// `npm run storage:move -- --to s3|local`: copies the shop's files (product and company images,
// buyers' private files) between $DATA_DIR/uploads + $DATA_DIR/private and the bucket that
// S3_BUCKET names. Resumable: a file already at the target with the same size is skipped, so an
// interrupted run is simply started again. The source is kept; remove it once the shop runs on
// the target.
import path from 'node:path';
import './load-env';
import { ConfigError, env } from '~/services/env.server';
import { moveStorage, type Direction } from '~/services/media/storage-move.server';
import { privateDir, uploadsDir } from '~/services/media/storage.server';

const USAGE = 'Usage: npm run storage:move -- --to s3|local';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : undefined;
  if (to !== 's3' && to !== 'local') {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = env();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  if (!config.s3) {
    console.error(
      'S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to the bucket to move to or from.',
    );
    return 2;
  }
  const report = await moveStorage(to as Direction, config.s3, {
    public: uploadsDir(),
    private: privateDir(),
  });
  for (const [kind, part] of Object.entries(report)) {
    console.log(
      `${kind === 'public' ? 'Images' : 'Private files'} (${part.from} -> ${part.to}): moved ${part.moved} (${megabytes(part.bytes)}), skipped ${part.skipped} already there`,
    );
  }
  const moved = report.public.moved + report.private.moved;
  const skipped = report.public.skipped + report.private.skipped;
  console.log(`Moved ${moved} files, skipped ${skipped} already there.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/storage-move.ts')) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
