//! Helpers shared by the tests of several modules.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the folders made so far, so two tests never share one.
static FOLDERS_MADE: AtomicUsize = AtomicUsize::new(0);

/// Makes a new, empty folder under the system's temporary folder and returns its path.
///
/// The name joins `label`, the process id and a counter, so tests running in parallel,
/// or a second `cargo test` at the same time, never meet.
pub fn fresh_temporary_directory(label: &str) -> PathBuf {
    let number = FOLDERS_MADE.fetch_add(1, Ordering::Relaxed);
    let directory = std::env::temp_dir().join(format!(
        "xtask-test-{label}-{}-{number}",
        std::process::id()
    ));
    // A folder left behind by an earlier run with the same process id is removed first.
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("the temporary folder is writable");
    directory
}
