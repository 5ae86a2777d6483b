import Foundation
import GBFuzzTestKit
import Protocol
import ReferenceServer
import Testing

/// `gbfuzz serve` through the built executable.
@Suite("gbfuzz serve command line", .timeLimit(.minutes(1)))
struct CLITests {
    /// The `gbfuzz` executable next to the test bundle.
    func executable() throws -> URL {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let url = dir.appendingPathComponent("gbfuzz")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "build the gbfuzz product first: \(url.path)"
        )
        return url
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = try executable()
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("--list-bugs prints every bug with its rule id and one line, then exits 0")
    func listBugs() throws {
        let r = try run(["serve", "--list-bugs"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == ServerBug.allCases.count)
        for bug in ServerBug.allCases {
            #expect(lines.contains { $0.hasPrefix("\(bug.rawValue)  \(bug.rule)  ") })
        }
    }

    @Test("an unknown bug name exits 64 with a message naming it")
    func unknownBug() throws {
        let r = try run(["serve", "--bug", "no-such-bug"])
        #expect(r.status == 64)
        #expect(r.err.contains("--bug: unknown bug switch \"no-such-bug\""))
    }

    @Test("a port already in use exits 69 with the address and the reason, not an NIO dump")
    func busyPort() async throws {
        let first = try await ReferenceServer.start(ServerConfiguration())
        let r = try run(["serve", "--port", String(first.port)])
        await first.shutdown()
        #expect(r.status == 69, "\(r.err)")
        #expect(r.err.contains("cannot listen on 127.0.0.1:\(first.port): Address already in use"), "\(r.err)")
        #expect(!r.err.contains("errno"), "\(r.err)")
    }

    @Test("an embedded server that cannot listen fails to start with a clear error instead of hanging")
    func embeddedStartFailure() async throws {
        let first = try await ReferenceServer.start(ServerConfiguration())
        let error = await #expect(throws: ServerStartError.self) {
            _ = try await ReferenceServer.start(ServerConfiguration(port: first.port))
        }
        await first.shutdown()
        #expect(error?.cannotListen == true)
        #expect(error?.message.contains("Address already in use") == true, "\(String(describing: error))")
    }

    @Test("a bad config exits 64 with the file, key and line")
    func badConfig() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gbfuzz-bad-\(UUID()).yaml").path
        try "withdrawal:\n  gracePeriodDays: 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try run(["serve", "--config", path])
        #expect(r.status == 64)
        #expect(r.err.contains("\(path):2: withdrawal.gracePeriodDays: must be 1…30"))
    }

    @Test("serve prints `listening on http://HOST:PORT` first, answers there, and stops on SIGINT")
    func serveFirstLine() async throws {
        let p = Process()
        p.executableURL = try executable()
        p.arguments = ["serve", "--port", "0", "--bug", "forged-idp-token"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "serve exited before printing its first line")
            buffer.append(chunk)
        }
        let line = String(decoding: buffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let prefix = "listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix))
        let port = try #require(Int(line.dropFirst(prefix.count)))
        #expect(port > 0)
        let client = GamebaseClient(
            transport: SharedTransport.curl,
            target: GamebaseTarget(baseURL: "http://127.0.0.1:\(port)")
        )
        #expect(try await client.testBugs().body.bugs == ["forged-idp-token"])
        p.interrupt()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }
}
