import path from 'node:path';
import { BASELINE_FILE, checkArchitecture, readBaseline } from './check.js';
import { formatViolation } from './violation.js';

/**
 * `npm run lint:architecture [root]`: one line per violation, `<file>:<line> <rule>: <message>`, and exit 1
 * when there is any (or when a baseline entry no longer occurs: take it out of baseline.txt).
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const repository = path.resolve(here, '..', '..', '..');
const root = path.resolve(process.argv[2] ?? repository);
const { violations, known, stale } = await checkArchitecture(root, {
  configRoot: repository,
  baseline: readBaseline(BASELINE_FILE),
});
for (const violation of violations) console.log(formatViolation(violation));
for (const key of stale)
  console.log(`packages/architecture/baseline.txt:1 baseline-stale: '${key}' no longer occurs: remove it`);
if (known.length)
  console.error(`(${known.length} known violation(s) in packages/architecture/baseline.txt not shown)`);
console.error(`${violations.length + stale.length} architecture violation(s)`);
process.exitCode = violations.length + stale.length > 0 ? 1 : 0;
