package pdfobj

import (
	"fmt"
	"iter"
)

// Page is a page object (§7.7.3.3).
type Page struct {
	Dict Dict
	// Resources is its /Resources, or the one it inherits from the
	// nearest node of the page tree that has one (§7.7.3.4).
	Resources Dict
}

// Pages yields the pages of the document in order, walking the page
// tree once (§7.7.3). A node that cannot be read, or that is met again
// (a tree that holds itself), is yielded as an error in the place of a
// page, and the walk goes on with the next.
func (r *Reader) Pages() iter.Seq2[Page, error] {
	return func(yield func(Page, error) bool) {
		seen := map[Ref]bool{}
		// The root is the first kid of a node above it, so that a root
		// that is a page is read as one.
		stack := []frame{{kids: Array{r.catalog()["Pages"]}}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.kids) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			kid := top.kids[0]
			top.kids = top.kids[1:]
			res := top.res
			d, err := r.Dict(kid)
			if err == nil && d == nil {
				err = &SyntaxError{Offset: -1, Msg: "page tree node is no dictionary"}
			}
			if err != nil {
				if !yield(Page{}, err) {
					return
				}
				continue
			}
			if _, ok := d["Kids"]; ok && d.Name("Type") != "Page" {
				// A node is walked once: met again, it would make the
				// walk a loop, or exponential in the depth.
				if ref, ok := kid.(Ref); ok && seen[ref] {
					if !yield(Page{}, &SyntaxError{Offset: r.Offset(ref), Msg: fmt.Sprintf("page tree holds node %d twice", ref.Num)}) {
						return
					}
					continue
				} else if ok {
					seen[ref] = true
				}
				stack = append(stack, r.node(d, res))
				continue
			}
			if own, _ := r.Dict(d["Resources"]); own != nil {
				res = own
			}
			if !yield(Page{Dict: d, Resources: res}, nil) {
				return
			}
		}
	}
}

// frame is a node of the page tree being walked: the kids not yet
// walked, and the resources they inherit.
type frame struct {
	kids Array
	res  Dict
}

// node returns the frame of the page tree node d, below a node whose
// resources are res.
func (r *Reader) node(d Dict, res Dict) frame {
	kids, _ := r.Resolve(d["Kids"])
	a, _ := kids.(Array)
	if own, _ := r.Dict(d["Resources"]); own != nil {
		res = own
	}
	return frame{a, res}
}
