// Starts `true` and waits for it (so a SIGCHLD comes: a traced program is stopped for it),
// then writes to the number of MiB its argument says, at once, and ends: the peak comes
// after the signal, and is gone within milliseconds.
fn main() {
    std::process::Command::new("true").status().unwrap();
    let megabytes: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let memory = vec![1_u8; megabytes << 20];
    println!("{}", memory.iter().map(|&byte| byte as usize).sum::<usize>());
}
