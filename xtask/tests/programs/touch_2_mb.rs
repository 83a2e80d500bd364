// Writes to 2 MiB of memory and ends at once: a program of about a millisecond, as a
// solution on a sample is, whose peak the judge must still see whole.
use std::io::Read;

fn main() {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    let memory = std::hint::black_box(vec![1_u8; 2 << 20]);
    let total: u64 = memory.iter().map(|&byte| u64::from(byte)).sum();
    println!("{total}");
}
