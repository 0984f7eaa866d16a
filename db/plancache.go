package db

import (
	"fmt"
	"sync"
	"time"

	"pencilbox"
)

// planTTL is how long a plan is reused: another process writing to the
// database may make a count this old at most.
const planTTL = 3 * time.Second

// planCache keeps recent plans (with their capped counts). Any write
// through the DB bumps the generation, which drops them all.
type planCache struct {
	mu    sync.Mutex
	gen   uint64
	plans map[string]cachedPlan
}

type cachedPlan struct {
	pl  plan
	at  time.Time
	gen uint64
}

// planKey is what a plan depends on: the filter without its cursor,
// offset, page size, order or count budget (every page of a filter shares
// its plan and count).
func planKey(f pencilbox.Filter) string {
	f.After, f.Offset, f.Limit, f.Sort, f.SortKinds, f.Desc, f.CountBy = "", 0, 0, "", nil, false, time.Time{}
	return fmt.Sprintf("%#v", f)
}

func (c *planCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *planCache) get(key string) (plan, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.plans[key]
	if !ok || e.gen != c.gen || time.Since(e.at) > planTTL {
		return plan{}, false
	}
	return e.pl, true
}

// put keeps a plan computed at generation gen (dropped if a write came
// in meanwhile).
func (c *planCache) put(key string, pl plan, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.plans == nil || len(c.plans) >= 1024 {
		c.plans = map[string]cachedPlan{}
	}
	c.plans[key] = cachedPlan{pl: pl, at: time.Now(), gen: gen}
}

// changed drops every plan: the library was written.
func (c *planCache) changed() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.plans = nil
}

// ForgetPlans drops every cached plan: the next page of any filter is
// planned and counted anew, as for a first visitor (benchmarks time that).
func (d *DB) ForgetPlans() { d.plans.changed() }
