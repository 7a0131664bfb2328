package delimit

import (
	"slices"
	"testing"
)

// TestLastMisses pins down the six rules of issue 29 on text in several
// scripts, as "Ref style" pairs (" alt=..." for a hyphen at a line break);
// testdata/written.txt holds more of them, one line each.
func TestLastMisses(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		// Rule 1: a ',' or ';' in the host ends the URI; one in the path
		// or the userinfo stays.
		{"comma after the host", "MIRRORS=https://mirror.example.net,backup\n",
			[]string{"https://mirror.example.net bare"}},
		{"a list of hosts", "镜像：https://a.example.cn,https://b.example.cn；Зеркала: https://зеркало.example;https://b.example.ru",
			[]string{"https://a.example.cn bare", "https://b.example.cn bare", "https://xn--80ajfngsk.example bare", "https://b.example.ru bare"}},
		{"comma in the path and the userinfo stays", "https://example.com/a,b,c https://u,v@h.example/x",
			[]string{"https://example.com/a,b,c bare", "https://u,v@h.example/x bare"}},
		{"a quoted-printable soft break is no cut", "http://www=\n.example.com/", nil},
		{"a placeholder in the userinfo", `"https://x-token:%[1]s@git.example.com/team/repo.git"`,
			[]string{"https://x-token:%[1]s@git.example.com/team/repo.git template"}},

		// Rule 2: labels and note marks glued after a URI.
		{"AsciiDoc include", "include::https://example.net/part.adoc[]\n", []string{"https://example.net/part.adoc bare"}},
		{"labels and notes", "https://example.net/page[Docs] and https://example.net/x[2]. https://example.net/y[^3]",
			[]string{"https://example.net/page bare", "https://example.net/x bare", "https://example.net/y bare"}},
		{"labels in other scripts", "见 https://example.cn/guide[文档]。 Документация: https://example.ru/d[Документация], עיין https://example.co.il/d[2] ובהצלחה",
			[]string{"https://example.cn/guide bare", "https://example.ru/d bare", "https://example.co.il/d bare"}},
		{"array syntax in a query stays", "https://example.net/q?a[]=1 https://example.net/q?a[0]=x https://example.net/q?x=1&b[]",
			[]string{"https://example.net/q?a%5B%5D=1 bare", "https://example.net/q?a%5B0%5D=x bare", "https://example.net/q?x=1&b%5B%5D bare"}},
		{"closing BBCode and console markup tags", "[url]http://example.com/a/[/url] [COLOR=\"Red\"]http://x.example/p.html[/COLOR]] [link]https://y.example/h.html[/link]",
			[]string{"http://example.com/a/ bare", "http://x.example/p.html bare", "https://y.example/h.html bare"}},
		{"brackets the URL goes on after, or after a slash", "https://example.net/f[1].html https://example.net/p/[1] http://example.org/a[b]",
			[]string{"https://example.net/f%5B1%5D.html bare", "https://example.net/p/%5B1%5D bare", "http://example.org/a%5Bb%5D bare"}},

		// Rule 3: templates are reported whole, as written.
		{"RFC 6570 expressions", "https://api.example.com/users/{user}/keys https://example.com/{+path}/x https://example.com/s{?q,lang}",
			[]string{"https://api.example.com/users/{user}/keys template", "https://example.com/{+path}/x template", "https://example.com/s{?q,lang} template"}},
		{"shell, Mustache, printf, RPM", "https://example.com/x/${id} https://example.com/x/${a b}/y https://example.com/u/{{ id }}/v http://localhost:%d/%s http://x.example/%{version}.tgz",
			[]string{"https://example.com/x/${id} template", "https://example.com/x/${a b}/y template", "https://example.com/u/{{ id }}/v template",
				"http://localhost:%d/%s template", "http://x.example/%{version}.tgz template"}},
		{"a host template", "https://{host}/api and https://${HOST}:8080/",
			[]string{"https://{host}/api template", "https://${HOST}:8080/ template"}},
		{"templates in other scripts", "Пользователь: https://пример.рф/users/{имя} مستخدم https://api.example.eg/u/{id}/مفاتيح",
			[]string{"https://пример.рф/users/{имя} template", "https://api.example.eg/u/{id}/مفاتيح template"}},
		{"braces that are no expression are repaired", "http://a.example/x{y}^ http://a.example/{a b} http://b.example/{\"k\":1}",
			[]string{"http://a.example/x{y}^ template", "http://a.example/ bare", "http://b.example/ bare"}},
		{"expressions side by side", "https://a.example/%lat%{x} https://%d-\na.example/",
			[]string{"https://a.example/%lat%{x} template", "https://%d-a.example/ template"}},
		{"an octet is no printf verb", "http://a.example/%2Fx http://a.example/100%25 data:text/plain;charset=iso-8859-7,%be%fg%be http://a.example/%u00E9",
			[]string{"http://a.example/%2Fx bare", "http://a.example/100%25 bare", "data:text/plain;charset=iso-8859-7,%be%25fg%be bare", "http://a.example/%25u00E9 bare"}},

		// Rule 4: comment and quote prefixes.
		{"Go comment", "// see https://example.com/api-\n// next line words",
			[]string{"https://example.com/api-next bare alt=https://example.com/apinext"}},
		{"comment prefix before an aside", "// see https://example.com/api-\n// (note)", []string{"https://example.com/api- bare"}},
		{"shell comment", "  # Документация: https://example.ru/docs-\n  #   ru/index.html",
			[]string{"https://example.ru/docs-ru/index.html bare alt=https://example.ru/docsru/index.html"}},
		{"C block comment", " * 详见 https://example.cn/api-\n * guide 。", []string{"https://example.cn/api-guide bare alt=https://example.cn/apiguide"}},
		{"Lisp and SQL", ";; https://example.org/a-\n;; b\n-- https://example.org/c-\n-- d",
			[]string{"https://example.org/a-b bare alt=https://example.org/ab", "https://example.org/c-d bare alt=https://example.org/cd"}},
		{"only the next line's prefix is no comment", "see https://example.org/a-\n// b", []string{"https://example.org/a-// bare alt=https://example.org/a//"}},
		{"comment prefix in <...>", "// See <https://www.iana.org/assignments/http-status-\n// codes> ok\n# <https://example.com/a/\n#   b>",
			[]string{"https://www.iana.org/assignments/http-status-codes angle alt=https://www.iana.org/assignments/http-statuscodes", "https://example.com/a/b angle"}},
		{"a hyphen and blanks at the end of a comment", "// see https://example.org/a-  ", []string{"https://example.org/a- bare"}},
		{"mail quotes as before", "> see http://example.com/foo-\n> > bar now", []string{"http://example.com/foo-bar bare alt=http://example.com/foobar"}},

		// Rule 5: text of a script written without spaces after a host's '/'.
		{"Han after the host's slash", "代码在 https://code.example.org/在这里查看", []string{"https://code.example.org/ bare"}},
		{"Kana and Hangul", "コードは https://code.example.jp/こちら 코드: https://code.example.kr/여기",
			[]string{"https://code.example.jp/ bare", "https://code.example.kr/ bare"}},
		{"a segment that goes on stays", "https://example.cn/文档/入门 https://example.cn/文档.html https://zh.wikipedia.org/wiki/北京 http://例子.测试/路径",
			[]string{"https://example.cn/%E6%96%87%E6%A1%A3/%E5%85%A5%E9%97%A8 bare", "https://example.cn/%E6%96%87%E6%A1%A3.html bare",
				"https://zh.wikipedia.org/wiki/%E5%8C%97%E4%BA%AC bare", "http://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84 bare"}},

		// Rule 6: "scheme:Word" is a label.
		{"labels", "## Info:Configure the server\nHelp:Contents About:Us Tel:Support Info:Überblick Info:Настройка AIM:ScreenName", nil},
		{"schemes that need more than a word", "data:Foo geo:here info:label data:image/svg+xml;utf8 info:gcc", nil},
		{"and have it", "about:blank data:,Hello info:lccn/2002022641 geo:37.78,-122.41 <info:gcc>",
			[]string{"about:blank bare", "data:,Hello bare", "info:lccn/2002022641 bare", "geo:37.78,-122.41 bare", "info:gcc angle"}},
	}
	for _, tt := range tests {
		if got := styled(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q\n got %q\nwant %q", tt.name, tt.in, got, tt.want)
		}
	}
}
