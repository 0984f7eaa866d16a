package db_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"pencilbox"
)

// TestQueueLeaseOneHolder: holders in two processes (two stores on one
// file, four holders each) taking the free lease at once: exactly one
// gets it, every other is told that one; a renewal keeps its Since, a
// release frees it, and a lapsed lease is taken over, a live one not.
func TestQueueLeaseOneHolder(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lib.db")
	a, b := mustOpenAt(t, path), mustOpenAt(t, path)
	stores := []pencilbox.QueueLeaseStore{a, b}
	now := time.UnixMilli(1800000000000)
	for round := range 5 {
		var wg sync.WaitGroup
		got := make([]pencilbox.QueueLease, 8)
		start := make(chan struct{})
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				want := pencilbox.QueueLease{Holder: "serve", PID: i, Host: "h", Token: fmt.Sprint(round, "-", i), Since: now, Expires: now.Add(time.Minute)}
				l, err := stores[i%2].TakeQueueLease(ctx, want, now)
				if err != nil {
					t.Error(err)
				}
				got[i] = l
			}()
		}
		close(start)
		wg.Wait()
		for i := range got {
			if !got[i].Same(got[0]) {
				t.Fatalf("round %d: holder %d was told %+v, holder 0 %+v", round, i, got[i], got[0])
			}
		}
		held, ok, err := b.QueueLeaseHolder(ctx)
		if err != nil || !ok || !held.Same(got[0]) || !held.Expires.Equal(now.Add(time.Minute)) {
			t.Fatalf("round %d: stored %+v %v %v, taken by %+v", round, held, ok, err, got[0])
		}
		if err := a.ReleaseQueueLease(ctx, held.Token); err != nil {
			t.Fatal(err)
		}
		if l, ok, _ := b.QueueLeaseHolder(ctx); ok {
			t.Fatalf("round %d: released, the lease is %+v", round, l)
		}
	}

	first := pencilbox.QueueLease{Holder: "rate-queue", PID: 1, Host: "h", Token: "first", Since: now, Expires: now.Add(30 * time.Second)}
	if l, err := a.TakeQueueLease(ctx, first, now); err != nil || !l.Same(first) {
		t.Fatal(l, err)
	}
	renew := first
	renew.Since, renew.Expires = now.Add(20*time.Second), now.Add(50*time.Second)
	if l, err := a.TakeQueueLease(ctx, renew, now.Add(20*time.Second)); err != nil || !l.Since.Equal(now) || !l.Expires.Equal(renew.Expires) {
		t.Errorf("renewed: %+v, %v", l, err)
	}
	other := pencilbox.QueueLease{Holder: "serve", PID: 2, Host: "h", Token: "other", Since: now.Add(49 * time.Second), Expires: now.Add(79 * time.Second)}
	if l, err := b.TakeQueueLease(ctx, other, now.Add(49*time.Second)); err != nil || !l.Same(first) {
		t.Errorf("a live lease taken: %+v, %v", l, err)
	}
	if err := b.ReleaseQueueLease(ctx, other.Token); err != nil {
		t.Fatal(err)
	}
	if l, _, _ := b.QueueLeaseHolder(ctx); !l.Same(first) {
		t.Errorf("another's release freed it: %+v", l)
	}
	other.Since, other.Expires = now.Add(50*time.Second), now.Add(80*time.Second)
	if l, err := b.TakeQueueLease(ctx, other, now.Add(50*time.Second)); err != nil || !l.Same(other) || !l.Since.Equal(other.Since) {
		t.Errorf("a lapsed lease not taken over: %+v, %v", l, err)
	}
	if _, err := b.TakeQueueLease(ctx, pencilbox.QueueLease{Holder: "serve"}, now); err == nil {
		t.Error("a lease without a token taken")
	}
}
