#if !FUZZING
import CorpusReplay

/// Without libFuzzer: replays the files and folders given through ``fuzzEntry(_:_:)``.
@main
enum Replay {
    static func main() {
        CorpusReplay.run(CommandLine.arguments.dropFirst(), through: fuzzEntry)
    }
}
#endif
