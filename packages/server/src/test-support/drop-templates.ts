// `node --import tsx drop-templates.ts RUN`: removes the seeded templates of one run of the suites
// (test-database.ts), called by scripts/test.mjs when the run ends.
import { dropTemplates } from './test-database.ts';

const run = process.argv[2];
if (!run || !/^[a-z0-9]{1,16}$/.test(run)) {
  console.error('usage: drop-templates.ts RUN');
  process.exit(2);
}
await dropTemplates(run);
