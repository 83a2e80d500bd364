// Recurses 500,000 calls deep, about 100 bytes of stack each (50 MB in all), then prints
// the sum it computed: far past a stack of 8 MB, within one of 256 MB.
#[inline(never)]
fn depth(level: u64, padding: [u64; 8]) -> u64 {
    if level == 0 {
        return padding.iter().sum();
    }
    let padding = std::hint::black_box([level; 8]);
    depth(level - 1, padding) + std::hint::black_box(padding[3]) % 2
}

fn main() {
    println!("{}", depth(500_000, [0; 8]));
}
