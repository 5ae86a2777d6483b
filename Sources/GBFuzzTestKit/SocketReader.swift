import Transport

#if canImport(Glibc)
import Glibc
#endif

/// Buffered reading of HTTP/1.1 requests from a blocking socket.
struct SocketReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32) { self.fd = fd }

    /// The next request, or nil when the peer closed the connection or sent something unparsable.
    mutating func readRequest() -> TestHTTPServer.Request? {
        var scanned = 0
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find(buffer, from: max(0, scanned - 3))
            if headEnd != nil { break }
            scanned = buffer.count
            guard fill() else { return nil }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.split(separator: "\r\n").map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
            headers.add(String(line[..<colon]), String(value))
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if headers["expect"]?.lowercased() == "100-continue" {
            let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = interim.withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return TestHTTPServer.Request(
            method: String(requestLine[0]),
            target: String(requestLine[1]),
            headers: headers,
            body: body
        )
    }

    /// Reads and discards until the peer closes.
    mutating func drainUntilClosed() {
        while fill() { buffer.removeAll(keepingCapacity: true) }
    }

    private mutating func fill() -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer.append(contentsOf: chunk[..<n])
            return true
        }
    }

    private static func find(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }
}
