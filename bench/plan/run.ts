// npm run bench:plan — the plan screen with 300 operations (job J299300) in Chromium, against the
// product as a user starts it (npm start: built client, one process, embedded PGlite with demo data,
// a temporary DATA_DIR on a free port). Measures, per run:
//   1. first render: navigation start → the first operation row in the DOM, and → the whole plan
//      shown (300 operations counted, header in, topic in sync); for a full page load (cold, then
//      warm: median of the next loads) and for an in-app navigation (route change → rows);
//   2. input delay of ~20 edits (action-flag clicks and worker-count keystrokes): from the event's
//      timestamp to the next paint (requestAnimationFrame, then a task), p50 / p95; plus the Event
//      Timing API's longest entries;
// and the same for a peer measured in the same run: a plain static HTML table of the same 300
// operations rendered from the same JSON (the LoadProductionPlan2 answer). Prints both and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  freePort,
  launchChromium,
  logIn,
  median,
  ms,
  ok,
  quantile,
  ratio,
  startProduct,
  waitHealthy,
} from '../support';

const JOB = process.env.BENCH_JOB ?? 'J299300';
const USER = process.env.BENCH_USER ?? 'admin';
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const TARGET_FIRST_RENDER_MS = 300;
const TARGET_INPUT_DELAY_MS = 100;

/**
 * Installed in every page before its scripts: marks when the first operation row and the whole plan
 * appear (relative to navigation start, or to `__benchT0` after an in-app navigation), and measures
 * each click or keydown to the next paint.
 */
// Plain JavaScript text, not a function: tsx compiles functions with name helpers (`__name`) that do
// not exist in the page.
const probe = `(() => {
  const bench = { firstRow: null, allShown: null, delays: [], events: [] };
  window.__bench = bench;
  const check = () => {
    const t0 = window.__benchT0 ?? 0;
    if (window.__bench.firstRow === null && document.querySelector('[data-op]')) window.__bench.firstRow = performance.now() - t0;
    if (window.__bench.allShown === null && document.querySelector('[data-plan-complete="true"]')) {
      window.__bench.allShown = performance.now() - t0;
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const onInput = (e) => {
    const start = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__bench.delays.push(performance.now() - start), 0));
  };
  addEventListener('click', onInput, true);
  addEventListener('keydown', onInput, true);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (['click', 'keydown', 'pointerdown', 'pointerup', 'keyup'].includes(entry.name)) {
          window.__bench.events.push(entry.duration);
        }
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  } catch {}
})();`;

type Bench = { firstRow: number | null; allShown: number | null; delays: number[]; events: number[] };
const readBench = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

async function waitFor(page: Page, what: 'firstRow' | 'allShown', timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(
    (key) => (window as unknown as { __bench: Bench }).__bench?.[key as 'firstRow'] !== null,
    what,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await readBench(page))[what] as number;
}

