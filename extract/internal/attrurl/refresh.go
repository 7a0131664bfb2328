package attrurl

import (
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// Refresh returns the Span of the URL in the content of a meta refresh
// (HTML Living Standard §4.2.5.3, shared declarative refresh steps), and
// whether "URL=" preceded it, and the quote around it.
func Refresh(s string) (u Span, prefix bool, quote byte, ok bool) {
	i := ascii.SkipSpace(s, 0)
	j := i
	for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
		j++
	}
	if j == i {
		return Span{}, false, 0, false // no time
	}
	i = j
	if i >= len(s) {
		return Span{}, false, 0, false // no URL: the page refreshes itself
	}
	if s[i] != ';' && s[i] != ',' && !ascii.IsSpace(s[i]) {
		return Span{}, false, 0, false
	}
	i = ascii.SkipSpace(s, i)
	if i < len(s) && (s[i] == ';' || s[i] == ',') {
		i = ascii.SkipSpace(s, i+1)
	}
	if len(s)-i >= 3 && strings.EqualFold(s[i:i+3], "url") {
		k := ascii.SkipSpace(s, i+3)
		if k < len(s) && s[k] == '=' {
			i = ascii.SkipSpace(s, k+1)
			prefix = true
		}
	}
	end := len(s)
	if i < len(s) && (s[i] == '\'' || s[i] == '"') {
		quote = s[i]
		i++
		if k := strings.IndexByte(s[i:], quote); k >= 0 {
			end = i + k
		}
	}
	for end > i && ascii.IsSpace(s[end-1]) {
		end--
	}
	if end <= i {
		return Span{}, false, 0, false
	}
	return Span{i, end}, prefix, quote, true
}
