//! Process tests of bad input, shared by the three solutions: each
//! `problems/*/tests/bad_input.rs` includes this file with `#[path]` and runs its own
//! binary through it. The inputs are raw bytes, not strings, since a bad input may not be
//! text at all.
//!
//! [`check_spoiled_inputs`] spoils a valid input in every way the issue tracker met (an
//! invalid UTF-8 byte, terminal escapes, invisible characters, a lone `\r`, a 20 MB line,
//! random bytes) and checks that each is refused as promised: exit status 1, one line on
//! standard error naming the position, nothing from the input printed raw, and all of it
//! within a 16 MB address-space limit (set with the shell's `ulimit -v`), so that a
//! solution keeping a whole line in memory fails here.

use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;

/// The address space a solution gets in [`run_limited`], in KiB: 16 MiB.
pub const MEMORY_LIMIT_KIB: u64 = 16 * 1024;

/// What a run of a binary did.
#[derive(Debug)]
pub struct Ran {
    /// The exit code; `None` if a signal ended the process.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error, decoded (a lossy decoding shows any invalid byte as U+FFFD).
    pub stderr: String,
}

/// Runs `binary` on `input` with at most [`MEMORY_LIMIT_KIB`] of address space.
///
/// The input is written from a thread, and a write error is ignored: a solution may stop
/// reading at the first fault and close its end of the pipe.
pub fn run_limited(binary: &str, input: &[u8]) -> Ran {
    let script = format!("ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\"");
    let mut child = Command::new("sh")
        .args(["-c", &script, binary])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread ends");
    Ran {
        code: output.status.code(),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Whether a message shows `character` plainly: printable, and no white space but a space.
fn is_shown_plainly(character: char) -> bool {
    match character {
        ' ' => true,
        _ if character.is_whitespace() || character.is_control() => false,
        // `escape_debug` escapes the characters Unicode does not call printable; it also
        // escapes quotes and the backslash, which are shown as they are.
        '\'' | '"' | '\\' => true,
        _ => character.escape_debug().count() == 1,
    }
}

/// Asserts that `ran` is a refusal as promised: exit status 1, one line on standard error
/// that starts with `starts_with` and holds `holds`, every character of it shown plainly.
pub fn assert_refused(ran: &Ran, starts_with: &str, holds: &str, context: &str) {
    let message = ran.stderr.strip_suffix('\n').unwrap_or(&ran.stderr);
    assert!(
        ran.code == Some(1)
            && message.starts_with(starts_with)
            && message.contains(holds)
            && !message.contains('\n')
            && message.chars().all(is_shown_plainly)
            && message.len() < 400,
        "{context}: expected exit status 1 and one line starting {starts_with:?} with \
         {holds:?}\nstatus: {:?}\nstderr: {:?}",
        ran.code,
        ran.stderr
    );
}

/// `valid` with `insert` placed at the start of line `line` (counted from 1).
fn with_inserted(valid: &[u8], line: usize, insert: &[u8]) -> Vec<u8> {
    let start = valid
        .split_inclusive(|&byte| byte == b'\n')
        .take(line - 1)
        .map(<[u8]>::len)
        .sum();
    let mut spoiled = valid[..start].to_vec();
    spoiled.extend_from_slice(insert);
    spoiled.extend_from_slice(&valid[start..]);
    spoiled
}

/// `valid` with its line `line` (counted from 1) replaced by `replacement`.
fn with_line(valid: &[u8], line: usize, replacement: &[u8]) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = valid.split(|&byte| byte == b'\n').collect();
    lines[line - 1] = replacement;
    lines.join(&b'\n')
}

/// Random bytes from a fixed seed (a linear congruential generator: Knuth's MMIX
/// constants), the same on every run.
fn random_bytes(length: usize) -> Vec<u8> {
    let mut state: u64 = 2026;
    (0..length)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 56) as u8
        })
        .collect()
}

/// Checks `binary` on `valid` (an input it answers, with at least 3 lines) and on spoiled
/// copies of it. `position` is how its messages name line 3, column 1 (for example
/// `"line 3, column 1: "`), and `program` its name at the start of each message.
pub fn check_spoiled_inputs(binary: &str, program: &str, valid: &[u8], position: &str) {
    let answer = run_limited(binary, valid);
    assert_eq!(
        answer.code,
        Some(0),
        "the valid input fails: {}",
        answer.stderr
    );

    // Accepted: Windows line ends, and a byte order mark at the start.
    let windows: Vec<u8> = valid
        .split(|&byte| byte == b'\n')
        .collect::<Vec<_>>()
        .join(&b"\r\n"[..]);
    let with_mark = [&b"\xef\xbb\xbf"[..], valid].concat();
    for (what, input) in [("CRLF", windows), ("byte order mark", with_mark)] {
        let ran = run_limited(binary, &input);
        assert_eq!(ran.code, Some(0), "{what}: {}", ran.stderr);
        assert_eq!(ran.stdout, answer.stdout, "{what}");
    }

    // Refused, naming line 3, column 1, and showing the offending text escaped.
    let expected_start = format!("{program}: {position}");
    for (insert, shown) in [
        (&b"\xff"[..], "`\\xff`"),
        (b"\xe2\x82", "`\\xe2\\x82`"),
        (b"\x1b[2J\x1b[31m", "\\x1b"),
        (b"\x00", "\\0"),
        ("\u{a0}".as_bytes(), "`\\u{a0}`"),
        ("\u{3000}".as_bytes(), "`\\u{3000}`"),
        ("\u{200b}".as_bytes(), "\\u{200b}"),
        ("\u{feff}".as_bytes(), "\\u{feff}"),
        ("\u{202e}".as_bytes(), "\\u{202e}"),
    ] {
        let ran = run_limited(binary, &with_inserted(valid, 3, insert));
        assert_refused(
            &ran,
            &expected_start,
            shown,
            &format!("{insert:?} on line 3"),
        );
    }

    // A lone `\r` as the line end gets a hint.
    let old_mac: Vec<u8> = valid
        .iter()
        .map(|&byte| if byte == b'\n' { b'\r' } else { byte })
        .collect();
    let ran = run_limited(binary, &old_mac);
    assert_refused(
        &ran,
        &format!("{program}: "),
        "old Macs",
        "lone \\r line ends",
    );

    // A 20 MB line, of many items or of one long item, within 16 MB of address space; the
    // long item is quoted short.
    let many_items = "0 ".repeat(10_000_000);
    let ran = run_limited(binary, &with_line(valid, 3, many_items.as_bytes()));
    assert_refused(
        &ran,
        &format!("{program}: "),
        "line 3",
        "a 20 MB line of items",
    );
    let one_item = "7".repeat(20_000_000);
    let ran = run_limited(binary, &with_line(valid, 3, one_item.as_bytes()));
    assert_refused(&ran, &format!("{program}: "), "line 3", "a 20 MB item");

    // 32 MiB of random bytes: refused at once, in one line.
    let ran = run_limited(binary, &random_bytes(32 << 20));
    assert_refused(&ran, &format!("{program}: "), "line ", "random bytes");
}
