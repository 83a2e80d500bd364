//! The memory figure of a run is the program's own, never the size of the process that
//! judges it. This file holds one test, so that no other test of the process resets its
//! memory figures meanwhile (the runner does so before each run).

mod support;

use std::process::Command;
use std::time::Duration;

use xtask::judge::{run_program, Limits};

#[test]
fn the_memory_figure_is_the_programs_own_not_the_judges() {
    // This process grows to 200 MB resident first: a figure that counted the judge's
    // size would be at least that.
    let ballast = vec![1_u8; 200 << 20];
    let limits = Limits {
        time: Duration::from_secs(20),
        memory_bytes: 1 << 30,
    };
    // A small program that never reads its 20 MB input.
    let input = vec![b'0'; 20 << 20];
    let mut program = Command::new("sh");
    program.args(["-c", "sleep 0.1"]);
    let run = run_program(&mut program, &input, limits).expect("sh runs");
    assert!(
        run.peak_memory_bytes < 10 << 20,
        "a small program measured {} bytes",
        run.peak_memory_bytes
    );
    assert!(run.peak_memory_bytes > 0, "nothing measured");
    // A program that holds 100 MB is measured at 100 MB or a little more.
    let mut program = Command::new("sh");
    program.args([
        "-c",
        "awk 'BEGIN { s = \"x\"; while (length(s) < 100000000) s = s s; system(\"sleep 0.1\") }'",
    ]);
    let run = run_program(&mut program, b"", limits).expect("sh runs");
    let megabytes = run.peak_memory_bytes >> 20;
    assert!(
        (100..200).contains(&megabytes),
        "awk measured {megabytes} MiB"
    );
    assert_eq!(
        ballast.iter().map(|&byte| u64::from(byte)).sum::<u64>(),
        200 << 20
    );
}
