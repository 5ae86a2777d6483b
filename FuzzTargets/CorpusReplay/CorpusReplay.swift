import Foundation

/// The normal (non-fuzzer) build of a fuzz target: replays inputs through its
/// `LLVMFuzzerTestOneInput` without libFuzzer, so a committed corpus runs as a regression check.
/// A fuzzer build (`-DFUZZING`) has no `@main` of its own; libFuzzer supplies `main`.
package enum CorpusReplay {
    /// Feeds every file named in `arguments`, and every file directly inside each directory named,
    /// in name order, through `entry`; prints `replayed N inputs`. Exits 66 when a path cannot be read.
    package static func run(
        _ arguments: some Sequence<String>,
        through entry: (UnsafePointer<UInt8>, Int) -> CInt
    ) {
        var count = 0
        for path in arguments {
            for file in files(path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("replay: cannot read \(file)\n".utf8))
                    exit(66)
                }
                // An empty input still needs a valid pointer; libFuzzer passes one too.
                let bytes = [UInt8](data) + [0]
                _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress!, data.count) }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }

    private static func files(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [path] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter {
            var inner: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &inner) && !inner.boolValue
        }
    }
}
