#!/usr/bin/env python3
"""classify.py: sort the differences compare.mjs wrote (results/diffs.jsonl)
into classes, with counts and an example each. usage: classify.py [DIR]"""
import collections
import json
import re
import sys
import urllib.parse

d = sys.argv[1] if len(sys.argv) > 1 else 'results'
rows = [json.loads(l) for l in open(f'{d}/diffs.jsonl')]

# ASCII characters RFC 3986 wants percent-encoded where the WHATWG URL
# standard's encode sets leave them (| [ ] { } " ^ ` space, # in a fragment),
# or the other way round (' in a special URL's query).
SETS = re.compile(r'%(7C|5B|5D|7B|7D|22|5E|60|20|23|27|3C|3E|5C)', re.I)

def loose(s):
    return SETS.sub(lambda m: chr(int(m.group(1), 16)), s).replace(' ', '%20')


def klass(r):
    b, u, n = r.get('browser'), r.get('urix'), r.get('urixN')
    if b is None:
        return 'urix extra (not an element in the browser DOM)'
    if u is None:
        if r.get('urixHas'):
            return 'parse: the tree builder clones a misnested <a> (adoption agency, HTML §13.2.6.4.7): one tag, several elements'
        return 'urix missing (element only in the browser DOM)'
    if r.get('tmpl'):
        return 'template content: the browser resolves it against the inert document (about:blank); urix against the page base'
    if b == u:
        return 'normalization only: --normalize uppercases %xx, decodes %-encoded unreserved (RFC 3986 §6.2.2)'
    if loose(b) == loose(u) or loose(b) == loose(n or ''):
        return 'encode sets: RFC 3986 percent-encodes | [ ] { } " space # ^ `; WHATWG leaves them (and encodes \' in query)'
    if b == (r.get('attr') or '').strip() and re.match(r'(?i)[a-z][a-z0-9+.-]*:\.\.?/', b):
        return ('dot segments of a rootless path (cid:./x): RFC 3986 §5.2.2 removes them; '
                'WHATWG leaves the opaque path of a non-special URL as it is')
    if b == (r.get('attr') or '').strip():
        return 'browser rejects the URL (WHATWG parser failure: the property gives the attribute); RFC 3986 accepts it'
    if b.lower() == u.lower():
        return 'case only'
    attr = r.get('attr') or ''
    if r.get('utf8') and r.get('charset') != 'UTF-8' and not attr.isascii():
        return ('charset: valid UTF-8 that declares no encoding: urix reads it as UTF-8, as a browser reads the file '
                '(HTML §13.2.3.2 step 8); Chromium detects no UTF-8 over http and reads windows-1252 (or its guess)')
    if attr.strip().lower().startswith('data:') and re.search('[\t\n\r]', attr) and re.sub('%0[9AD]', '', b) == u:
        return 'data: URL: Chromium keeps its tabs and newlines (as %0A); the URL standard removes them, as urix does'
    if canon(b) == canon(n or ''):
        return ('normalization: the browser does some of RFC 3986 §6.2.2-3 (host case, an empty port), '
                '--normalize all (also %xx of unreserved decoded)')
    k = authority(r, b, n or '')
    if k:
        return k
    if b.lower().startswith('file:///') and re.match(r'(?i)file:////+', n or '') and canon(b[8:]) == canon(re.sub('^/+', '', n[8:])):
        return ('file: URL with extra slashes: WHATWG drops the empty segments at its start; '
                'urix keeps the path as written (RFC 8089)')
    if u.lower().startswith('ftp://') and b == u + '/':
        return 'ftp: empty path: WHATWG writes "/"; urix --normalize leaves it empty (uri: ftp is not among the schemes whose empty path is "/")'
    return 'other'


