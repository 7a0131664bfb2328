package delimit

import (
	"slices"
	"testing"
)

// TestHumanLabels checks sentences in many scripts and styles against the
// span a human labeller marks as the URI in each (Ref, as written).
func TestHumanLabels(t *testing.T) {
	tests := []struct{ in, want string }{
		// Joiners inside a word are part of it (RFC 5892 Appendix A.1-A.2,
		// UTS #51 emoji ZWJ sequences); elsewhere they end the URI.
		{"fa: https://fa.wikipedia.org/wiki/می\u200cخواهم ok", "https://fa.wikipedia.org/wiki/می\u200cخواهم"},
		{"hi: https://example.org/क्\u200dष done", "https://example.org/क्\u200dष"},
		{"ml: https://example.org/അവന്\u200d done", "https://example.org/അവന്\u200d"},
		{"family https://example.com/👨\u200d👩\u200d👧 emoji", "https://example.com/👨\u200d👩\u200d👧"},
		{"https://example.com/ab\u200dcd", "https://example.com/ab"},
		{"https://example.com/é\u200d", "https://example.com/é"},
		{"https://example.com/é\u200d.", "https://example.com/é"},
		// An em dash is prose punctuation, even unspaced; an en dash
		// between words joins them (Wikipedia titles).
		{"Go to https://example.com/foo—then stop", "https://example.com/foo"},
		{"Посмотрите https://ru.wikipedia.org/wiki/Москва—столица", "https://ru.wikipedia.org/wiki/Москва"},
		{"https://en.wikipedia.org/wiki/Hatfield–McCoy_feud.", "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"},
		// Punctuation that UAX #29 keeps inside a word (MidLetter,
		// MidNumLet) belongs between two letters; elsewhere it ends.
		{"https://ca.wikipedia.org/wiki/Intel·ligència_artificial, diu", "https://ca.wikipedia.org/wiki/Intel·ligència_artificial"},
		{"ראו https://he.wikipedia.org/wiki/צה״ל ותודה", "https://he.wikipedia.org/wiki/צה״ל"},
		{"see https://en.wikipedia.org/wiki/Fermat’s_Last_Theorem.", "https://en.wikipedia.org/wiki/Fermat’s_Last_Theorem"},
		{"‘https://example.com/foo’ said", "https://example.com/foo"},
		{"https://example.com/ελληνικά· και", "https://example.com/ελληνικά"},
		{"https://example.com/a· b", "https://example.com/a"},
		// Text of a script written without spaces that runs into a URI
		// with an ASCII host runs out of it too; an IRI host, or a space
		// before the URI, keeps such text in the path.
		{"见http://example.com/中文说明", "http://example.com/"},
		{"詳細はhttps://example.jp/docs/を参照してください。", "https://example.jp/docs/"},
		{"访问http://例子.测试/路径", "http://例子.测试/路径"},
		{"参见 https://zh.wikipedia.org/wiki/北京 。", "https://zh.wikipedia.org/wiki/北京"},
		{"http://例子.测试/路径", "http://例子.测试/路径"},
		{"搜索http://www.baidu.com/s?wd=中文 看看", "http://www.baidu.com/s?wd=中文"},
		{"见http://example.com/?q=a中文", "http://example.com/?q=a"},
		{"자세한 내용은https://example.kr/안내를 보세요", "https://example.kr/"},
		// Emoji set against a word, or after the punctuation that ends
		// a sentence, are chat, not path; a segment of them belongs.
		{"Check https://example.com/page!🙂 ok", "https://example.com/page"},
		{"Done: https://example.com/page.🎉🎉", "https://example.com/page"},
		{"look👉https://example.com/page👈", "https://example.com/page"},
		{"https://t.co/abc🙂", "https://t.co/abc"},
		{"Отлично https://ru.wikipedia.org/wiki/Москва😍", "https://ru.wikipedia.org/wiki/Москва"},
		{"http://foo.com/🐼 yes", "http://foo.com/🐼"},
		{"https://example.com/👍🏽 ok", "https://example.com/👍🏽"},
		{"http://✪foo.bar/pa✪th©more", "http://✪foo.bar/pa✪th©more"},
		{"http://x🍄.ga/", "http://x🍄.ga/"},
		// Quotes balance as brackets do: a trailing "'" that closes one
		// opened inside the URI is kept; a trailing opening bracket is
		// the sentence's.
		{"http://foo.com/blah_blah_'singlequoted'", "http://foo.com/blah_blah_'singlequoted'"},
		{"http://example.org/'_(foo)' ok", "http://example.org/'_(foo)'"},
		{"http://example.org/'''", "http://example.org/''"},
		{"He said 'see http://example.org/a' and left", "http://example.org/a"},
		{"'https://en.wikipedia.org/wiki/Fermat's_Last_Theorem',", "https://en.wikipedia.org/wiki/Fermat's_Last_Theorem"},
		{"http://example.org/a'", "http://example.org/a"},
		{"http://example.org/(", "http://example.org/"},
		{"see http://example.org/( and", "http://example.org/"},
		{"http://example.org/x)(.", "http://example.org/x"},
		// An apostrophe cannot be in a host name: it ends the URI there.
		{"Check out https://example.com's new design", "https://example.com"},
		{"http://example.org'/>", "http://example.org"},
		{"https://github.com's API", "https://github.com"},
		// Slack's and Mattermost's links: <url|label>.
		{"see <https://example.com/a|Example site> now", "https://example.com/a"},
		{"<mailto:a@example.com|a@example.com>", "mailto:a@example.com"},
		{"<https://example.com/q?a=1|Ünïcode label!>", "https://example.com/q?a=1"},
		// Emphasis closes before text of a script written without spaces.
		{"**https://example.com/a**です", "https://example.com/a"},
		{"请看~~https://example.com/old~~已删除", "https://example.com/old"},
		{"_https://example.com/a_です", "https://example.com/a"},
		// Already right: guards.
		{"See https://de.wikipedia.org/wiki/Köln.", "https://de.wikipedia.org/wiki/Köln"},
		{"請看（https://example.com/path）。", "https://example.com/path"},
		{"「https://example.com/x」を参照", "https://example.com/x"},
		{"https://example.com/foo…", "https://example.com/foo"},
		{"«https://example.com/fr»", "https://example.com/fr"},
		{"See (https://en.wikipedia.org/wiki/Mercury_(planet)).", "https://en.wikipedia.org/wiki/Mercury_(planet)"},
		{"Wow https://example.com/?!", "https://example.com/"},
		{"مرحبا https://ar.wikipedia.org/wiki/مصر، شكرا", "https://ar.wikipedia.org/wiki/مصر"},
		{"नमस्ते https://hi.wikipedia.org/wiki/भारत। धन्यवाद", "https://hi.wikipedia.org/wiki/भारत"},
	}
	for _, tt := range tests {
		var got []string
		for m := range All([]byte(tt.in), Options{}) {
			got = append(got, m.Ref)
		}
		want := []string{tt.want}
		if tt.want == "" {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n got %q\nwant %q", tt.in, got, want)
		}
	}
}
