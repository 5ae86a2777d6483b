import Foundation
import Testing

/// Runs Python 3 scripts for cross-checks. A missing `python3` or `hdrh` module is a test failure, not a skip.
enum PythonOracle {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script` with `arguments`, returning its standard output.
    static func run(_ script: String, arguments: [String] = []) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(
                description: "python3 could not be started (install Python 3 and `pip install hdrhistogram`): \(error)"
            )
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited with \(process.terminationStatus): \(errorText)")
        }
        return data
    }
}

/// A scratch directory removed when the test's scope ends.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gbfuzz-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
