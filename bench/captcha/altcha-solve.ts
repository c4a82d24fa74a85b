/**
 * What one ALTCHA solve costs at a given ALTCHA_MAX_NUMBER (README configuration
 * table): in Node, as automation would solve it, and in Chromium under 4x CPU
 * throttling, in a worker as the widget solves it, as a stand-in for a
 * mid-range phone. The server picks the counter at random in 1..max, so a solve
 * tries max/2 numbers on average; the figures are medians of many challenges.
 *
 *   npx tsx bench/captcha/altcha-solve.ts [maxNumber ...]   (default 50000 and 150000)
 */
import { performance } from 'node:perf_hooks';
import { createChallenge, randomInt, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { build } from 'esbuild';
import { launchChromium } from '../web/browser.ts';

const CHALLENGES = Number(process.env.CHALLENGES ?? 25);
const THROTTLING = 4;
const maxNumbers = process.argv.slice(2).map(Number);
if (maxNumbers.length === 0) maxNumbers.push(50_000, 150_000);

const secret = 'bench-secret';
const challengeFor = (maxNumber: number) =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(maxNumber),
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}-key`,
  });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * The solver the worker runs: altcha-lib's with its WebCrypto SHA-256, one
 * digest per try as the widget's SHA worker (altcha/workers/sha) does.
 */
async function workerSource(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { solveChallenge } from 'altcha-lib';
        import { deriveKey } from 'altcha-lib/algorithms/web/sha';
        self.onmessage = async (event) => {
          const started = performance.now();
          const solution = await solveChallenge({ challenge: event.data, deriveKey });
          self.postMessage({ ms: performance.now() - started, solved: Boolean(solution) });
        };`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

const browser = await launchChromium();
const page = await browser.newPage();
// A secure context (WebCrypto), without a server: the page is answered here.
await page.route('http://localhost/bench', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
);
await page.goto('http://localhost/bench');
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING });
const source = await workerSource();

for (const maxNumber of maxNumbers) {
  const challenges: Challenge[] = [];
  for (let i = 0; i < CHALLENGES; i++) challenges.push(await challengeFor(maxNumber));

  const nodeMs: number[] = [];
  for (const challenge of challenges) {
    const started = performance.now();
    if (!(await solveChallenge({ challenge, deriveKey }))) throw new Error('unsolved');
    nodeMs.push(performance.now() - started);
  }

  const browserMs = await page.evaluate(
    async ({ source, challenges }) => {
      const worker = new Worker(URL.createObjectURL(new Blob([source])));
      const times: number[] = [];
      for (const challenge of challenges) {
        const answer = await new Promise<{ ms: number; solved: boolean }>((resolve) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.postMessage(challenge);
        });
        if (!answer.solved) throw new Error('unsolved');
        times.push(answer.ms);
      }
      worker.terminate();
      return times;
    },
    { source, challenges },
  );

  console.log(
    `ALTCHA_MAX_NUMBER=${maxNumber}: Node median ${median(nodeMs).toFixed(0)} ms ` +
      `(mean ${mean(nodeMs).toFixed(0)}); Chromium at ${THROTTLING}x CPU throttling, in a worker, ` +
      `median ${median(browserMs).toFixed(0)} ms (mean ${mean(browserMs).toFixed(0)}); ` +
      `${CHALLENGES} challenges`,
  );
}
await browser.close();
