//! Headless Chromium as the browser tests drive it: a wrapper page of the test's own,
//! written next to what it opens, writes what it saw into `<pre id="out">`, and Chromium
//! prints the document (`--dump-dom`). One browser start per wrapper; the tests find the
//! browser with [`super::tool::chromium`].

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

/// Opens `folder/wrapper.html` in `browser`, headless, lets its page run for up to
/// `virtual_seconds` of virtual time, and returns the text of its `<pre id="out">`, the
/// entities `&lt;`, `&gt;` and `&amp;` read back. Panics when Chromium takes more than two
/// minutes or the wrapper is not in its dump.
pub fn wrapper_output(browser: &Path, folder: &Path, virtual_seconds: u32) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // The wrapper reads the page or picture it opens: both are files, so allow that.
            "--allow-file-access-from-files",
        ])
        .arg(format!("--virtual-time-budget={}", virtual_seconds * 1000))
        .arg(format!(
            "--user-data-dir={}",
            folder.join("profile").display()
        ))
        .arg("--dump-dom")
        .arg(format!("file://{}", folder.join("wrapper.html").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    if child
        .wait_timeout(Duration::from_secs(120))
        .unwrap()
        .is_none()
    {
        child.kill().unwrap();
        panic!("Chromium did not finish within two minutes");
    }
    let dom = reader.join().unwrap();
    let start = dom
        .find(r#"<pre id="out">"#)
        .expect("the wrapper in the dump")
        + 14;
    let end = start + dom[start..].find("</pre>").unwrap();
    dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
