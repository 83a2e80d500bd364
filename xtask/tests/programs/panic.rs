// Panics with a message, as a Rust solution does on an index out of bounds.
fn main() {
    let puzzles: Vec<u32> = Vec::new();
    let wanted = std::env::args().count() + 6;
    panic!("puzzle {wanted} is past the end of the list of {}", puzzles.len());
}