def canon(s):
    """s with the %xx of unreserved characters decoded, the others in upper
    case, and the encode-set characters as they are (see loose)."""
    s = re.sub('%([0-9A-Fa-f]{2})', lambda m: chr(int(m.group(1), 16)) if re.match(r'[A-Za-z0-9._~-]', chr(int(m.group(1), 16))) else '%' + m.group(1).upper(), s)
    return loose(s)


def authority(r, b, n):
    """The class of a difference in the authority alone (the rest the same
    but for normalization and encode sets), or None."""
    bs, ns = urllib.parse.urlsplit(b), urllib.parse.urlsplit(n)
    def rest(x):
        return urllib.parse.urlunsplit(('', '', x.path, x.query, x.fragment))
    raw = urllib.parse.urlsplit((r.get('attr') or '').replace('\n', '').replace('\t', '').strip()).netloc
    if re.search(r'[ \n\t]', raw.rpartition('@')[2]):
        return ('host with a space: the URL standard rejects it (Chromium gives it as %20); '
                'urix reports the value with an invalid-reference warning')
    if bs.netloc == ns.netloc or canon(rest(bs)) != canon(rest(ns)):
        return None
    bu, _, bh = bs.netloc.rpartition('@')
    nu, _, nh = ns.netloc.rpartition('@')
    if bh.lower() == nh.lower() and bu != nu and canon(bu.replace('%3D', '=').replace('%3B', ';')) == canon(nu):
        return 'userinfo: WHATWG percent-encodes = and ; there; RFC 3986 allows them and urix keeps them'
    return ('host: the WHATWG host parser percent-decodes it and reads a number as IPv4 '
            '(3286983112 is 195.235.97.200); RFC 3986 keeps a reg-name as it is (%xx of unreserved decoded by --normalize)')


c = collections.Counter()
ex = {}
for r in rows:
    k = klass(r)
    c[k] += 1
    ex.setdefault(k, r)
s = json.load(open(f'{d}/summary.json'))
print(f"pages {s['pages']}, links {s['links']}, agree {s['agreeRaw']} ({s['rateRaw']:.4f}) as printed, "
      f"{s['agreeNormalized']} ({s['rateNormalized']:.4f}) with --normalize")
for k, v in c.most_common():
    r = ex[k]
    pages = len({x['page'] for x in rows if klass(x) == k})
    def show(x):
        return (r.get(x) or '')[:100].replace('\n', '\\n').replace('\t', '\\t')
    print(f'\n{v} in {pages} pages: {k}\n  e.g. {r["page"]} {r["key"]} attr={(r.get("attr") or "")[:90]!r}'
          f'\n  browser {show("browser")}\n  urix    {show("urix")}'
          f'\n  urix -N {show("urixN")}')


def printed(r):
    """The class of a link that agrees with the browser with --normalize
    only: what normalization (RFC 3986 §6.2.2-3) the browser does."""
    b, u = r['browser'], r.get('urix') or ''
    m = re.match(r'([a-zA-Z][\w+.-]*://[^/?#]*)(.*)', u, re.S)
    if m and not m.group(2).startswith('/') and b == m.group(1) + '/' + m.group(2):
        return 'empty path: the browser writes "/" after the authority (http, https: RFC 3986 §6.2.3)'
    if b.lower() == u.lower():
        return 'case: the browser lowercases the scheme and host (RFC 3986 §6.2.2.1)'
    if re.sub(r':(80|443)(?=/|$)', '', u) in (b, b.rstrip('/')):
        return 'default port: the browser drops it (RFC 3986 §6.2.3)'
    return 'several of these, or percent-encoding (%xx case, unreserved decoded)'


try:
    rows = [json.loads(l) for l in open(f'{d}/diffs-printed.jsonl')]
except FileNotFoundError:
    rows = []
if rows:
    c = collections.Counter(printed(r) for r in rows)
    print(f'\nAs printed, {len(rows)} links more differ, which agree with --normalize:')
    for k, v in c.most_common():
        print(f'{v:7d}  {k}')
