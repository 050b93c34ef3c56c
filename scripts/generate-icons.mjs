// Writes the static assets in public/ from public/icon.svg: favicon.ico (16, 32 and 48 px PNGs in an
// ICO), icon-192.png, icon-512.png, apple-touch-icon.png and og-image.png (1200×630). Chromium
// renders them (the browser the tests use, CHROMIUM_PATH), so no image library and no download.
// Run after changing the icon: node scripts/generate-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.join(process.cwd(), 'public');
const icon = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
const iconUrl = `data:image/svg+xml;base64,${Buffer.from(icon).toString('base64')}`;

const ogHtml = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
  padding:0 96px;box-sizing:border-box;background:linear-gradient(135deg,#0f172a 0%,#1e1b4b 100%);color:#f8fafc;font-family:'DejaVu Sans',sans-serif">
  <div style="display:flex;align-items:center;gap:32px"><img src="${iconUrl}" width="128" height="128">
  <div style="font-size:84px;font-weight:700;letter-spacing:-2px">Stigmem Health</div></div>
  <div style="margin-top:48px;font-size:38px;line-height:1.35;color:#c7d2fe;max-width:980px">Find the rot in your agents' knowledge base: contradictions, stale values, orphaned entities and broken references, and fix them.</div>
</body></html>`;

function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  async function renderIcon(size) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0"><img src="${iconUrl}" width="${size}" height="${size}" style="display:block"></body></html>`);
    return page.screenshot({ omitBackground: true, type: 'png' });
  }
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, data: await renderIcon(size) });
  writeFileSync(path.join(publicDir, 'favicon.ico'), ico(small));
  writeFileSync(path.join(publicDir, 'icon-192.png'), await renderIcon(192));
  writeFileSync(path.join(publicDir, 'icon-512.png'), await renderIcon(512));
  writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await renderIcon(180));
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(ogHtml);
  writeFileSync(path.join(publicDir, 'og-image.png'), await page.screenshot({ type: 'png' }));
  console.log('wrote public/favicon.ico, icon-192.png, icon-512.png, apple-touch-icon.png, og-image.png');
} finally {
  await browser.close();
}
