import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes sure a run can write its results *before* any load is sent: the folder is created (or
/// found empty, or cleared when the user said `--overwrite`) and a probe file is written and
/// removed in it. A run that cannot keep its results does not start.
package enum OutputFolder {
    /// Prepares `directory` for a run's outputs.
    /// - Parameters:
    ///   - overwrite: clear a non-empty folder instead of refusing it.
    /// - Throws: ``OutputError`` (`notEmpty`, `cannotCreate`) naming the path and the reason.
    package static func prepare(_ directory: URL, overwrite: Bool) throws(OutputError) {
        let fm = FileManager.default
        let path = directory.path
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw OutputError(.cannotCreate, path: path, "exists and is not a folder")
            }
            let entries = (try? fm.contentsOfDirectory(atPath: path)) ?? []
            if !entries.isEmpty {
                guard overwrite else {
                    throw OutputError(
                        .notEmpty,
                        path: path,
                        "is not empty (\(entries.count) entries, e.g. \(entries.sorted()[0])); "
                            + "give --overwrite to clear it, or another --out"
                    )
                }
                for entry in entries {
                    do {
                        try fm.removeItem(at: directory.appendingPathComponent(entry))
                    } catch {
                        throw OutputError(
                            .cannotCreate,
                            path: path + "/" + entry,
                            "cannot be removed: \(reason(error))"
                        )
                    }
                }
            }
        } else {
            if let blocker = firstNonFolderAncestor(of: directory) {
                throw OutputError(.cannotCreate, path: path, "cannot be created: \(blocker.path) is not a folder")
            }
            do {
                try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw OutputError(.cannotCreate, path: path, "cannot be created: \(reason(error))")
            }
        }
        try probe(directory)
    }

    /// Writes and removes a small file, so permissions, read-only mounts and full disks show now.
    static func probe(_ directory: URL) throws(OutputError) {
        let file = directory.appendingPathComponent(".gbfuzz-write-probe-\(getpid())")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw OutputError(
                .cannotCreate,
                path: directory.path,
                "is not writable: \(String(cString: strerror(errno)))"
            )
        }
        let bytes: [UInt8] = Array("gbfuzz\n".utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? nil : String(cString: strerror(errno))
        close(fd)
        unlink(file.path)
        if let failure { throw OutputError(.cannotCreate, path: directory.path, "is not writable: \(failure)") }
    }

    /// The nearest ancestor of `url` that exists and is not a folder (a file in the way), if any.
    static func firstNonFolderAncestor(of url: URL) -> URL? {
        var current = url.deletingLastPathComponent()
        while current.path != "/" && !current.path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : current
            }
            current = current.deletingLastPathComponent()
        }
        return nil
    }

    /// A plain reason ("Permission denied"), not a Foundation error dump.
    package static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        switch ns.code {
        case NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteFileExistsError: return "a file is in the way"
        default: return ns.localizedDescription
        }
    }
}
