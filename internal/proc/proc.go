// Package proc tells whether a process of this machine is gone: the
// rating queue's lease (library.RateQueue) is taken over at once from a
// holder of this host whose process no longer exists (killed with -9,
// crashed), rather than after its expiry.
package proc
