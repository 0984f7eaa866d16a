package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"pencilbox/db"
	"pencilbox/library"
	"pencilbox/web"
)

// adminEnv gives the first admin's password instead of a random one.
const adminEnv = "PENCILBOX_ADMIN_PASSWORD"

// runServe is `pencilbox serve`: the admin site over the library. On the
// first start of a new database it loads the bundled sample library and
// creates the admin user.
func runServe(e *env, args []string) int {
	fs := newFlags(e, "serve")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	maxUpload := fs.Int64("max-upload", 64, "largest import upload, in MiB")
	sample := fs.Bool("sample", true, "load the bundled sample library into a new, empty database")
	workers := fs.Int("jobs", runtime.GOMAXPROCS(0), "analysis workers of a web import")
	queueJobsFlag := fs.Int("queue-jobs", queueWorkers(), "rating queue workers (the kinds' slower scales, in the background at the lowest priority; 0 = none: the queue waits)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file until the server stops (for load tests)")
	var proxies stringList
	fs.Var(&proxies, "trusted-proxy", "a reverse proxy's address or CIDR whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable, or a comma list)")
	var backups backupPlan
	fs.StringVar(&backups.dir, "backup-dir", "", "write a checked backup of the library into this folder every --backup-every (none without it)")
	fs.DurationVar(&backups.every, "backup-every", 24*time.Hour, "time between scheduled backups (at least 1m)")
	fs.IntVar(&backups.keep, "backup-keep", 14, "scheduled backups kept in --backup-dir (older ones of its own naming are deleted)")
	maxConns := fs.Int("max-conns", web.DefaultMaxConns, "connections held at once, from everyone (more are closed at once; keep it under ulimit -n)")
	maxConnsPerAddr := fs.Int("max-conns-per-addr", web.DefaultMaxConnsPerAddr, "connections held at once from one client address (an IPv6 client's /64; a --trusted-proxy counts only in --max-conns)")
	hsts := fs.Bool("hsts", false, "send Strict-Transport-Security on https requests (direct or through a trusted proxy)")
	maxJobs := fs.Int("max-jobs", web.DefaultMaxJobs, "background jobs (imports, generator runs) running at once; one more is refused")
	maxUserJobs := fs.Int("max-user-jobs", web.DefaultMaxJobsPerUser, "background jobs one user may run at once")
	genLimit := fs.Duration("generate-limit", web.DefaultGenerateLimit, "time after which a generator run of the site is stopped, keeping what it made")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *maxUpload < 1 || *maxConns < 1 || *maxConnsPerAddr < 1 {
		fs.Usage()
		return 2
	}
	if *queueJobsFlag < 0 || *queueJobsFlag > maxQueueJobs {
		fmt.Fprintf(e.stderr, "pencilbox serve: --queue-jobs wants 0 to %d\n", maxQueueJobs)
		return 2
	}
	if *maxJobs < 1 || *maxUserJobs < 1 || *genLimit <= 0 {
		fmt.Fprintln(e.stderr, "pencilbox serve: --max-jobs and --max-user-jobs want at least 1, --generate-limit a duration above 0 (e.g. 30m)")
		return 2
	}
	trusted, err := web.ParseProxies(proxies)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox serve: --trusted-proxy:", err)
		return 2
	}
	if err := backups.check(); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox serve:", err)
		return 2
	}
	logger := log.New(e.stderr, "pencilbox serve: ", log.LstdFlags)
	if *cpuprofile != "" {
		stop, err := startProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox serve:", err)
			return 2
		}
		defer stop()
	}
	_, statErr := os.Stat(*dbPath)
	fresh := errors.Is(statErr, os.ErrNotExist)
	store, err := db.Open(*dbPath, db.MapReads())
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox serve:", err)
		return 2
	}
	defer store.Close()
	ctx := context.Background()
	if fresh && *sample {
		job, ok, err := library.Seed(ctx, store, e.formats)
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox serve: loading the sample library:", err)
			return 2
		}
		if ok {
			fmt.Fprintf(e.stdout, "new library %s: loaded the sample (%d puzzles)\n", *dbPath, job.Imported+job.Invalid)
		}
	}
	users := db.UserStore{DB: store.W}
	if err := firstAdmin(ctx, e, users); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox serve:", err)
		return 2
	}

	// The rating queue runs on every core at the lowest priority, each
	// worker on an OS thread of its own (library.FillOptions.Nice); the
	// Go scheduler is given that many more Ps, so a page never waits for
	// a P a worker holds and the kernel, not Go's fair share, decides:
	// the pages' threads at nice 0 take a core from a worker's at 19
	// whenever they want it (docs/BENCHMARKS.md, Rating queue).
	queueJobs := *queueJobsFlag
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + queueJobs)
	queue := newRateQueue(store, e, logger, queueJobs)
	lib := &web.StoreLibrary{Store: store, Kinds: e.kinds, Formats: e.formats, Highlights: e.bundles.Highlights(), Workers: *workers, Second: e.second, Queue: queue}
	var formats []string
	for _, f := range e.formats {
		formats = append(formats, f.Name)
	}
	backupLog := &web.BackupLog{Faults: store}
	srv := web.New(web.Config{
		Library: lib, Audit: db.AuditStore{R: store.Reader(), W: store.W}, Users: db.UserStore{DB: store.W, R: store.Reader()}, Sets: store.Sets(), Kinds: e.kinds, Second: e.second, Formats: formats, Import: lib.Import, Generate: lib.Generate, Queue: queue,
		Views: e.bundles.Views(), Exports: e.exports,
		MaxUpload: *maxUpload << 20, Log: logger, Export: store, Faults: store,
		TrustedProxies: trusted, HSTS: *hsts, Backups: backupLog, CheckAtStart: true,
		MaxJobs: *maxJobs, MaxJobsPerUser: *maxUserJobs, GenerateLimit: *genLimit,
		MaxConns: *maxConns, MaxConnsPerAddr: *maxConnsPerAddr,
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox serve:", err)
		return 2
	}
	ln = srv.Listener(ln)
	hs := srv.HTTPServer()
	fmt.Fprintf(e.stdout, "serving %s on http://%s/ (Ctrl-C stops)\n", *dbPath, ln.Addr())

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	backupsDone := make(chan struct{})
	defer func() { stop(); <-backupsDone }() // the backup loop ends before the store closes
	if backups.dir != "" {
		fmt.Fprintf(e.stdout, "backups into %s every %s, the last %d kept\n", backups.dir, backups.every, backups.keep)
		go func() {
			defer close(backupsDone)
			runBackups(ctx, store, backups, realClock{}, logger.Printf, backupLog)
		}()
	} else {
		close(backupsDone)
	}
	fillDone := make(chan struct{})
	defer func() { stop(); <-fillDone }() // the queue ends before the store closes
	go func() {
		defer close(fillDone)
		if queueJobs > 0 {
			queue.Run(ctx)
		}
	}()
	select {
	case err := <-served:
		fmt.Fprintln(e.stderr, "pencilbox serve:", err)
		return 2
	case <-ctx.Done():
	}
	fmt.Fprintln(e.stdout, "stopping")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	srv.Close()
	<-fillDone
	<-backupsDone // a backup under way is interrupted and its partial file removed
	return 0
}

// firstAdmin creates the user admin when there is no user yet, with the
// password of $PENCILBOX_ADMIN_PASSWORD or a random one printed once.
func firstAdmin(ctx context.Context, e *env, users db.UserStore) error {
	n, err := users.Count(ctx)
	if err != nil || n > 0 {
		return err
	}
	pw, given := e.getenv(adminEnv), true
	if pw == "" {
		pw, given = randomPassword(), false
	}
	if err := db.ValidPassword(pw); err != nil {
		return fmt.Errorf("$%s: %w; the admin user was not created", adminEnv, err)
	}
	if _, err := users.AddWithRole(ctx, "admin", pw, db.RoleAdmin); err != nil {
		return fmt.Errorf("create the admin user: %w", err)
	}
	if given {
		fmt.Fprintf(e.stdout, "created user admin with the password in $%s\n", adminEnv)
	} else {
		fmt.Fprintf(e.stdout, "created user admin, password: %s\n(shown once; change it with 'pencilbox user passwd admin')\n", pw)
	}
	return nil
}

// startProfile writes a CPU profile to path until stop is called.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
