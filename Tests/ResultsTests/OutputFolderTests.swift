import Foundation
import Results
import Testing

@Suite("Output folder: checked before a run sends anything")
struct OutputFolderTests {
    func temporary(_ tag: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-out-\(tag)-\(UInt32.random(in: 0...UInt32.max))"
        )
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a missing folder is created, with its parents, and left empty")
    func createsMissingFolder() throws {
        let base = temporary("create")
        let folder = base.appendingPathComponent("a/b/run")
        try OutputFolder.prepare(folder, overwrite: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a folder under a file is refused with the path and the file in the way")
    func refusesFolderUnderFile() throws {
        let base = temporary("file")
        let file = base.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: OutputError.self) {
            try OutputFolder.prepare(file.appendingPathComponent("run"), overwrite: false)
        }
        #expect(error?.code == .cannotCreate)
        #expect(error?.description.contains("\(file.path) is not a folder") == true, "\(String(describing: error))")
    }

    @Test("a folder that cannot be created (/proc) is refused with a plain reason, not an error dump")
    func refusesUncreatableFolder() {
        let error = #expect(throws: OutputError.self) {
            try OutputFolder.prepare(
                URL(fileURLWithPath: "/proc/gbfuzz-\(UInt32.random(in: 0...UInt32.max))/run"),
                overwrite: false
            )
        }
        #expect(error?.code == .cannotCreate)
        #expect(error?.description.contains("NSCocoaErrorDomain") == false, "\(String(describing: error))")
    }

    @Test("a reused non-empty folder is refused unless overwrite is given, which clears it")
    func reusedFolder() throws {
        let folder = temporary("reuse")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("violations"),
            withIntermediateDirectories: true
        )
        try Data("{}".utf8).write(to: folder.appendingPathComponent("violations/001.json"))
        let error = #expect(throws: OutputError.self) { try OutputFolder.prepare(folder, overwrite: false) }
        #expect(error?.code == .notEmpty)
        #expect(error?.description.contains("--overwrite") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("violations/001.json").path))
        try OutputFolder.prepare(folder, overwrite: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
