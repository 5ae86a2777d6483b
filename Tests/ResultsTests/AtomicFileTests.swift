import Foundation
import Synchronization
import Testing

@testable import Results

@Suite("atomic writes", .timeLimit(.minutes(1)))
struct AtomicFileTests {
    static func leftovers(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    }

    @Test("writes create the file and its directories, replace old content, and leave no temporary file")
    func writesAndReplaces() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("nested/dir/summary.json")
        try AtomicFile.write("first", to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "first")
        try AtomicFile.write("second, longer", to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second, longer")
        #expect(try Self.leftovers(url.deletingLastPathComponent()).isEmpty)
    }

    @Test("a failed write names the file, keeps the old content and removes its temporary file")
    func failureKeepsOldContent() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("report.html")
        // A directory where the file should go: rename over it fails.
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write("x", to: blocker)
        } throws: { error in
            (error as? OutputError)?.path == blocker.path && (error as? OutputError)?.code == .writeFailed
        }
        #expect(try Self.leftovers(directory.url).isEmpty)
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: blocker.path, isDirectory: &isDirectory) && isDirectory.boolValue
        )
    }

    @Test("a reader running alongside repeated writes only ever sees a complete old or new file")
    func readersNeverSeeTornFiles() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("latency.hlog")
        let a = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        let b = Data(repeating: UInt8(ascii: "b"), count: 1 << 20)
        try AtomicFile.write(a, to: url)
        let done = Atomic<Bool>(false)
        let path = url.path
        let reader = Task.detached { () -> (reads: Int, torn: Int) in
            var reads = 0
            var torn = 0
            while !done.load(ordering: .relaxed) || reads < 20 {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                reads += 1
                if data != a && data != b { torn += 1 }
            }
            return (reads, torn)
        }
        for round in 0..<60 { try AtomicFile.write(round % 2 == 0 ? b : a, to: url) }
        done.store(true, ordering: .relaxed)
        let result = await reader.value
        #expect(result.reads >= 20)
        #expect(result.torn == 0)
        #expect(try Self.leftovers(directory.url).isEmpty)
    }
}
