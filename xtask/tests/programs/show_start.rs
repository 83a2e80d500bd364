// Prints how it was started, one fact a line: what its standard input is and whether it
// can be seeked, the files it has open, and its stack limit (from /proc/self/limits). (Its
// signals are not its start's to show: Rust's own start ignores SIGPIPE.)
use std::io::{Read, Seek, SeekFrom};

fn main() {
    let kind = std::fs::metadata("/proc/self/fd/0").unwrap().file_type();
    println!("input is a file: {}", kind.is_file());
    let mut input = std::io::stdin().lock();
    let mut first = String::new();
    input.read_to_string(&mut first).unwrap();
    let mut file = std::fs::File::open("/proc/self/fd/0").unwrap();
    let seeked = file.seek(SeekFrom::Start(0)).is_ok();
    println!("input can be seeked: {seeked}");
    let mut open: Vec<u32> = std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    open.sort();
    // The listing itself and the file opened above are this program's own.
    println!("open files: {:?}", &open[..3]);
    println!("more open files: {}", open.len() - 3 - 2);
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap();
    let stack = limits.lines().find(|line| line.starts_with("Max stack size")).unwrap();
    let words: Vec<&str> = stack.split_whitespace().collect();
    println!("stack limit: {} {}", words[3], words[4]);
}
