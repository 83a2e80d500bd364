// Raises SIGUSR1 20,000 times, each caught by a handler that counts it, and prints the
// count: a program whose time a tracer that stops it at every signal would multiply. (A
// test program, compiled alone: the workspace's rule against `unsafe` is not its.)
use std::sync::atomic::{AtomicU64, Ordering};

static CAUGHT: AtomicU64 = AtomicU64::new(0);

extern "C" fn count(_signal: i32) {
    CAUGHT.fetch_add(1, Ordering::Relaxed);
}

extern "C" {
    fn signal(signal: i32, handler: extern "C" fn(i32)) -> usize;
    fn raise(signal: i32) -> i32;
}

/// SIGUSR1 on Linux.
const SIGUSR1: i32 = 10;

fn main() {
    unsafe { signal(SIGUSR1, count) };
    for _ in 0..20_000 {
        unsafe { raise(SIGUSR1) };
    }
    println!("{}", CAUGHT.load(Ordering::Relaxed));
}
