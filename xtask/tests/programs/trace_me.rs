// Asks to be traced by its parent (`PTRACE_TRACEME`), as a program checking for a debugger
// does: that fails where the program is traced already. Prints "traceable" and exits 0
// when it succeeds; says why and exits 1 when it fails. (A test program, compiled alone:
// the workspace's rule against `unsafe` is not its.)
extern "C" {
    fn ptrace(request: i32, pid: i32, address: usize, data: usize) -> i64;
}

fn main() {
    // PTRACE_TRACEME is request 0.
    if unsafe { ptrace(0, 0, 0, 0) } == -1 {
        eprintln!("ptrace(PTRACE_TRACEME): {}", std::io::Error::last_os_error());
        std::process::exit(1);
    }
    println!("traceable");
}
