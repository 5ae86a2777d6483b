import Testing

extension Tag {
    /// Asserts wall-clock behaviour (rates, stalls, deadlines, a run's exit code that depends on its
    /// latency). `scripts/test.sh` runs these after everything else, one at a time, so CPU-heavy
    /// tests on a small machine cannot starve them.
    @Tag package static var timing: Self
}
