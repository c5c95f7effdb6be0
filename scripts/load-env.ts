// Imported first by the command-line scripts so that they see the same settings as `npm start`:
// `.env` when there is one (see .env.example), read by Node's own loader. Variables already set
// in the environment win over the file.
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
