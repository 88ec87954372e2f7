use std::process::ExitCode;

fn main() -> ExitCode {
    prune::cli::main()
}
