import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The embedded server's throw-away database: `gbfuzz-server-<pid>-<uuid>.sqlite` in the temporary
/// folder, removed (with its `-wal` and `-shm` files) when the server stops. A process killed before
/// it could remove its own is found by the next server from its name: its pid no longer runs.
enum TemporaryDatabase {
    static let prefix = "gbfuzz-server-"

    static func path() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString).sqlite").path
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Removes the databases of processes that no longer run.
    static func removeOrphans() {
        let folder = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = Int32(rest.prefix { $0 != "-" }), pid > 0, pid != getpid() else { continue }
            // kill(pid, 0): ESRCH means no such process.
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: folder.appendingPathComponent(name).path)
            }
        }
    }
}
