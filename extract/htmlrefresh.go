package extract

import "strings"

// refreshURL returns the span of the URL in the content of a meta refresh
// (HTML Living Standard §4.2.5.3, shared declarative refresh steps), and
// whether "URL=" preceded it, and the quote around it.
func refreshURL(s string) (u span, prefix bool, quote byte, ok bool) {
	i := skipASCIISpace(s, 0)
	j := i
	for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
		j++
	}
	if j == i {
		return span{}, false, 0, false // no time
	}
	i = j
	if i >= len(s) {
		return span{}, false, 0, false // no URL: the page refreshes itself
	}
	if s[i] != ';' && s[i] != ',' && !isASCIISpace(s[i]) {
		return span{}, false, 0, false
	}
	i = skipASCIISpace(s, i)
	if i < len(s) && (s[i] == ';' || s[i] == ',') {
		i = skipASCIISpace(s, i+1)
	}
	if len(s)-i >= 3 && strings.EqualFold(s[i:i+3], "url") {
		k := skipASCIISpace(s, i+3)
		if k < len(s) && s[k] == '=' {
			i = skipASCIISpace(s, k+1)
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
	for end > i && isASCIISpace(s[end-1]) {
		end--
	}
	if end <= i {
		return span{}, false, 0, false
	}
	return span{i, end}, prefix, quote, true
}
