// Raises SIGUSR1 20,000 times, each caught by a handler that counts it, and prints the
// count and whether it is traced at the end (its `TracerPid`): a program whose time a
// tracer that stops it at every signal would multiply. (A
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
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let tracer = status.lines().find(|line| line.starts_with("TracerPid:")).unwrap();
    println!("{} {}", CAUGHT.load(Ordering::Relaxed), tracer.split_whitespace().nth(1).unwrap());
}
