/**
 * npm run bench -- web [--port 18765] [--runs 1] [--only PAGE] (pages whose name contains PAGE) [--save DIR]
 * (--save: every run's full Lighthouse report as JSON in DIR, to read what costs the points)
 *
 * Lighthouse (the `lighthouse` package, driving Debian's /usr/bin/chromium; mobile form factor with its default
 * simulated throttling) on the real web app served by the real server (fresh SQLite data directory, one demo
 * camera): sign-in, /demo/cameras, /demo/events, /demo/playback and /shared/:token (an unknown token: the share
 * page's own screen, without a video). Per page: performance, accessibility and best-practices scores, LCP, CLS and
 * the JavaScript transferred; then one JSON line. Targets (issue 21): scores >= 95, LCP <= 1.5 s, CLS <= 0.05.
 * The web app must be built (npm run build). Ports: --port (server), +1 (demo camera), +2 (Chromium's debugger).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '18765' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    save: { type: 'string' },
  },
});
const port = Number(values.port);
const runs = Number(values.runs);
const base = `http://127.0.0.1:${port}`;

const PAGES: readonly [string, string][] = [
  ['sign-in', '/sign-in'],
  ['cameras (demo)', '/demo/cameras'],
  ['events (demo)', '/demo/events'],
  ['playback (demo)', '/demo/playback'],
  ['shared', '/shared/bench-unknown-token'],
];

interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  jsKB: number;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_CAMERAS: '1',
      DEMO_CAMERAS_PORT: String(port + 1),
      SECRET_KEY: 'web bench secret key, long enough for the server',
    },
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not answer /health within 60 s');
}

type Audits = Record<
  string,
  {
    numericValue?: number;
    details?: {
      items?: {
        resourceType?: string;
        transferSize?: number;
        score?: number;
        node?: { selector?: string };
      }[];
    };
  }
>;

async function audit(url: string, chromePort: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    writeFileSync(join(values.save, name), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr as unknown as {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Audits;
    runtimeError?: { code: string };
  };
  // Headless Chromium on a loaded machine sometimes reports no paint at all (NO_FCP): that run says nothing.
  if (runtimeError) throw new Error(`${runtimeError.code} on ${url}`);
  const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
  // What cost accessibility and best-practices points, by audit: what to fix next.
  for (const k of ['accessibility', 'best-practices'])
    for (const ref of categories[k]?.auditRefs ?? [])
      if (ref.weight > 0 && (audits[ref.id] as { score?: number | null } | undefined)?.score === 0)
        console.log(
          `  ${k}: ${ref.id}`,
          (audits[ref.id]?.details?.items ?? [])
            .slice(0, 3)
            .map(
              (i) =>
                (i as { node?: { selector?: string }; issueType?: string }).node?.selector ??
                (i as { issueType?: string }).issueType,
            )
            .join(' | '),
        );
  // What moved, when something did: the elements Lighthouse blames, to find a shift's cause.
  for (const shift of audits['layout-shifts']?.details?.items ?? [])
    console.log(`  shift ${shift.score?.toFixed(3)} ${shift.node?.selector ?? '(unknown element)'}`);
  const js = (audits['network-requests']?.details?.items ?? [])
    .filter((i) => i.resourceType === 'Script')
    .reduce((s, i) => s + (i.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
    jsKB: Math.round(js / 102.4) / 10,
  };
}

/** A run that failed to load (NO_FCP and the like) is tried again, twice at most. */
async function auditRetried(url: string, chromePort: number): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, chromePort);
    } catch (e) {
      if (attempt === 3) throw e;
      console.log(`  (${e instanceof Error ? e.message : String(e)}; again)`);
    }
  }
}

/** The run with the median performance score, per page. */
function median(xs: PageFigures[]): PageFigures {
  return [...xs].sort((a, b) => a.performance - b.performance)[Math.floor(xs.length / 2)]!;
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('web: build the web app first (npm run build)');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-web-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  port: port + 2,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const figures: Record<string, PageFigures> = {};
try {
  console.log(`web: Lighthouse ${runs} run(s) per page, mobile profile, simulated throttling`);
  console.log('page              perf  a11y  best   LCP ms    CLS   JS KB');
  for (const [name, path] of PAGES.filter(([n]) => !values.only || n.includes(values.only))) {
    const all: PageFigures[] = [];
    for (let i = 0; i < runs; i++) all.push(await auditRetried(base + path, port + 2));
    const f = median(all);
    figures[name] = f;
    console.log(
      `${name.padEnd(17)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.bestPractices).padStart(4)}  ${String(f.lcpMs).padStart(7)}  ${f.cls.toFixed(3).padStart(5)}  ${f.jsKB.toFixed(1).padStart(6)}`,
    );
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ bench: 'web', runs, pages: figures }));
