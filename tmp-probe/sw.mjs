import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { readFileSync, mkdtempSync } from 'node:fs';
const busy = () => { const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6]+f[7]) / 100; };
const site = await serve('dist', { port: 0, coi: true });
for (const sw of ['allow', 'block']) {
  const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/prof-'), { executablePath: process.env.CHROMIUM, headless: true, serviceWorkers: sw, args: ['--no-sandbox', '--disable-gpu'], viewport: { width: 1280, height: 1000 } });
  const out = [];
  for (let i = 0; i < 6; i++) {
    const b = busy(), t = Date.now();
    const page = await ctx.newPage();
    await page.goto(site.url + '?game=shogi');
    await page.waitForSelector('#engine-status[data-state="ready"]');
    const lt = Date.now();
    await page.waitForTimeout(1500);
    await page.close();
    out.push(`${(lt - t)}ms/${(busy() - b).toFixed(2)}cpu`);
  }
  console.log(sw, out.join(' '));
  await ctx.close();
}
site.server.close();
