// Runs npm scripts at the same time and fails if any fails: `node scripts/together.mjs lint
// typecheck`. Each script's output is held and printed whole when it ends, so the two never
// interleave. The test command uses it for lint and typecheck: each is mostly one thread, and CI's
// machine has two cores (docs/decisions/0100-ci-time.md).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/together.mjs <npm script>...');
  process.exit(2);
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      });
      const chunks = [];
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n> ${name} (${seconds} s)\n${Buffer.concat(chunks).toString()}`);
        if (code !== 0) console.error(`${name} failed (${signal ?? `exit ${code}`})`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
