// Writes to N MiB of memory (the first argument), waits M milliseconds (the second, 0 if
// none), and ends: the program of the runner's memory figures, measured against GNU time.
use std::time::Duration;

fn main() {
    let arguments: Vec<u64> = std::env::args().skip(1).map(|word| word.parse().unwrap()).collect();
    let memory = std::hint::black_box(vec![1_u8; (arguments[0] << 20) as usize]);
    std::thread::sleep(Duration::from_millis(arguments.get(1).copied().unwrap_or(0)));
    let total: u64 = memory.iter().map(|&byte| u64::from(byte)).sum();
    println!("{total}");
}
