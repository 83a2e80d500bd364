//! Starting a program: in the judge's environment, in a process group of its own, and,
//! watched closely, *held* by a starter shell until the runner is ready for it.
//!
//! A held program starts as a shell that reads one line of its input, which the runner
//! writes once the shell waits in that `read` and the runner has attached to it (see
//! `ptrace.rs`); the program's time starts then, so the shell's own start is never the
//! program's. The shell then goes on in one of two ways:
//!
//! - a program given as itself (a binary, or the words of a plain `--command`):
//!   `/bin/sh -c 'read -r _ && exec "$0" "$@"' PROGRAM ARGUMENTS...`: the shell *becomes*
//!   the program (`exec`), the same process, so the runner holds it from its first
//!   instruction to its exit;
//! - a command with shell syntax, given as `sh -c COMMAND`: that same shell runs
//!   `read -r _ && eval "shift; $1"` with the command as `$1`, and so runs the command
//!   itself (`eval` is `sh -c` without a new start), forking the programs it names.
//!
//! The shell's `read` takes one byte at a time from a pipe, as POSIX asks, and leaves the
//! program's input whole. Either way the shell's process, while it is still the shell, is
//! the *starter*, whose memory is not the program's (see `memory.rs`).

use std::ffi::OsStr;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::unistd::Pid;

use super::memory::StarterLine;
use super::{MemoryWatch, CLOSE_WATCH_PAUSE};

/// The variables of the judge's environment taken from the user's: where programs are
/// found (`python3`, `java`), and the home folder some runtimes expect.
const ENVIRONMENT_KEPT: [&str; 2] = ["PATH", "HOME"];

/// The starter of a program given as itself (see the module's docs).
const HOLD_THEN_EXEC: &str = r#"read -r _ && exec "$0" "$@""#;

/// The starter of a command with shell syntax (see the module's docs).
const HOLD_THEN_EVAL: &str = r#"read -r _ && eval "shift; $1""#;

/// How a program is started.
pub(super) struct Start {
    /// The process to spawn.
    pub(super) command: Command,
    /// Whether it starts held: then the line that releases it comes first on its input.
    pub(super) held: bool,
    /// The starter's command line, whose processes are not the program (see `memory.rs`).
    pub(super) starter: StarterLine,
}

impl Start {
    /// How `program` starts when its memory is watched as `memory_watch` says: held when
    /// watched closely on Linux, as it is given otherwise. A program that cannot be found
    /// is an error here, as it is when started directly.
    pub(super) fn new(program: &Command, memory_watch: MemoryWatch) -> Result<Start> {
        let held = memory_watch == MemoryWatch::Close && cfg!(target_os = "linux");
        let name = program.get_program();
        let arguments: Vec<&OsStr> = program.get_args().collect();
        let (program_name, starter_arguments) = match (held, shell_command(program)) {
            (false, _) => (name, arguments),
            (true, Some(script)) => (
                name,
                vec![
                    OsStr::new("-c"),
                    HOLD_THEN_EVAL.as_ref(),
                    "sh".as_ref(),
                    script,
                ],
            ),
            (true, None) => {
                check_found(name)?;
                let mut held = vec![OsStr::new("-c"), HOLD_THEN_EXEC.as_ref(), name];
                held.extend(arguments);
                (OsStr::new("/bin/sh"), held)
            }
        };
        let mut command = Command::new(program_name);
        command.args(&starter_arguments);
        if let Some(folder) = program.get_current_dir() {
            command.current_dir(folder);
        }
        command.env_clear().env("LANG", "C.UTF-8");
        for name in ENVIRONMENT_KEPT {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let starter = match held {
            true => StarterLine::of(&[&[program_name], &starter_arguments[..]].concat()),
            false => StarterLine::default(),
        };
        Ok(Start {
            command,
            held,
            starter,
        })
    }
}

/// The command of `program` when it is `sh -c COMMAND` (a shell named `sh`, by a path or
/// not, with nothing after the command).
fn shell_command(program: &Command) -> Option<&OsStr> {
    let is_sh = Path::new(program.get_program()).file_name() == Some(OsStr::new("sh"));
    match program.get_args().collect::<Vec<_>>()[..] {
        [flag, script] if is_sh && flag == "-c" => Some(script),
        _ => None,
    }
}

/// An error unless `name` names a file, as a path or on `PATH`: the starter would report
/// a missing program as an exit code, like the program's own.
fn check_found(name: &OsStr) -> Result<()> {
    let found = match Path::new(name).components().count() > 1 {
        true => Path::new(name).is_file(),
        false => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| folder.join(name).is_file())
        }),
    };
    if found {
        return Ok(());
    }
    Err(anyhow!(io::Error::from(io::ErrorKind::NotFound)))
        .with_context(|| format!("starting {}", Path::new(name).display()))
}

/// Waits until `program`, a held program's starter, waits for its line, at most
/// [`RELEASE_WAIT`]: what comes before is the starter's start, not the program's time. Waiting for the line is reading standard input
/// (`/proc/PID/syscall` starts with `read`'s number and file 0), where the system shows
/// it; elsewhere, being asleep.
pub(super) fn wait_until_asleep(program: Pid) {
    let give_up = Instant::now() + RELEASE_WAIT;
    let stat = format!("/proc/{program}/stat");
    let syscall = format!("/proc/{program}/syscall");
    // Where the system shows the call (the file exists, the processor is known); a read of
    // it can fail while the process runs, and is then tried again.
    let shown = READING_STANDARD_INPUT.filter(|_| Path::new(&syscall).exists());
    while Instant::now() < give_up {
        let waiting = match shown {
            Some(reading) => {
                std::fs::read_to_string(&syscall).is_ok_and(|call| call.starts_with(reading))
            }
            None => {
                let state = std::fs::read_to_string(&stat).unwrap_or_default();
                // The state is the first field after the command's name, in parentheses.
                let after_name = state.rsplit(')').next().unwrap_or("");
                after_name.trim_start().starts_with('S')
            }
        };
        if waiting {
            break;
        }
        thread::sleep(CLOSE_WATCH_PAUSE);
    }
}

/// The longest a starter may take to start before its program is released all the same:
/// far more than a shell takes (a millisecond or two), even on a loaded machine.
pub(super) const RELEASE_WAIT: Duration = Duration::from_secs(2);

/// How `/proc/PID/syscall` starts while a process reads its standard input: `read`'s
/// number on this processor, then file 0.
const READING_STANDARD_INPUT: Option<&str> = if cfg!(target_arch = "x86_64") {
    Some("0 0x0 ")
} else if cfg!(target_arch = "aarch64") {
    Some("63 0x0 ")
} else {
    None
};
