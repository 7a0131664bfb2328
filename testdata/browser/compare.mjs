// compare.mjs: compare urix's resolved links with what headless Chromium
// resolves for the same pages (element.href/.src/.action with JavaScript off).
// Not part of go test. See README.md in this directory.
//
// usage: node compare.mjs URIX CORPUS PORT LISTFILE OUTDIR
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [urix, corpus, port, listFile, outDir] = process.argv.slice(2);
const pages = fs.readFileSync(listFile, 'utf8').split('\n').filter(Boolean);
const SEL = [['a', 'href'], ['area', 'href'], ['link', 'href'], ['img', 'src'],
  ['script', 'src'], ['iframe', 'src'], ['form', 'action']];

const browser = await chromium.launchPersistentContext(
  fs.mkdtempSync(path.join(os.tmpdir(), 'rb-chrome-')), {
    executablePath: '/usr/bin/chromium', headless: true, javaScriptEnabled: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
// Only the page itself is fetched (a meta refresh must not navigate away).
let target = '';
await browser.route('**/*', (r) => (r.request().isNavigationRequest() && r.request().url() === target ? r.continue() : r.abort()));
const page = await browser.newPage();

const out = fs.createWriteStream(path.join(outDir, 'diffs.jsonl'));
// The links that agree with --normalize only (see classify.py).
const printed = fs.createWriteStream(path.join(outDir, 'diffs-printed.jsonl'));
let nPages = 0, nLinks = 0, nRaw = 0, nNorm = 0;
const perPage = [];
for (const rel of pages) {
  const url = `http://127.0.0.1:${port}/${rel.split('/').map(encodeURIComponent).join('/')}`;
  target = url;
  let got;
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 20000 });
    got = await page.evaluate((sel) => {
    const res = {};
    for (const [tag, attr] of sel) {
      const list = [];
      // urix reads the inert markup of templates too: so does this.
      const all = [];
      const walk = (root, tmpl) => {
        for (const el of root.querySelectorAll(`${tag}[${attr}], template`)) {
          if (el.localName === 'template') walk(el.content, true);
          else all.push([el, tmpl]);
        }
      };
      walk(document, false);
      // The prototype's getter: <input name=action> in a form clobbers form.action.
      const get = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(document.createElement(tag)), attr).get;
      for (const [el, tmpl] of all) {
        if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
        const raw = el.getAttribute(attr);
        // form.action is the document URL for an empty attribute, like urix; keep both.
        list.push({ raw, res: get.call(el), tmpl });
      }
      res[`${tag}/${attr}`] = list;
    }
    return { res, charset: document.characterSet, base: document.baseURI };
    }, SEL);
  } catch (e) { console.error(rel, e.message); continue; }
  const run = (norm) => {
    const args = ['--json', '--type', 'html', '--base', url];
    if (norm) args.push('--normalize');
    args.push(path.join(corpus, rel));
    let txt = '';
    try { txt = execFileSync(urix, args, { encoding: 'utf8', maxBuffer: 1 << 28 }); }
    catch (e) { txt = e.stdout || ''; }
    const m = {};
    for (const line of txt.split('\n').filter(Boolean)) {
      const l = JSON.parse(line);
      const k = `${l.tag}/${l.attr}`;
      (m[k] ||= []).push(l);
    }
    return m;
  };
  const raw = run(false), norm = run(true);
  // Whether the page is valid UTF-8 with 8-bit bytes: urix reads it as UTF-8
  // when it declares nothing, Chromium over http does not (see README.md).
  const bytes = fs.readFileSync(path.join(corpus, rel));
  let utf8 = false;
  if (bytes.some((c) => c >= 0x80)) {
    try { new TextDecoder('utf-8', { fatal: true }).decode(bytes); utf8 = true; } catch { /* not UTF-8 */ }
  }
  nPages++;
  let pl = 0, pr = 0, pn = 0;
  for (const [tag, attr] of SEL) {
    const k = `${tag}/${attr}`;
    const b = got.res[k] || [], u = raw[k] || [], n = norm[k] || [];
    // Align by attribute value in document order, so one element missed or
    // added on either side does not shift every later pair.
    for (const [bb, uu, nn] of align(b, u, n)) {
      pl++;
      const okRaw = bb && uu && bb.res === uu.uri;
      const okNorm = bb && nn && bb.res === nn.uri;
      if (okRaw) pr++;
      if (okNorm) pn++;
      if (!okNorm) {
        out.write(JSON.stringify({ page: rel, key: k, charset: got.charset, utf8,
          browserBase: got.base, attr: bb?.raw, browser: bb?.res, tmpl: bb?.tmpl,
          urixHas: !uu && bb ? u.some((y) => same(bb, y)) : undefined, urix: uu?.uri,
          urixN: nn?.uri, ref: uu?.ref, base: uu?.base, base_source: uu?.base_source,
          line: uu?.line, nBrowser: b.length, nUrix: u.length }) + '\n');
      } else if (!okRaw) {
        printed.write(JSON.stringify({ page: rel, key: k, browser: bb.res, urix: uu?.uri, urixN: nn.uri }) + '\n');
      }
    }
  }
  nLinks += pl; nRaw += pr; nNorm += pn;
  perPage.push({ page: rel, charset: got.charset, utf8, links: pl, raw: pr, norm: pn });
}
await browser.close();
out.end();
printed.end();
const sum = { pages: nPages, links: nLinks, agreeRaw: nRaw, agreeNormalized: nNorm,
  rateRaw: nLinks ? nRaw / nLinks : 0, rateNormalized: nLinks ? nNorm / nLinks : 0 };
fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(sum, null, 1) + '\n');
fs.writeFileSync(path.join(outDir, 'pages.json'), JSON.stringify(perPage) + '\n');
console.log(JSON.stringify(sum));

// strip drops the leading and trailing C0 controls and spaces of an
// attribute value, as the URL parser does (WHATWG URL §4.4): urix's ref is
// the value as written, getAttribute's too, so both sides are stripped.
function strip(s) { return s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, ''); }

// same reports whether browser item x and urix item y hold the same value.
function same(x, y) { return strip(x.raw) === strip(y.ref); }

// align pairs browser items b with urix items u (and n, u normalized) whose
// attribute values match, looking ahead at most 200 items on either side;
// a pair found on neither side is the same element resolved differently.
function align(b, u, n) {
  const pairs = [];
  let i = 0, j = 0;
  while (i < b.length && j < u.length) {
    if (same(b[i], u[j])) { pairs.push([b[i++], u[j], n[j++]]); continue; }
    let jj = u.slice(j, j + 200).findIndex((y) => same(b[i], y));
    let ii = b.slice(i, i + 200).findIndex((x) => same(x, u[j]));
    if (jj < 0 && ii < 0) { pairs.push([b[i++], u[j], n[j++]]); continue; }
    if (jj >= 0 && (ii < 0 || jj <= ii)) { for (; jj > 0; jj--) pairs.push([undefined, u[j], n[j++]]); }
    else { for (; ii > 0; ii--) pairs.push([b[i++], undefined, undefined]); }
  }
  while (i < b.length) pairs.push([b[i++], undefined, undefined]);
  while (j < u.length) pairs.push([undefined, u[j], n[j++]]);
  return pairs;
}
