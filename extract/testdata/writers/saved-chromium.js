// snap.js saves http://127.0.0.1:8765/sub/page.html as MHTML with
// Debian's chromium, through playwright-core and the DevTools protocol's
// Page.captureSnapshot (what "Save page as... single file" writes).
const { chromium } = require('playwright-core');
const fs = require('fs');
(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.goto('http://127.0.0.1:8765/sub/page.html', { waitUntil: 'load' });
  const cdp = await page.context().newCDPSession(page);
  const { data } = await cdp.send('Page.captureSnapshot', { format: 'mhtml' });
  fs.writeFileSync(process.argv[2] || 'page.mhtml', data);
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
