package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// killerCages writes a Solo killer ID (CxRk:GIVENS,CAGES,SUMS, no
// givens) as a typed cage list, by hand (not by the engine under test):
// the edge runs joined into cages, each cage's sum from its first cell;
// with mirror, the rows upside down (a symmetric image).
func killerCages(t *testing.T, id string, mirror bool) string {
	t.Helper()
	var c, r int
	head, desc, _ := strings.Cut(id, ":")
	if _, err := fmt.Sscanf(head, "%dx%d", &c, &r); err != nil {
		t.Fatalf("Solo ID %q: %v", id, err)
	}
	n := c * r
	parts := strings.Split(desc, ",")
	if len(parts) != 3 {
		t.Fatalf("Solo ID %q: %d parts", id, len(parts))
	}
	root := make([]int, n*n)
	for i := range root {
		root[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for root[x] != x {
			x = root[x]
		}
		return x
	}
	pos := 0
	for _, ch := range parts[1] {
		run := 0
		if ch != '_' {
			run = int(ch-'a') + 1
		}
		for range run {
			var a, b int
			if pos < n*(n-1) {
				y, x := pos/(n-1), pos%(n-1)
				a, b = y*n+x, y*n+x+1
			} else {
				x, y := (pos-n*(n-1))/(n-1), (pos-n*(n-1))%(n-1)
				a, b = y*n+x, (y+1)*n+x
			}
			root[find(a)] = find(b)
			pos++
		}
		if run != 26 {
			pos++
		}
	}
	sums := make([]int, 0, n*n)
	s := parts[2]
	for i := 0; i < len(s); {
		switch ch := s[i]; {
		case ch >= 'a' && ch <= 'z':
			for range int(ch-'a') + 1 {
				sums = append(sums, 0)
			}
			i++
		case ch == '_':
			i++
		default:
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			v, _ := strconv.Atoi(s[i:j])
			sums = append(sums, v)
			i = j
		}
	}
	cells := map[int][]string{}
	sum := map[int]int{}
	var order []int
	for i := range n * n {
		k := find(i)
		if _, ok := cells[k]; !ok {
			order = append(order, k)
		}
		row := i/n + 1
		if mirror {
			row = n - i/n
		}
		cells[k] = append(cells[k], fmt.Sprintf("r%dc%d", row, i%n+1))
		if sums[i] != 0 {
			sum[k] = sums[i]
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d\n", n, n)
	for _, k := range order {
		fmt.Fprintf(&b, "%d: %s\n", sum[k], strings.Join(cells[k], " "))
	}
	return b.String()
}
