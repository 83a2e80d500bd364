//! The subcommands of `cargo xtask`, one module each: the binary's own code. Each module
//! holds its subcommand's options (`Arguments`, described for clap) and its `run`, and
//! leaves the work that tests and other subcommands share to the library (`xtask`).

pub mod bench;
pub mod bundle;
pub mod check;
pub mod draw;
pub mod generate;
pub mod new;
pub mod stress;
pub mod trace;
