package cli

import "strings"

// splitList returns the items of comma-separated lists, given once or
// repeated ("a,b" and "a" "b" alike), without blanks.
func splitList(lists []string) []string {
	var items []string
	for _, list := range lists {
		for _, item := range strings.Split(list, ",") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
	}
	return items
}
