# gen.py writes the sources of the benchmark documents (issue 27):
# links.html (400 paragraphs, 5 links and a bare URL each), sheet.html
# (a table of 1,500 rows, a link and a bare URL each), slides.md (40
# slides, two links and a bare URL each). python3 gen.py; see README.md.
import random
random.seed(27)
words = ("the of and to in a is that for it as was with be by on not he this are or his from "
         "at which but have an they you were her she there been one all we their has would when").split()
def prose(n):
    return " ".join(random.choice(words) for _ in range(n))
out = ['<!DOCTYPE html><html><head><meta charset="utf-8"><title>Links</title></head><body>']
for i in range(1, 401):
    if i % 40 == 1:
        out.append(f'<h2 id="s{i}">Section {i}</h2>')
    out.append(f'<p>{prose(25)} <a href="https://example.org/docs/{i}.html#part-{i%7}">chapter {i}</a> '
               f'{prose(15)} https://example.com/search?q={i}&amp;lang=en {prose(10)} '
               f'<a href="notes/n{i}.html">note {i}</a> {prose(20)} <b>{prose(5)}</b> <i>{prose(4)}</i>, '
               f'mail <a href="mailto:user{i}@example.net">user{i}</a>, see <a href="#s{1+40*((i-1)//40)}">above</a>.</p>')
out.append('</body></html>')
open('links.html', 'w').write("\n".join(out) + "\n")
rows = ['<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><table>',
        '<tr><th>n</th><th>link</th><th>text</th><th>note</th></tr>']
for i in range(1, 1501):
    rows.append(f'<tr><td>{i}</td><td><a href="https://example.org/item/{i}#d">item {i}</a></td>'
                f'<td>{prose(8)} https://example.com/t/{i}</td><td>{prose(6)}</td></tr>')
rows.append('</table></body></html>')
open('sheet.html', 'w').write("\n".join(rows) + "\n")
sl = []
for i in range(1, 41):
    sl.append(f'# Slide {i}\n\n- {prose(10)} [link {i}](https://example.org/slide/{i}#k)\n'
              f'- {prose(12)} https://example.com/s/{i}\n- {prose(8)} [rel](notes/s{i}.html)\n')
open('slides.md', 'w').write("\n".join(sl))
