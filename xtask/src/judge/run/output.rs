//! Capturing what a program writes: each output read to its end on a thread of its own
//! (a pipe is small, and a program that writes a large output before it reads its input
//! must not wait on the runner forever), and kept up to [`CAPTURE_LIMIT_BYTES`].

use std::io::{self, Read};
use std::sync::mpsc::Sender;
use std::thread;

use super::{Report, CAPTURE_LIMIT_BYTES};

/// Which output of the program a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stream {
    Stdout,
    Stderr,
}

/// One output as it is captured: its first `CAPTURE_LIMIT_BYTES` bytes.
#[derive(Default)]
pub(super) struct CapturedOutput {
    pub(super) kept: Vec<u8>,
    pub(super) was_cut: bool,
    pub(super) closed: bool,
}

impl CapturedOutput {
    /// Keeps what fits of `bytes` and notes whether anything was dropped.
    pub(super) fn add(&mut self, bytes: &[u8]) {
        let room = CAPTURE_LIMIT_BYTES - self.kept.len();
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.was_cut |= bytes.len() > room;
    }
}

/// Starts a thread that reads `pipe` to its end and sends what it reads, a piece at a
/// time, as `stream`. It stops when nobody listens any more.
pub(super) fn read_on_thread(
    pipe: Option<impl Read + Send + 'static>,
    stream: Stream,
    sender: Sender<Report>,
) {
    let Some(mut pipe) = pipe else { return };
    thread::spawn(move || loop {
        let mut bytes = vec![0; 64 * 1024];
        let read = match pipe.read(&mut bytes) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            read => read.map(|length| {
                bytes.truncate(length);
                bytes
            }),
        };
        let last = !matches!(&read, Ok(bytes) if !bytes.is_empty());
        if sender
            .send(Report::Output {
                stream,
                bytes: read,
            })
            .is_err()
            || last
        {
            break;
        }
    });
}