/** ~EDITS edits on the visible operations: action-flag clicks and worker-count keystrokes. */
async function edit(page: Page, rowSelector: string, flagSelector: string, numberSelector: string) {
  const rows = page.locator(rowSelector);
  const count = Math.min(await rows.count(), 8);
  for (let i = 0; i < EDITS; i++) {
    const row = rows.nth(i % count);
    if (i % 2 === 0) {
      await row.locator(flagSelector).first().click();
    } else {
      const input = row.locator(numberSelector).first();
      await input.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(String(1 + (i % 4)));
      await page.keyboard.press('Enter');
    }
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(300);
  return readBench(page);
}

function peerHtml(plan: unknown): string {
  // The same 300 operations as a plain table, built once from the JSON, with a toggle and an input
  // per row (the same kinds of edits).
  return `<!doctype html><html><head><meta charset="utf-8"><title>peer</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}
button.on{background:#13314f;color:#fff}</style></head><body><h1>Production plan (static table)</h1>
<table><thead><tr><th>Seq</th><th>Resource</th><th>Rate type</th><th>Workers</th><th>Qty</th><th>Production</th><th>Cost</th><th>Pack</th></tr></thead><tbody id="ops"></tbody></table>
<script>
const plan = ${JSON.stringify(plan).replace(/</g, '\\u003c')};
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
document.getElementById('ops').innerHTML = plan.Operations.map((o) =>
  '<tr data-op="' + o.ProductionPlanOperationID + '"><td>' + o.Sequence + '</td><td>' + esc(o.ResourceID) + '</td><td>' + o.RateType +
  '</td><td><input name="WorkerCount" size="4" value="' + o.WorkerCount + '"></td><td>' + o.ProductionQuantity + '</td><td>' +
  o.ProductionEstimate + '</td><td>' + o.CostEstimate + '</td><td><button name="ActionPack" class="' + (o.ActionPack ? 'on' : '') + '">Pack</button></td></tr>').join('');
document.body.dataset.planComplete = 'true';
document.addEventListener('click', (e) => { const b = e.target.closest('button'); if (b) b.classList.toggle('on'); });
</script></body></html>`;
}

interface Figures {
  coldFirstRow: number;
  coldAllShown: number;
  warmFirstRow: number;
  warmAllShown: number;
  navFirstRow: number;
  navAllShown: number;
  introFirstRow: number;
  introAllShown: number;
  p50: number;
  p95: number;
  eventMax: number;
  events: number;
}

async function measureOurs(browser: Browser, base: string): Promise<{ figures: Figures; plan: unknown }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: probe });
  const page = await context.newPage();
  await logIn(page, USER);
  // The plan as the server answers it (the peer renders the same JSON).
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('sw.session') ?? 'null'));
  const q = new URLSearchParams({ JobNumber: JOB, TransmissionInfoJSON: '{}', Interface: 'manufacturing' });
  const res = await page.request.get(`/api/web/LoadProductionPlan2?${q}`, {
    headers: { Authorization: session.TokenID, EmployeeID: String(session.EmployeeID) },
  });
  const body = await res.json();
  if (body.Error) throw new Error(`LoadProductionPlan2: ${body.Message}`);
  const plan = JSON.parse(body.ResultJSON).Plan;

  const first: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(`/productionplan/${JOB}`);
    first.push(await waitFor(page, 'firstRow'));
    all.push(await waitFor(page, 'allShown'));
  }
  // In-app: a route change (as a link does), from the plan list (the way planners open a plan; its
  // screens share the plan's chunk) and from Intro (the plan's chunk not loaded yet).
  async function navigateFrom(origin: string) {
    const nav: { first: number; all: number }[] = [];
    const marks: { render: number | null; loadStart: number | null; loadDone: number | null }[] = [];
    for (let i = 0; i < Math.max(1, LOADS - 1); i++) {
      await page.goto(origin);
      await page.waitForSelector('h1, h2');
      await page.waitForTimeout(300);
      await page.evaluate((job) => {
        const w = window as unknown as Record<string, unknown>;
        const bench = w.__bench as Bench;
        bench.firstRow = null;
        bench.allShown = null;
        w.__benchT0 = performance.now();
        history.pushState({}, '', `/productionplan/${job}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, JOB);
      nav.push({ first: await waitFor(page, 'firstRow'), all: await waitFor(page, 'allShown') });
      marks.push(
        // A string: functions compiled by tsx carry `__name` helpers the page does not have.
        await page.evaluate(`(() => {
          const t0 = window.__benchT0;
          const names = ['plan:first-render', 'plan:load-start', 'plan:load-done'];
          const [render, loadStart, loadDone] = names.map((name) => {
            const m = performance.getEntriesByName(name, 'mark').at(-1);
            return m ? Math.round(m.startTime - t0) : null;
          });
          return { render, loadStart, loadDone };
        })()`),
      );
    }
    console.log(
      `in-app navigations from ${origin} (ms from the route change): ${nav
        .map(
          (n, i) =>
            `screen rendered ${marks[i]?.render}, LoadProductionPlan2 sent ${marks[i]?.loadStart}, answered ${marks[i]?.loadDone}, first row ${Math.round(n.first)}, whole plan ${Math.round(n.all)}`,
        )
        .join('; ')}`,
    );
    return nav;
  }
  const nav = await navigateFrom('/productionplans');
  const navIntro = await navigateFrom('/intro');
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    b.delays = [];
    b.events = [];
  });
  const edited = await edit(page, '[data-op]', 'button[name="ActionPack"]', 'input[name="WorkerCount"]');
  await context.close();
  return {
    plan,
    figures: {
      coldFirstRow: first[0] ?? Number.NaN,
      coldAllShown: all[0] ?? Number.NaN,
      warmFirstRow: median(first.slice(1)),
      warmAllShown: median(all.slice(1)),
      navFirstRow: median(nav.map((n) => n.first)),
      navAllShown: median(nav.map((n) => n.all)),
      introFirstRow: median(navIntro.map((n) => n.first)),
      introAllShown: median(navIntro.map((n) => n.all)),
      p50: median(edited.delays),
      p95: quantile(edited.delays, 0.95),
      eventMax: edited.events.length ? Math.max(...edited.events) : 0,
      events: edited.events.length,
    },
  };
}

async function measurePeer(browser: Browser, plan: unknown): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: probe });
  const html = peerHtml(plan);
  await context.route('http://peer.bench/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  const page = await context.newPage();
  const first: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto('http://peer.bench/plan');
    first.push(await waitFor(page, 'firstRow'));
    all.push(await waitFor(page, 'allShown'));
  }
  const edited = await edit(page, '[data-op]', 'button[name="ActionPack"]', 'input[name="WorkerCount"]');
  await context.close();
  return {
    coldFirstRow: first[0] ?? Number.NaN,
    coldAllShown: all[0] ?? Number.NaN,
    warmFirstRow: median(first.slice(1)),
    warmAllShown: median(all.slice(1)),
    navFirstRow: Number.NaN,
    navAllShown: Number.NaN,
    introFirstRow: Number.NaN,
    introAllShown: Number.NaN,
    p50: median(edited.delays),
    p95: quantile(edited.delays, 0.95),
    eventMax: edited.events.length ? Math.max(...edited.events) : 0,
    events: edited.events.length,
  };
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'sw-bench-plan-'));
  const { base, server } = await startProduct(port, dataDir);
  let browser: Browser | null = null;
  try {
    await waitHealthy(base, server);
    browser = await launchChromium();
    const ours = await measureOurs(browser, base);
    const peer = await measurePeer(browser, ours.plan);
    const o = ours.figures;
    console.log(
      `\nPlan ${JOB}: ${(ours.plan as { Operations: unknown[] }).Operations.length} operations, ${LOADS} loads, ${EDITS} edits\n`,
    );
    const rows: [string, number, number, number | null][] = [
      ['first operation row, full load (cold)', o.coldFirstRow, peer.coldFirstRow, null],
      ['first operation row, full load (warm, median)', o.warmFirstRow, peer.warmFirstRow, null],
      [
        'first operation row, opened from the plan list (median)',
        o.navFirstRow,
        Number.NaN,
        TARGET_FIRST_RENDER_MS,
      ],
      [
        'first operation row, opened from Intro (median; chunk not loaded)',
        o.introFirstRow,
        Number.NaN,
        null,
      ],
      ['whole plan shown, full load (cold)', o.coldAllShown, peer.coldAllShown, null],
      ['whole plan shown, full load (warm, median)', o.warmAllShown, peer.warmAllShown, null],
      ['whole plan shown, opened from the plan list (median)', o.navAllShown, Number.NaN, null],
      ['whole plan shown, opened from Intro (median)', o.introAllShown, Number.NaN, null],
      ['input delay p50 (event → next paint)', o.p50, peer.p50, TARGET_INPUT_DELAY_MS],
      ['input delay p95 (event → next paint)', o.p95, peer.p95, TARGET_INPUT_DELAY_MS],
      ['longest Event Timing entry (≥ 16 ms only)', o.eventMax, peer.eventMax, null],
    ];
    console.log('| measure | ours | peer (static table) | ours / peer | target |');
    console.log('|---|---|---|---|---|');
    for (const [name, a, b, target] of rows) {
      console.log(
        `| ${name} | ${ms(a)} | ${ms(b)} | ${ratio(a, b)} | ${target === null ? '' : `≤ ${target} ms: ${ok(a, target)}`} |`,
      );
    }
    console.log(
      `\nFirst render target (≤ ${TARGET_FIRST_RENDER_MS} ms, opened from the plan list): ${ok(o.navFirstRow, TARGET_FIRST_RENDER_MS)}; warm full page load: ${ok(o.warmFirstRow, TARGET_FIRST_RENDER_MS)}. Input delay target (p95 ≤ ${TARGET_INPUT_DELAY_MS} ms): ${ok(o.p95, TARGET_INPUT_DELAY_MS)}.`,
    );
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
