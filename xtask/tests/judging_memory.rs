//! Judging an output takes memory on the order of the output cap
//! (`xtask::judge::CAPTURE_LIMIT_BYTES`), not on the order of its number of lines: the
//! checker reads the output a line at a time. This file holds one test, so that the
//! process's peak memory is this test's alone.

use std::process::Command;
use std::time::Duration;

use xtask::judge::checker::Checker;
use xtask::judge::{judge_case, Limits, Verdict, CAPTURE_LIMIT_BYTES};

/// A field of `/proc/self/status`, in kilobytes: `VmHWM` (the peak resident memory) or
/// `VmRSS` (the resident memory now).
fn status_kilobytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux reports memory");
    let line = status
        .lines()
        .find(|line| line.starts_with(field))
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"));
    let number = line.split_whitespace().nth(1).expect("a number");
    number.parse().expect("kilobytes")
}

#[test]
fn eight_mebibytes_of_newlines_are_judged_in_bounded_memory() {
    let limits = Limits {
        time: Duration::from_secs(20),
        memory_bytes: 1 << 30,
    };
    for checker in [Checker::Exact, Checker::Sudoku] {
        // The peak is reset to the present size (the judge does so too before it starts
        // the program); what judging adds is the new peak less the present size.
        std::fs::write("/proc/self/clear_refs", "5").expect("the peak can be reset");
        let resident_before = status_kilobytes("VmRSS");
        let mut program = Command::new("/bin/sh");
        program.args(["-c", "head -c 8388608 /dev/zero | tr '\\0' '\\n'"]);
        let input = "0 ".repeat(81);
        let judgement = judge_case(&mut program, input.as_bytes(), b"x\n", limits, &checker)
            .expect("the shell runs");
        assert_eq!(judgement.verdict.short_name(), "WA", "{checker:?}");
        let Verdict::WrongAnswer { reason } = &judgement.verdict else {
            unreachable!("a wrong answer");
        };
        assert!(reason.lines().count() < 30, "{reason}");
        let added_kilobytes = status_kilobytes("VmHWM").saturating_sub(resident_before);
        // The captured output (8 MiB), the reading threads' buffers and a window of lines
        // for the diff; holding every line, as the checker once did, took 147 MB.
        let bound_kilobytes = (CAPTURE_LIMIT_BYTES as u64 / 1024) * 4;
        assert!(
            added_kilobytes < bound_kilobytes,
            "{checker:?}: judging added {added_kilobytes} kB at its peak, over {bound_kilobytes} kB"
        );
    }
}
