import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old content or the new, never a torn file: the bytes go
/// to a temporary file in the same directory, which is flushed to disk and then renamed over the target.
package enum AtomicFile {
    /// Writes `data` to `url` atomically, creating intermediate directories.
    /// - Throws: ``OutputError`` (`writeFailed`) naming the file; the temporary file is removed.
    package static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws(OutputError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError(
                .writeFailed,
                path: url.path,
                "cannot create directory \(directory.path): \(OutputFolder.reason(error))"
            )
        }
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(UInt64.random(in: 0...UInt64.max))"
        )
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else {
            throw OutputError(.writeFailed, path: url.path, "cannot create a temporary file: \(errorText())")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "write failed: \(errorText())"
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = "fsync failed: \(errorText())" }
        if close(fd) != 0, failure == nil { failure = "close failed: \(errorText())" }
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = "rename failed: \(errorText())" }
        if let failure {
            unlink(temporary.path)
            throw OutputError(.writeFailed, path: url.path, failure)
        }
        // Make the rename itself durable; failure here does not undo the write.
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    package static func write(_ text: String, to url: URL) throws(OutputError) {
        try write(Data(text.utf8), to: url)
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
