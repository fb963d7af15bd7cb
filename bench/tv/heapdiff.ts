// A leak hunt for one TV page (not part of npm run bench:tv): the product, one board with no login,
// writes at BENCH_SOAK_RATE per second, and two heap snapshots BENCH_DIFF_MINUTES apart (after GC),
// compared by constructor: the classes whose count and size grew most. Usage:
//   node --import tsx bench/tv/heapdiff.ts /tv/faceboard?plant=1
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { wire } from '../../tests/support/wire';
import { freePort, launchChromium, startProduct, waitHealthy } from '../support';

const BOARD = process.argv[2] ?? '/tv/faceboard?plant=1';
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 3);
const MINUTES = Number(process.env.BENCH_DIFF_MINUTES ?? 6);

async function snapshot(cdp: CDPSession): Promise<Map<string, { count: number; size: number }>> {
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const name =
      type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + nameAt]!]! : `(${type})`;
    const e = out.get(name) ?? { count: 0, size: 0 };
    e.count++;
    e.size += snap.nodes[i + sizeAt]!;
    out.set(name, e);
  }
  return out;
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-heapdiff-'));
  const { base, server } = await startProduct(port, dataDir);
  const browser = await launchChromium();
  try {
    await waitHealthy(base, server);
    const api = wire(`${base}/api/`);
    const ahmed = await api.login('akhan');
    const grace = await api.login('glee');
    const act = await api.get<{ Activity: { LaborActivityID: number } }>(
      'shopfloor/GetMyActivity',
      {},
      ahmed,
    );
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}${BOARD}`);
    await page.locator('[data-testid="tv-feed"][data-state="live"]').waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    let n = 0;
    let working = true;
    const drive = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (n++ % 3 === 0) {
          await api.post(
            working ? 'shopfloor/StopActivity' : 'shopfloor/StartIndirectActivity',
            working
              ? { EmployeeID: grace.employeeId }
              : { EmployeeID: grace.employeeId, IndirectCode: 'CLEAN' },
            grace,
          );
          working = !working;
        } else {
          await api.post(
            'shopfloor/RecordCompletions',
            { LaborActivityID: act.result.Activity.LaborActivityID, Quantity: 1, ScrapQuantity: 0 },
            ahmed,
          );
        }
        await new Promise((r) => setTimeout(r, 1000 / RATE));
      }
    };
    await drive(60_000);
    const first = await snapshot(cdp);
    await drive(MINUTES * 60_000);
    const second = await snapshot(cdp);
    const rows = [...second].map(([name, b]) => {
      const a = first.get(name) ?? { count: 0, size: 0 };
      return { name, dCount: b.count - a.count, dSize: b.size - a.size, count: b.count };
    });
    rows.sort((x, y) => y.dSize - x.dSize);
    console.log(`${n} writes; growth over ${MINUTES} min by constructor (size, count):`);
    for (const r of rows.slice(0, 25))
      console.log(
        `${String(r.dSize).padStart(9)} B ${String(r.dCount).padStart(6)}  ${r.name} (now ${r.count})`,
      );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
